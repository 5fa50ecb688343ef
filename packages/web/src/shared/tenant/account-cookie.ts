import Cookies from 'js-cookie';

export const accountCookieName = 'account';
export const defaultAccount = 'demo';

const accountPattern = /^[A-Za-z0-9_-]{1,32}$/;

const loginHash = /^#\/login(\?|$)/;

/**
 * The tenant a sign-in address names: `?account=` in the real query (`/?account=mw#/login`) or in
 * the login page's own query (`#/login?account=mw`). Nowhere else: the pages' filters live in the
 * hash's query too, and a search by 账号 on 用户 must never switch the tenant.
 */
export function accountFromLocation(location: Pick<Location, 'search' | 'hash'>): string | null {
  const hashQuery = loginHash.test(location.hash) && location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?')) : '';
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

/** A tenant code as the sign-in address takes it, or null (the login page's 切换租户 checks with it). */
export const validAccount = (code: string): string | null => {
  const value = code.trim();
  return accountPattern.test(value) ? value : null;
};

/** Makes `code` the tenant of the next sign-in. */
export function switchAccount(code: string): void {
  Cookies.set(accountCookieName, code, { path: '/', expires: 365, sameSite: 'lax' });
}

/** Takes `?account=` out of the address, so the tenant chosen on the login page is not overruled by it. */
export function forgetAccountInAddress(location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location, history: Pick<History, 'replaceState' | 'state'> = window.history): void {
  const search = new URLSearchParams(location.search);
  const hashAt = location.hash.indexOf('?');
  const hashQuery = new URLSearchParams(hashAt >= 0 ? location.hash.slice(hashAt) : '');
  if (!search.has('account') && !hashQuery.has('account')) return;
  search.delete('account');
  hashQuery.delete('account');
  const query = (params: URLSearchParams) => (params.size > 0 ? `?${params.toString()}` : '');
  const hashPath = hashAt >= 0 ? location.hash.slice(0, hashAt) : location.hash;
  history.replaceState(history.state, '', `${location.pathname}${query(search)}${hashPath}${query(hashQuery)}`);
}

/** Sets the tenant cookie from the URL when one is given there; returns the tenant in force. */
export function syncAccountFromLocation(location: Pick<Location, 'search' | 'hash'> = window.location): string {
  const fromUrl = accountFromLocation(location);
  if (fromUrl && fromUrl !== Cookies.get(accountCookieName)) switchAccount(fromUrl);
  return fromUrl ?? readAccount();
}
