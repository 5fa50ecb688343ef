import { envelope, laneCommandPullInput, laneCommandPullPath, laneCommandPullResult } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verifyDeviceCall } from './device-ingestion.service.js';
import { keepRawJsonBody, signatureHeaders, signedCallOf } from './device-signed-call.js';
import { pullLaneCommands } from './lane-command.service.js';

const ok = <T>(data: T, msg = '成功') => ({ code: 200, msg, data });

/** A lane's barrier or camera takes its waiting commands (抬杆 after a phone payment). Not a fastify-plugin: the raw-body parser stays inside. */
export const laneCommandRoutes: FastifyPluginAsyncZod = async (app) => {
  keepRawJsonBody(app);
  app.post(
    laneCommandPullPath,
    {
      config: { public: true },
      schema: {
        tags: ['device-ingestion'],
        summary: '车道道闸/相机取待执行指令（如支付后抬杆；签名同心跳；取走即为已送达）',
        headers: signatureHeaders,
        body: laneCommandPullInput,
        response: { 200: envelope(laneCommandPullResult) },
      },
    },
    async (request) => {
      const call = signedCallOf(request, laneCommandPullPath);
      const row = await verifyDeviceCall(app.db, call, request.log);
      return ok(await pullLaneCommands(app.db, row, call.now));
    },
  );
};
