import { envelope, parkingCounterParams, parkingCounterPaths, parkingCounters } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { parkingCounters as countersOf } from './parking-counter.service.js';

/** GET /api/system/Parking/{tenantId}/counter: live space counters per lot, for dashboards. */
export const parkingCounterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    parkingCounterPaths.counter,
    {
      // big screens of every user read it; lot names reach every user of the tenant already (the parking list call)
      config: { permission: anySignedIn },
      schema: {
        tags: ['parking'],
        summary: '各停车场实时车位统计（总数、空闲、占用、故障、长租）；只能查看本租户',
        params: parkingCounterParams,
        response: { 200: envelope(parkingCounters) },
      },
    },
    async (request) => ({ code: 200, msg: '成功', data: await countersOf(request.db, requireAuth(request), request.params.tenantId) }),
  );
};
