import { lazy, Suspense } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { signOutAndReload, useSessionStore } from '../shared/session/session-store';
import { setHttpEffectHandlers } from '../shared/http/http-effects';
import { RouteFallback } from '../shared/pages/route-fallback';
import { createMenuRoutePatcher, guardLoader } from './guard-loader';
import { buildMenuRoutes } from './menu-routes';
import { RootFrame } from './root-frame';
import { fixedShellRoutes, standaloneRoutes } from './shell-routes';

export const layoutRouteId = 'layout';

/**
 * The shell (sidebar, navbar, tags, settings) and the antd components only it uses load on the first
 * navigation inside it, after sign-in, so the login page downloads none of them.
 */
const loadMainLayout = async () => ({ Component: (await import('../shell/main-layout')).MainLayout });

/** Said in plain markup when even the error page cannot load (the server gone, or a release replaced the files). */
function CrashedWithoutAssets() {
  return (
    <div className="error-page" role="alert">
      <h1>页面出错了</h1>
      <p>页面加载失败，请刷新后重试</p>
      <a href="./">返回首页</a>
    </div>
  );
}

/** The error page loads with the first error, so the login page does not carry it. */
const CrashedPage = lazy(() =>
  import('../shared/pages/error-page').then(
    ({ ErrorPage }) => ({ default: () => <ErrorPage variant="crashed" /> }),
    () => ({ default: CrashedWithoutAssets }),
  ),
);

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: guardLoader,
    // The guard decides on every navigation, not only when params change.
    shouldRevalidate: () => true,
    element: <RootFrame />,
    HydrateFallback: RouteFallback,
    errorElement: (
      <Suspense fallback={null}>
        <CrashedPage />
      </Suspense>
    ),
    children: [...standaloneRoutes, { id: layoutRouteId, lazy: loadMainLayout, children: fixedShellRoutes }, { path: '*', element: <Navigate to="/404" replace /> }],
  },
];

/** Each router gets its own patcher, so menu routes are added once per router (once per page load). */
export const appRouterOptions = () => ({
  patchRoutesOnNavigation: createMenuRoutePatcher(() => buildMenuRoutes(useSessionStore.getState().menuList), layoutRouteId),
});

/**
 * The first keystroke on the login page starts loading the shell, so it is there by the time the
 * user signs in; the login page itself does not wait for it. Typing on other pages (the drivers'
 * phone pages) loads nothing.
 */
function preloadShellWhileSigningIn(router: ReturnType<typeof createHashRouter>) {
  const onInput = () => {
    if (router.state.location.pathname !== '/login') return;
    document.removeEventListener('input', onInput, true);
    // a failure here is met again, and reported, by the navigation after sign-in
    loadMainLayout().catch(() => undefined);
  };
  document.addEventListener('input', onInput, true);
}

export function createAppRouter() {
  const router = createHashRouter(appRoutes, appRouterOptions());
  preloadShellWhileSigningIn(router);
  setHttpEffectHandlers({
    navigate: (to) => {
      void router.navigate(to);
    },
    signInAgain: signOutAndReload,
  });
  return router;
}
