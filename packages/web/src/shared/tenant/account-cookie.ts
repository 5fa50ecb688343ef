import Cookies from 'js-cookie';

export const accountCookieName = 'account';
export const defaultAccount = 'demo';

const accountPattern = /^[A-Za-z0-9_-]{1,32}$/;

/** `?account=` may sit in the real query or in the hash's query (`#/login?account=mw`). */
export function accountFromLocation(location: Pick<Location, 'search' | 'hash'>): string | null {
  const hashQuery = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?')) : '';
  for (const query of [location.search, hashQuery]) {
    const value = new URLSearchParams(query).get('account')?.trim();
    if (value && accountPattern.test(value)) return value;
  }
  return null;
}

export const readAccount = (): string => {
  const value = Cookies.get(accountCookieName);
  return value && accountPattern.test(value) ? value : defaultAccount;
};

/** Sets the tenant cookie from the URL when one is given there; returns the tenant in force. */
export function syncAccountFromLocation(location: Pick<Location, 'search' | 'hash'> = window.location): string {
  const fromUrl = accountFromLocation(location);
  if (fromUrl && fromUrl !== Cookies.get(accountCookieName)) {
    Cookies.set(accountCookieName, fromUrl, { path: '/', expires: 365, sameSite: 'lax' });
  }
  return fromUrl ?? readAccount();
}
