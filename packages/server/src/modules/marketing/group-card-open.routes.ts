import { groupCardOpenEndpoints as endpoints, groupCardPagePaths } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toHashRoute } from '../../shared/hash-route.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { bindGroupCardPlate, openGroupCard } from './group-card-open.service.js';

export interface GroupCardOpenRoutesOptions {
  secret: string;
}

const tags = ['public'];

/**
 * The group card's phone page, signed out: every call carries the card's signed token and is
 * rate-limited per address, so ids cannot be guessed and tokens cannot be hammered.
 */
export const groupCardOpenRoutes: FastifyPluginAsyncZod<GroupCardOpenRoutesOptions> = async (app, options) => {
  app.route({
    ...routeOf(endpoints.info, { tags, summary: '集团卡扫码：集团、卡号、车牌、适用停车场、有效期、本月剩余次数（无需登录）', public: true, rateLimit: { max: 60, timeWindow: '1 minute' } }),
    handler: async (request) => ok(await openGroupCard(request.db, options.secret, request.query.t, app.now())),
  });

  app.route({
    ...routeOf(endpoints.plates, { tags, summary: '集团卡扫码绑定车牌（集团卡允许车主绑定且未达车牌上限；无需登录）', public: true, rateLimit: { max: 10, timeWindow: '1 minute' } }),
    handler: async (request) =>
      ok(
        await bindGroupCardPlate(request.db, options.secret, request.body.t, request.body.plateNumber, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' }, app.now()),
        '绑定成功',
      ),
  });

  app.get(groupCardPagePaths.scan, { config: { public: true }, schema: { hide: true } }, toHashRoute);
};
