import { specialBillOpenEndpoints as endpoints, specialBillPagePaths } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toHashRoute } from '../../shared/hash-route.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { openSpecialBill } from './special-bill-open.service.js';

export interface SpecialBillOpenRoutesOptions {
  secret: string;
  /** whether drivers can pay online (PAYMENT_PROVIDER is not none) */
  onlinePay: boolean;
}

const tags = ['public'];

/**
 * The special bill's phone page, signed out: the call carries the bill's signed token and is
 * rate-limited per address. Paying (POST specialBillOpenPaths.pay) belongs to the payment gateway.
 */
export const specialBillOpenRoutes: FastifyPluginAsyncZod<SpecialBillOpenRoutesOptions> = async (app, options) => {
  app.route({
    ...routeOf(endpoints.info, { tags, summary: '特殊账单扫码：停车场、车牌、收费项目、金额、状态、创建时间（无需登录）', public: true, rateLimit: { max: 60, timeWindow: '1 minute' } }),
    handler: async (request) => ok({ ...(await openSpecialBill(request.db, options.secret, request.query.t, app.now())), onlinePay: options.onlinePay }),
  });

  app.get(specialBillPagePaths.scan, { config: { public: true }, schema: { hide: true } }, toHashRoute);
};
