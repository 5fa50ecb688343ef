import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { signOutAndReload, useSessionStore } from '../shared/session/session-store';
import { setHttpEffectHandlers } from '../shared/http/http-effects';
import { ErrorPage } from '../shared/pages/error-page';
import { RouteFallback } from '../shared/pages/route-fallback';
import { MainLayout } from '../shell/main-layout';
import { createMenuRoutePatcher, guardLoader } from './guard-loader';
import { buildMenuRoutes } from './menu-routes';
import { RootFrame } from './root-frame';
import { fixedShellRoutes, standaloneRoutes } from './shell-routes';

export const layoutRouteId = 'layout';

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: guardLoader,
    // The guard decides on every navigation, not only when params change.
    shouldRevalidate: () => true,
    element: <RootFrame />,
    HydrateFallback: RouteFallback,
    errorElement: <ErrorPage variant="crashed" />,
    children: [...standaloneRoutes, { id: layoutRouteId, element: <MainLayout />, children: fixedShellRoutes }, { path: '*', element: <Navigate to="/404" replace /> }],
  },
];

/** Each router gets its own patcher, so menu routes are added once per router (once per page load). */
export const appRouterOptions = () => ({
  patchRoutesOnNavigation: createMenuRoutePatcher(() => buildMenuRoutes(useSessionStore.getState().menuList), layoutRouteId),
});

export function createAppRouter() {
  const router = createHashRouter(appRoutes, appRouterOptions());
  setHttpEffectHandlers({
    navigate: (to) => {
      void router.navigate(to);
    },
    signInAgain: signOutAndReload,
  });
  return router;
}
