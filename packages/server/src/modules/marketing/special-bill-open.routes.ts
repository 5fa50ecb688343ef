import { envelope, specialBillOpenPaths, specialBillPagePaths, specialBillPublic, specialBillTokenQuery } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toHashRoute } from '../../shared/hash-route.js';
import { openSpecialBill } from './special-bill-open.service.js';

export interface SpecialBillOpenRoutesOptions {
  secret: string;
  /** whether drivers can pay online (PAYMENT_PROVIDER is not none) */
  onlinePay: boolean;
}

const tags = ['public'];
const ok = <T>(data: T, msg = '成功') => ({ code: 200, msg, data });

/**
 * The special bill's phone page, signed out: the call carries the bill's signed token and is
 * rate-limited per address. Paying (POST specialBillOpenPaths.pay) belongs to the payment gateway.
 */
export const specialBillOpenRoutes: FastifyPluginAsyncZod<SpecialBillOpenRoutesOptions> = async (app, options) => {
  app.get(
    specialBillOpenPaths.info,
    {
      config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags, summary: '特殊账单扫码：停车场、车牌、收费项目、金额、状态、创建时间（无需登录）', querystring: specialBillTokenQuery, response: { 200: envelope(specialBillPublic) } },
    },
    async (request) => ok({ ...(await openSpecialBill(request.db, options.secret, request.query.t)), onlinePay: options.onlinePay }),
  );

  app.get(specialBillPagePaths.scan, { config: { public: true }, schema: { hide: true } }, toHashRoute);
};
