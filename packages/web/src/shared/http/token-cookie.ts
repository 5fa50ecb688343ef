import Cookies from 'js-cookie';

/** Token key SMART-TOKEN; the cookie lasts 1 day only with remember-me. */
export const tokenCookieName = 'SMART-TOKEN';
export const tokenCookieDays = 1;

export interface CookieAttributes {
  path: string;
  sameSite: 'lax';
  expires?: number;
}

/** Without remember-me the cookie has no expiry, so it dies with the browser session. */
export const tokenCookieAttributes = (rememberMe: boolean): CookieAttributes => (rememberMe ? { path: '/', sameSite: 'lax', expires: tokenCookieDays } : { path: '/', sameSite: 'lax' });

export const getToken = (): string | null => Cookies.get(tokenCookieName) || null;

export const setToken = (token: string, rememberMe: boolean): void => {
  Cookies.set(tokenCookieName, token, tokenCookieAttributes(rememberMe));
};

export const removeToken = (): void => {
  Cookies.remove(tokenCookieName, { path: '/' });
};
