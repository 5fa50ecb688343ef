import { redirect, type LoaderFunctionArgs, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { signOutAndReload, useSessionStore } from '../shared/session/session-store';
import { getToken } from '../shared/http/token-cookie';
import { syncAccountFromLocation } from '../shared/tenant/account-cookie';
import { decideAccess } from './route-guard';

/** Runs before every navigation (the root route always revalidates). */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  // the real query, and the login page's own query: a page's filters (a search by 账号) are not a tenant
  syncAccountFromLocation({ search: window.location.search, hash: `#${url.pathname}${url.search}` });
  const session = useSessionStore.getState();
  const decision = decideAccess({
    pathname: url.pathname,
    search: url.search,
    hasToken: getToken() !== null,
    hasRoles: session.roles.length > 0,
  });
  if (decision.kind === 'redirect') throw redirect(decision.to);
  if (decision.kind === 'load-user') {
    try {
      await session.loadCurrentUser();
    } catch {
      // user info fetch fails → log out and reload.
      await signOutAndReload();
    }
  }
  return null;
}

/** Menu routes join the layout once, on the first navigation that needs them, after CurrentUser. */
export function createMenuRoutePatcher(buildRoutes: () => RouteObject[], layoutRouteId: string): PatchRoutesOnNavigationFunction {
  let patched = false;
  return async ({ patch }) => {
    if (patched || getToken() === null) return;
    const session = useSessionStore.getState();
    if (session.roles.length === 0) {
      try {
        await session.loadCurrentUser();
      } catch {
        return; // the guard loader runs next and handles the failure
      }
    }
    patch(layoutRouteId, buildRoutes());
    patched = true;
  };
}
