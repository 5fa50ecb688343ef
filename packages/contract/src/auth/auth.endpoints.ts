import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { aconfigInput, aconfigResult, accountCode, branding, brandingQuery, captchaResult, currentUser, loginInput, loginResult, smsCodeInput, smsCodeResult } from './auth.schema.js';
import { authPaths } from './auth.routes.js';

const accountParams = z.object({ account: accountCode });

export const authEndpoints = {
  /** form-encoded or JSON */
  login: endpoint({ method: 'POST', path: authPaths.login, body: loginInput, answer: loginResult }),
  currentUser: endpoint({ method: 'GET', path: authPaths.currentUser, answer: currentUser }),
  logout: endpoint({ method: 'GET', path: authPaths.logout, answer: z.null() }),
  /** `?account=` is read by the tenancy hook, as on any URL; declared so the console may send it */
  captcha: endpoint({ method: 'POST', path: authPaths.captcha, query: z.object({ account: z.string().optional() }), answer: captchaResult }),
  aconfig: endpoint({ method: 'POST', path: authPaths.aconfig, params: accountParams, body: aconfigInput, answer: aconfigResult }),
  smsCode: endpoint({ method: 'POST', path: authPaths.smsCode, params: accountParams, body: smsCodeInput, answer: smsCodeResult }),
  branding: endpoint({ method: 'GET', path: authPaths.branding, query: brandingQuery, answer: branding }),
};
