import { activityPaths, activityQuery, activityStats as activityStatsSchema, envelope } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityStats } from './activity.service.js';

const tags = ['public'];

/**
 * 停车统计 (spec §2 /activity), signed out: public facts of one tenant's lots, rate-limited per
 * address. `?tenant=` names the tenant, otherwise the account cookie does, as for branding.
 */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    activityPaths.open,
    {
      config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags, summary: '停车统计：各停车场空闲泊位、占用率与近24小时入场车次（无需登录）', querystring: activityQuery, response: { 200: envelope(activityStatsSchema) } },
    },
    async (request) => ({ code: 200, msg: '成功', data: await activityStats(request.db, request.query.tenant ?? request.accountCode) }),
  );
};
