import { createHmac, timingSafeEqual } from 'node:crypto';
import { scanTargetKinds, type ScanTargetKind } from '@parking/contract';
import { z } from 'zod';

/** What a QR code names: a lot, lane or space of a tenant, by id. */
export interface ScanTokenPayload {
  k: ScanTargetKind;
  id: string;
  tenant: string;
}

const payloadSchema = z.strictObject({ k: z.enum(scanTargetKinds), id: z.uuid(), tenant: z.uuid() });

const signature = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest();

/**
 * `base64url(JSON payload).base64url(HMAC-SHA256(secret, that first part))`: the ids are readable,
 * but only the server can make a token, so a printed code cannot be altered to point elsewhere.
 */
export const signScanToken = (secret: string, payload: ScanTokenPayload) => {
  const body = Buffer.from(JSON.stringify({ k: payload.k, id: payload.id, tenant: payload.tenant })).toString('base64url');
  return `${body}.${signature(secret, body).toString('base64url')}`;
};

/** The payload of a token this server signed; undefined for anything forged, altered or malformed. */
export const verifyScanToken = (secret: string, token: string): ScanTokenPayload | undefined => {
  const [body, mac, ...rest] = token.split('.');
  if (!body || !mac || rest.length > 0) return undefined;
  // compared as text: base64url decoding ignores stray characters and spare bits, the text does not
  const expected = Buffer.from(signature(secret, body).toString('base64url'));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};
