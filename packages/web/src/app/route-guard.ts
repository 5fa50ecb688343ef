import { scanPagePaths } from '@parking/contract';
import { publicRouteTable } from '../mobile/public-route-table';

export const loginPath = '/login';

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

const normalisePath = (pathname: string): string => {
  const trimmed = pathname.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
};

export const isPublicPath = (pathname: string): boolean => publicPaths.has(normalisePath(pathname));

export const loginRedirectFor = (pathname: string, search: string): string => `${loginPath}?redirect=${encodeURIComponent(pathname + search)}`;

/** Who may open a path (signed in or not, user info loaded or not), as one decision per navigation. */
export function decideAccess({ pathname, search, hasToken, hasRoles }: AccessRequest): AccessDecision {
  if (normalisePath(pathname) === loginPath) return hasToken ? { kind: 'redirect', to: '/' } : { kind: 'allow' };
  if (!hasToken) return isPublicPath(pathname) ? { kind: 'allow' } : { kind: 'redirect', to: loginRedirectFor(pathname, search) };
  return hasRoles ? { kind: 'allow' } : { kind: 'load-user' };
}

/** Where to go after sign-in: only an in-app path, never back to the login page or off-site. */
export function redirectAfterSignIn(redirect: string | null): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return '/';
  const pathname = redirect.split(/[?#]/)[0] ?? '/';
  return normalisePath(pathname) === loginPath ? '/' : redirect;
}
