import { scanPagePaths } from '@parking/contract';
import { publicRouteTable } from '../mobile/public-route-table';
import { loginPath, normalisePath } from '../shared/navigation/sign-in-paths';

export { loginPath, redirectAfterSignIn } from '../shared/navigation/sign-in-paths';

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** signed in but user info (roles) not loaded yet: fetch CurrentUser, then allow */
  | { kind: 'load-user' };

export interface AccessRequest {
  pathname: string;
  search: string;
  hasToken: boolean;
  hasRoles: boolean;
}

// React Router matches case-insensitively, so the guard must too.
// the drivers' phone pages, and the pages printed lot, lane and space codes open
const publicPaths = new Set([...publicRouteTable.map((route) => `/${route.path}`), ...Object.values(scanPagePaths)].map((path) => path.toLowerCase()));

export const isPublicPath = (pathname: string): boolean => publicPaths.has(normalisePath(pathname));

export const loginRedirectFor = (pathname: string, search: string): string => `${loginPath}?redirect=${encodeURIComponent(pathname + search)}`;

/** Who may open a path (signed in or not, user info loaded or not), as one decision per navigation. */
export function decideAccess({ pathname, search, hasToken, hasRoles }: AccessRequest): AccessDecision {
  if (normalisePath(pathname) === loginPath) return hasToken ? { kind: 'redirect', to: '/' } : { kind: 'allow' };
  if (!hasToken) return isPublicPath(pathname) ? { kind: 'allow' } : { kind: 'redirect', to: loginRedirectFor(pathname, search) };
  return hasRoles ? { kind: 'allow' } : { kind: 'load-user' };
}
