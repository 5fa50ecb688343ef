import { parkingCounterEndpoints as endpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { parkingCounters as countersOf } from './parking-counter.service.js';

/** GET /api/system/Parking/{tenantId}/counter: live space counters per lot, for dashboards. */
export const parkingCounterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    // big screens of every user read it; lot names reach every user of the tenant already (the parking list call)
    ...routeOf(endpoints.counter, { tags: ['parking'], summary: '各停车场实时车位统计（总数、空闲、占用、故障、长租）；只能查看本租户', permission: anySignedIn }),
    handler: async (request) => ok(await countersOf(request.db, requireAuth(request), request.params.tenantId)),
  });
};
