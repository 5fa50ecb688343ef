import {
  deviceSignatureHeader,
  devicePublicPaths,
  envelope,
  heartbeatInput,
  heartbeatResult,
  screenPullInput,
  screenPullResult,
} from '@parking/contract';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordHeartbeat, pullScreenMessages, verifyDeviceCall } from './device-ingestion.service.js';

const tags = ['device-ingestion'];
const ok = <T>(data: T, msg = '成功') => ({ code: 200, msg, data });
// a missing or malformed signature is refused like a wrong one (401), not as bad input
const signatureHeaders = z.looseObject({
  [deviceSignatureHeader]: z.string().max(256).optional().describe('十六进制 HMAC-SHA256(设备密钥, 规范串)'),
});

/**
 * The device ingestion API: no user session, each call signed with the device's secret
 * (contract devices/device-ingestion.schema.ts says how). Not a fastify-plugin, so the raw-body
 * parser below stays inside these routes.
 */
export const deviceIngestionRoutes: FastifyPluginAsyncZod = async (app) => {
  // the signature covers the body's bytes, so keep them as sent alongside the parsed object
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    request.rawBody = text;
    try {
      done(null, text === '' ? undefined : JSON.parse(text));
    } catch {
      const error = new Error('请求体不是合法的 JSON') as FastifyError;
      Object.assign(error, { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
      done(error, undefined);
    }
  });

  const callOf = <T>(request: { url: string; body: T; rawBody?: string; headers: Record<string, unknown>; ip: string }, path: string) => {
    const signature = request.headers[deviceSignatureHeader];
    return {
      path,
      input: request.body,
      rawBody: request.rawBody ?? '',
      signature: typeof signature === 'string' ? signature : undefined,
      ip: request.ip,
      now: new Date(),
    };
  };

  app.post(
    devicePublicPaths.heartbeat,
    {
      config: { public: true },
      schema: {
        tags,
        summary: '设备心跳（签名见 X-Signature；拒绝时 HTTP 401）',
        headers: signatureHeaders,
        body: heartbeatInput,
        response: { 200: envelope(heartbeatResult) },
      },
    },
    async (request) => {
      const call = callOf(request, devicePublicPaths.heartbeat);
      const row = await verifyDeviceCall(app.db, call, request.log);
      return ok(await recordHeartbeat(app.db, row, request.body, call.now));
    },
  );

  app.post(
    devicePublicPaths.screenPull,
    {
      config: { public: true },
      schema: {
        tags,
        summary: '显示屏取待显示内容（签名同心跳；取走即为已送达）',
        headers: signatureHeaders,
        body: screenPullInput,
        response: { 200: envelope(screenPullResult) },
      },
    },
    async (request) => {
      const call = callOf(request, devicePublicPaths.screenPull);
      const row = await verifyDeviceCall(app.db, call, request.log);
      return ok(await pullScreenMessages(app.db, row, call.now));
    },
  );
};
