import { vehicleEventEndpoints as endpoints, vehicleEventPath } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { authenticateDeviceCall, keepRawJsonBody, nonceOf, refuseReplay, signedCallOf } from '../devices/index.js';
import { createVehicleEventBatcher } from './vehicle-event.batcher.js';

const tags = ['device-ingestion'];
/** a 2 MB photo in base64 plus the event around it */
const eventBodyLimit = 3 * 1024 * 1024;

/** Lane cameras, sensors, video poles and PDAs report vehicles here, signed like the heartbeat. Not a fastify-plugin: the raw-body parser stays inside. */
export const vehicleEventRoutes: FastifyPluginAsyncZod = async (app) => {
  keepRawJsonBody(app);
  // events arriving together are applied together, a commit per batch; each is answered after its batch commits
  const batcher = createVehicleEventBatcher(app.db, app.config.dataDir);
  app.route({
    ...routeOf(endpoints.report, { tags, summary: '车辆事件上报：车道入场/出场、泊位占用/释放（签名同心跳；同一设备事件编号重发不重复处理）', public: true }),
    bodyLimit: eventBodyLimit,
    handler: async (request) => {
      const call = signedCallOf(request, vehicleEventPath, app.now());
      const row = await authenticateDeviceCall(app.db, call, request.log);
      // the nonce is claimed in the event's own transaction: one commit per event, not two
      // an event dated past call.now is refused (400): a device resending it is told to stop, not crashed on
      const outcome = await batcher.receive({ device: row.device, event: request.body, nonce: nonceOf(row, call), receivedAt: call.now });
      if ('replayed' in outcome) throw await refuseReplay(app.db, row, call, request.log);
      if ('error' in outcome) throw outcome.error;
      // committed with its batch: the tenant's open screens see the car come or go
      const { result } = outcome;
      if (!result.duplicate && result.recordId) {
        const kind = request.body.kind === 'lane_entry' || request.body.kind === 'space_occupied' ? 'entry' : 'exit';
        app.liveEvents.publish({ tenantId: row.device.tenantId, kind, plateNumber: request.body.plate ?? '', lotId: row.device.lotId, at: request.body.occurredAt });
      }
      return ok(result);
    },
  });
};
