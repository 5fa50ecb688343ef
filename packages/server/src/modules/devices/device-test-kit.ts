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

/** Signs a body the way the contract says a device does, and posts it; `signature` overrides the header. */
export const postSigned = (app: FastifyInstance, path: string, secret: string, body: Record<string, unknown>, signature?: string) => {
  const payload = JSON.stringify(body);
  const canonical = deviceCanonicalString({
    path,
    tenant: String(body.tenant),
    sn: String(body.sn),
    timestamp: Number(body.timestamp),
    nonce: String(body.nonce),
    bodySha256: sha256Hex(payload),
  });
  return app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json', [deviceSignatureHeader]: signature ?? hmacHex(secret, canonical) },
    payload,
  });
};
