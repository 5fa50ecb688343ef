import { authEndpoints, type CaptchaResult, type LoginInput, type LoginResult } from '@parking/contract';
import { md5Hex } from '../../shared/crypto/md5';
import { call } from '../../shared/http/call';

export interface SignInForm {
  account: string;
  /** as typed; hashed here so it never leaves the browser in clear */
  password: string;
  rememberMe: boolean;
  tenant: string;
  captcha?: { key: string; answer: string };
}

/** The login form's fields, every one a string since they go form-encoded. */
export function signInFields(form: SignInForm): LoginInput & Record<string, string> {
  const fields: LoginInput & Record<string, string> = {
    account: form.account.trim(),
    password: md5Hex(form.password),
    rememberMe: form.rememberMe ? 'true' : 'false',
    tenant: form.tenant,
  };
  if (form.captcha) {
    fields.code = form.captcha.answer.trim();
    fields.timestamp = form.captcha.key;
  }
  return fields;
}

export const signIn = (form: SignInForm): Promise<LoginResult> => call(authEndpoints.login, { body: signInFields(form), form: true, silent: true });

export const fetchCaptcha = (account: string): Promise<CaptchaResult> => call(authEndpoints.captcha, { query: { account }, silent: true });
