import { deviceIngestionEndpoints as endpoints, devicePublicPaths } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { keepRawJsonBody, signedCallOf } from './device-signed-call.js';
import { recordHeartbeat, pullScreenMessages, verifyDeviceCall } from './device-ingestion.service.js';

const tags = ['device-ingestion'];

/**
 * The device ingestion API: no user session, each call signed with the device's secret
 * (contract devices/device-ingestion.schema.ts says how). Not a fastify-plugin, so the raw-body
 * parser stays inside these routes.
 */
export const deviceIngestionRoutes: FastifyPluginAsyncZod = async (app) => {
  keepRawJsonBody(app);
  app.route({
    ...routeOf(endpoints.heartbeat, { tags, summary: '设备心跳（签名见 X-Signature；拒绝时 HTTP 401）', public: true }),
    handler: async (request) => {
      const call = signedCallOf(request, devicePublicPaths.heartbeat, app.now());
      const row = await verifyDeviceCall(app.db, call, request.log);
      return ok(await recordHeartbeat(app.db, row, request.body, call.now));
    },
  });

  app.route({
    ...routeOf(endpoints.screenPull, { tags, summary: '显示屏取待显示内容（签名同心跳；取走即为已送达）', public: true }),
    handler: async (request) => {
      const call = signedCallOf(request, devicePublicPaths.screenPull, app.now());
      const row = await verifyDeviceCall(app.db, call, request.log);
      return ok(await pullScreenMessages(app.db, row, call.now));
    },
  });
};
