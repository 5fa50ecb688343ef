import { deviceSignatureHeader } from '@parking/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { useJsonBodyParser } from '../../shared/json-body.js';
import type { SignedCall } from './device-ingestion.service.js';

// a missing or malformed signature is refused like a wrong one (401), not as bad input
export const signatureHeaders = z.looseObject({
  [deviceSignatureHeader]: z.string().max(256).optional().describe('十六进制 HMAC-SHA256(设备密钥, 规范串)'),
});

/**
 * The signature covers the body's bytes, so signed routes keep them as sent alongside the parsed
 * object. Call it inside the routes' own (non fastify-plugin) scope so other routes keep the default parser.
 */
export const keepRawJsonBody = (app: FastifyInstance) =>
  useJsonBodyParser(app, (request, text) => {
    request.rawBody = text;
  });

/** What verifyDeviceCall checks: the parsed body, its raw bytes and the signature header of a request to `path` that arrived at `now` (the app's clock). */
export const signedCallOf = <T>(request: { body: T; rawBody?: string; headers: Record<string, unknown>; ip: string }, path: string, now = new Date()): SignedCall<T> => {
  const signature = request.headers[deviceSignatureHeader];
  return {
    path,
    input: request.body,
    rawBody: request.rawBody ?? '',
    signature: typeof signature === 'string' ? signature : undefined,
    ip: request.ip,
    now,
  };
};
