import {
  aconfigInput,
  aconfigResult,
  accountCode,
  authPaths,
  branding as brandingSchema,
  brandingQuery,
  captchaResult,
  currentUser as currentUserSchema,
  envelope,
  loginInput,
  loginResult,
  smsCodeInput,
  smsCodeResult,
} from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { recordOperation } from '../system/operation-log.service.js';
import { activeTenant, branding, currentUser, login, sendSmsCode, type AuthDeps } from './auth.service.js';
import { issueCaptcha } from './captcha.js';
import { revokeSession } from './session.repository.js';
import { authenticate } from './session.service.js';
import { tokenFromHeader } from './tokens.js';

const ok = <T>(data: T, msg = '成功') => ({ code: 200, msg, data });
const tags = ['auth'];
const accountParams = z.object({ account: accountCode });

export const authRoutes: FastifyPluginAsyncZod<{ deps: Omit<AuthDeps, 'db'>; loginRateLimit: number }> = async (
  app,
  options,
) => {
  const deps: AuthDeps = { db: app.db, ...options.deps };

  app.post(
    authPaths.login,
    {
      config: {
        public: true,
        rateLimit: { max: options.loginRateLimit, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary: '登录',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: loginInput,
        response: { 200: envelope(loginResult) },
      },
    },
    async (request) => {
      const result = await login(deps, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        accountCode: request.accountCode,
      });
      return ok(result, '登录成功');
    },
  );

  app.get(
    authPaths.currentUser,
    { config: { permission: anySignedIn }, schema: { tags, summary: '当前用户信息与菜单', response: { 200: envelope(currentUserSchema) } } },
    async (request) => ok(await currentUser(request.db, requireAuth(request))),
  );

  // public on purpose: logging out must clear the client even when the token is already dead
  app.get(
    authPaths.logout,
    { config: { public: true }, schema: { tags, summary: '退出登录', response: { 200: envelope(z.null()) } } },
    async (request) => {
      const token = tokenFromHeader(request.headers.authorization);
      const auth = await authenticate(app.db, token).catch(() => undefined);
      if (auth) {
        await revokeSession(app.db, auth.sessionId, 'logout');
        const actor = { ...auth, ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
        await recordOperation(app.db, actor, { module: 'auth', action: 'logout', target: 'session', targetId: auth.sessionId, summary: '退出登录' });
      }
      return ok(null, '已退出登录');
    },
  );

  app.post(
    authPaths.captcha,
    {
      config: { public: true, rateLimit: { max: options.loginRateLimit, timeWindow: '1 minute' } },
      schema: { tags, summary: '图形验证码', response: { 200: envelope(captchaResult) } },
    },
    async () => ok(await issueCaptcha(app.db, deps.drawCaptcha)),
  );

  app.post(
    authPaths.aconfig,
    {
      config: { public: true },
      schema: {
        tags,
        summary: '登录配置项（是否开启短信验证码）',
        params: accountParams,
        body: aconfigInput,
        response: { 200: envelope(aconfigResult) },
      },
    },
    async (request) => {
      const tenant = await activeTenant(app.db, request.params.account);
      return ok({ fkey: request.body.fkey, value: tenant.smsCaptchaOpen });
    },
  );

  app.post(
    authPaths.smsCode,
    {
      config: { public: true, rateLimit: { max: options.loginRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: '发送短信登录验证码',
        params: accountParams,
        body: smsCodeInput,
        response: { 200: envelope(smsCodeResult) },
      },
    },
    async (request) => ok(await sendSmsCode(deps, request.params.account, request.body.username), '验证码已发送'),
  );

  app.get(
    authPaths.branding,
    {
      config: { public: true },
      schema: { tags, summary: '租户品牌信息', querystring: brandingQuery, response: { 200: envelope(brandingSchema) } },
    },
    async (request) => ok(await branding(app.db, request.query.account ?? request.accountCode)),
  );
};
