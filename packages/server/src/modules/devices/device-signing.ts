import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { deviceCanonicalString, deviceSignatureHeader } from '@parking/contract';
import { hmacHex, sha256Hex } from './device-secret.js';

/** What a device sends: tenant, sn, a timestamp (now unless given) and a fresh nonce, plus anything else. */
export const deviceBody = (tenant: string, sn: string, extra: Record<string, unknown> = {}) => ({
  tenant,
  sn,
  timestamp: Date.now(),
  nonce: randomBytes(12).toString('hex'),
  ...extra,
});

/** The X-Signature a device puts on `payload` (the JSON text of `body`), as the contract says. */
export const signatureOf = (path: string, secret: string, body: Record<string, unknown>, payload = JSON.stringify(body)) =>
  hmacHex(
    secret,
    deviceCanonicalString({
      path,
      tenant: String(body.tenant),
      sn: String(body.sn),
      timestamp: Number(body.timestamp),
      nonce: String(body.nonce),
      bodySha256: sha256Hex(payload),
    }),
  );

/** Signs a body the way a device does and posts it; `signature` overrides the header. */
export const postSigned = (app: FastifyInstance, path: string, secret: string, body: Record<string, unknown>, signature?: string) =>
  app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json', [deviceSignatureHeader]: signature ?? signatureOf(path, secret, body) },
    payload: JSON.stringify(body),
  });
