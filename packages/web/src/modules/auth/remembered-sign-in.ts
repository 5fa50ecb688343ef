import Cookies from 'js-cookie';

/** Remember-me keeps the sign-in for 1 day; only the account name is kept, never the password. */
export const rememberedAccountCookieName = 'username';
export const rememberMeCookieName = 'rememberMe';
export const passCookieDays = 1;

export interface RememberedSignIn {
  account: string;
  rememberMe: boolean;
}

export const readRememberedSignIn = (): RememberedSignIn => ({
  account: Cookies.get(rememberedAccountCookieName) ?? '',
  rememberMe: Cookies.get(rememberMeCookieName) === 'true',
});

export const rememberSignIn = (account: string, rememberMe: boolean): void => {
  if (rememberMe) {
    const attributes = { path: '/', sameSite: 'lax', expires: passCookieDays } as const;
    Cookies.set(rememberedAccountCookieName, account, attributes);
    Cookies.set(rememberMeCookieName, 'true', attributes);
  } else {
    Cookies.remove(rememberedAccountCookieName, { path: '/' });
    Cookies.remove(rememberMeCookieName, { path: '/' });
  }
};
