import { authEndpoints as endpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { recordOperation } from '../system/index.js';
import { activeTenant, branding, currentUser, login, sendSmsCode, type AuthDeps } from './auth.service.js';
import { issueCaptcha } from './captcha.js';
import { revokeSession } from './session.repository.js';
import { authenticate } from './session.service.js';
import { tokenFromHeader } from './tokens.js';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<{ deps: Omit<AuthDeps, 'db'>; loginRateLimit: number }> = async (app, options) => {
  const deps: AuthDeps = { db: app.db, ...options.deps };

  app.route({
    ...routeOf(endpoints.login, {
      tags,
      summary: '登录',
      consumes: ['application/x-www-form-urlencoded', 'application/json'],
      public: true,
      rateLimit: { max: options.loginRateLimit, timeWindow: '1 minute' },
    }),
    handler: async (request) => {
      const result = await login(
        deps,
        request.body,
        {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
          accountCode: request.accountCode,
        },
        app.now(),
      );
      return ok(result, '登录成功');
    },
  });

  app.route({
    ...routeOf(endpoints.currentUser, { tags, summary: '当前用户信息与菜单', permission: anySignedIn }),
    handler: async (request) => ok(await currentUser(request.db, requireAuth(request))),
  });

  // public on purpose: logging out must clear the client even when the token is already dead
  app.route({
    ...routeOf(endpoints.logout, { tags, summary: '退出登录', public: true }),
    handler: async (request) => {
      const token = tokenFromHeader(request.headers.authorization);
      const auth = await authenticate(app.db, token, app.now()).catch(() => undefined);
      if (auth) {
        await revokeSession(app.db, auth.sessionId, 'logout');
        const actor = { ...auth, ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
        await recordOperation(app.db, actor, { module: 'auth', action: 'logout', target: 'session', targetId: auth.sessionId, summary: '退出登录' });
      }
      return ok(null, '已退出登录');
    },
  });

  app.route({
    ...routeOf(endpoints.captcha, { tags, summary: '图形验证码', public: true, rateLimit: { max: options.loginRateLimit, timeWindow: '1 minute' } }),
    handler: async () => ok(await issueCaptcha(app.db, deps.drawCaptcha, app.now())),
  });

  app.route({
    ...routeOf(endpoints.aconfig, { tags, summary: '登录配置项（是否开启短信验证码）', public: true }),
    handler: async (request) => {
      const tenant = await activeTenant(app.db, request.params.account);
      return ok({ fkey: request.body.fkey, value: tenant.smsCaptchaOpen });
    },
  });

  app.route({
    ...routeOf(endpoints.smsCode, { tags, summary: '发送短信登录验证码', public: true, rateLimit: { max: options.loginRateLimit, timeWindow: '1 minute' } }),
    handler: async (request) => ok(await sendSmsCode(deps, request.params.account, request.body.username, app.now()), '验证码已发送'),
  });

  app.route({
    ...routeOf(endpoints.branding, { tags, summary: '租户品牌信息', public: true }),
    handler: async (request) => ok(await branding(app.db, request.query.account ?? request.accountCode)),
  });
};
