export const loginPath = '/login';

/** A path as routes match it: no trailing slash, any case (React Router matches case-insensitively). */
export const normalisePath = (pathname: string): string => {
  const trimmed = pathname.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
};

/** Where to go after sign-in: only an in-app path, never back to the login page or off-site. */
export function redirectAfterSignIn(redirect: string | null): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return '/';
  const pathname = redirect.split(/[?#]/)[0] ?? '/';
  return normalisePath(pathname) === loginPath ? '/' : redirect;
}
