import { merchantOpenEndpoints as endpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import type { FindOpenStay } from './coupon.service.js';
import { merchantStay, type FindStay } from './merchant-stay.js';
import { asMerchant, merchantCoupons, merchantIssue, merchantProfile, merchantReport, merchantRevoke, merchantSignIn, merchantSignOut, merchantTokenOf } from './merchant-session.js';

const tags = ['public'];

export interface MerchantOpenRoutesOptions {
  /** sign-ins tried per address and minute, as staff sign-in allows */
  signInRateLimit: number;
  findOpenStay: FindOpenStay;
  /** signs and reads the drivers' 商户优惠码 (stay tokens); the same key as the QR codes' scan tokens */
  secret: string;
  findStay: FindStay;
}

/**
 * The merchant's phone page under /api/open/merchant: 登录 open to anyone (rate-limited); everything
 * else only with the merchant's own token, for that merchant's own coupons.
 */
export const merchantOpenRoutes: FastifyPluginAsyncZod<MerchantOpenRoutesOptions> = async (app, options) => {
  const limited = { public: true, rateLimit: { max: options.signInRateLimit, timeWindow: '1 minute' } } as const;
  const own = { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } } as const;
  const originOf = (request: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

  app.route({
    ...routeOf(endpoints.signIn, { tags, summary: '商户登录：运营方创建的账号与密码（MD5）', ...limited }),
    handler: async (request) => ok(await merchantSignIn(app.db, request.accountCode, request.body, originOf(request), app.now()), '登录成功'),
  });

  app.route({
    ...routeOf(endpoints.signOut, { tags, summary: '商户退出登录', ...own }),
    handler: async (request) => {
      await merchantSignOut(app.db, merchantTokenOf(request.headers), app.now());
      return ok(null, '已退出登录');
    },
  });

  app.route({
    ...routeOf(endpoints.me, { tags, summary: '商户：余额、发券上限与可发的券', ...own }),
    handler: async (request) => ok(await asMerchant(app.db, request, app.now(), (tx, merchant) => merchantProfile(tx, merchant, app.now()))),
  });

  app.route({
    ...routeOf(endpoints.coupons, { tags, summary: '商户：已发的券', ...own }),
    handler: async (request) => ok(await asMerchant(app.db, request, app.now(), (tx, merchant) => merchantCoupons(tx, merchant, request.query, app.now()))),
  });

  app.route({
    ...routeOf(endpoints.report, { tags, summary: '商户：本商户某月每日发券与使用，后付商户另有当月应结算金额', ...own }),
    handler: async (request) => ok(await asMerchant(app.db, request, app.now(), (tx, merchant) => merchantReport(tx, merchant, request.query.month, app.now()))),
  });

  app.route({
    ...routeOf(endpoints.stay, { tags, summary: '商户扫码：车主出示的商户优惠码所指在场车辆（车牌、停车场、入场时间）', ...own }),
    handler: async (request) => {
      const now = app.now();
      return ok(await asMerchant(app.db, request, now, (tx, merchant) => merchantStay(tx, merchant, options.secret, request.query.stay, now, options.findStay)));
    },
  });

  app.route({
    ...routeOf(endpoints.issue, { tags, summary: '商户发券（依次检查：商户启用、余额或透支额度、券种启用、发券上限、车辆在场）', ...own }),
    handler: async (request) => {
      const now = app.now();
      return ok(await asMerchant(app.db, request, now, (tx, merchant) => merchantIssue(tx, merchant, request.body, originOf(request), now, options.findOpenStay)), '发券成功');
    },
  });

  app.route({
    ...routeOf(endpoints.revoke, { tags, summary: '商户作废未使用的券（预付商户退回结算价）', ...own }),
    handler: async (request) => {
      const now = app.now();
      return ok(await asMerchant(app.db, request, now, (tx, merchant) => merchantRevoke(tx, merchant, request.params.id, request.body.reason, originOf(request), now)), '作废成功');
    },
  });
};
