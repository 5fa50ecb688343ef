import {
  authPaths,
  currentUser as currentUserSchema,
  type CaptchaResult,
  type CurrentUser,
  type LoginResult,
} from '@parking/contract';
import { md5Hex } from '../../shared/crypto/md5';
import { postForm, requestData } from '../../shared/http/http-client';

export interface SignInForm {
  account: string;
  /** as typed; hashed here so it never leaves the browser in clear */
  password: string;
  rememberMe: boolean;
  tenant: string;
  captcha?: { key: string; answer: string };
}

export function signInFields(form: SignInForm): Record<string, string> {
  const fields: Record<string, string> = {
    account: form.account.trim(),
    password: md5Hex(form.password),
    rememberMe: String(form.rememberMe),
    tenant: form.tenant,
  };
  if (form.captcha) {
    fields.code = form.captcha.answer.trim();
    fields.timestamp = form.captcha.key;
  }
  return fields;
}

export const signIn = (form: SignInForm): Promise<LoginResult> =>
  postForm<LoginResult>(authPaths.login, signInFields(form), { silent: true });

export const fetchCaptcha = (account: string): Promise<CaptchaResult> =>
  requestData<CaptchaResult>({ method: 'POST', url: authPaths.captcha, params: { account }, silent: true });

/** Silent: a failure here logs out and reloads (spec §8); parsed so a drifted answer fails here, not in the menu code. */
export async function fetchCurrentUser(): Promise<CurrentUser> {
  return currentUserSchema.parse(await requestData<unknown>({ method: 'GET', url: authPaths.currentUser, silent: true }));
}

export const signOutOnServer = (): Promise<unknown> =>
  requestData<unknown>({ method: 'GET', url: authPaths.logout, silent: true });
