import { deviceIngestionEndpoints as endpoints, laneCommandPullPath } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { verifyDeviceCall } from './device-ingestion.service.js';
import { keepRawJsonBody, signedCallOf } from './device-signed-call.js';
import { pullLaneCommands } from './lane-command.service.js';

/** A lane's barrier or camera takes its waiting commands (抬杆 after a phone payment). Not a fastify-plugin: the raw-body parser stays inside. */
export const laneCommandRoutes: FastifyPluginAsyncZod = async (app) => {
  keepRawJsonBody(app);
  app.route({
    ...routeOf(endpoints.laneCommandPull, { tags: ['device-ingestion'], summary: '车道道闸/相机取待执行指令（如支付后抬杆；签名同心跳；取走即为已送达）', public: true }),
    handler: async (request) => {
      const call = signedCallOf(request, laneCommandPullPath, app.now());
      const row = await verifyDeviceCall(app.db, call, request.log);
      return ok(await pullLaneCommands(app.db, row, call.now));
    },
  });
};
