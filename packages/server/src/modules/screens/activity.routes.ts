import { activityEndpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { activityStats } from './activity.service.js';

/**
 * 停车统计 at /activity, signed out: public facts of one tenant's lots, rate-limited per
 * address. `?tenant=` names the tenant, otherwise the account cookie does, as for branding.
 */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(activityEndpoints.open, {
      tags: ['public'],
      summary: '停车统计：各停车场空闲泊位、占用率与近24小时入场车次（无需登录）',
      public: true,
      rateLimit: { max: 60, timeWindow: '1 minute' },
    }),
    handler: async (request) => ok(await activityStats(request.db, request.query.tenant ?? request.accountCode, app.now())),
  });
};
