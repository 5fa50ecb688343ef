import { createHmac, timingSafeEqual } from 'node:crypto';
import { scanTargetKinds } from '@parking/contract';
import { z } from 'zod';

/** What a code names besides places: a group's card (集团卡) or a special bill (特殊账单), each read on its own phone page. */
export const scanTokenKinds = [...scanTargetKinds, 'groupCard', 'specialBill'] as const;
export type ScanTokenKind = (typeof scanTokenKinds)[number];

/** What a QR code names: a lot, lane, space, group card or special bill of a tenant, by id; `exp` (unix seconds) when it stops being good. */
export interface ScanTokenPayload {
  k: ScanTokenKind;
  id: string;
  tenant: string;
  exp?: number;
}

const payloadSchema = z.strictObject({ k: z.enum(scanTokenKinds), id: z.uuid(), tenant: z.uuid(), exp: z.number().int().positive().optional() });

export type ScanTokenCheck = { ok: true; payload: ScanTokenPayload } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * A driver's record token: a parking record of a tenant, until `exp` (epoch seconds). `lane` is the
 * exit lane it was found at, whose barrier opens once it is paid. Its kind keeps the wire name
 * 'order' so that codes already handed out still read after an upgrade.
 */
export interface RecordTokenPayload {
  k: 'order';
  id: string;
  tenant: string;
  lane: string | null;
  exp: number;
}

const recordPayload = z.strictObject({ k: z.literal('order'), id: z.uuid(), tenant: z.uuid(), lane: z.uuid().nullable(), exp: z.number().int() });

const signature = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest();

/**
 * `base64url(JSON payload).base64url(HMAC-SHA256(secret, that first part))`: the ids are readable,
 * but only the server can make a token, so a printed code cannot be altered to point elsewhere.
 */
const sign = (secret: string, payload: object) => {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${signature(secret, body).toString('base64url')}`;
};

/** The payload of a token this server signed, if it has the given shape; undefined for anything forged, altered or malformed. */
const verify = <T>(secret: string, token: string, schema: z.ZodType<T>): T | undefined => {
  const [body, mac, ...rest] = token.split('.');
  if (!body || !mac || rest.length > 0) return undefined;
  // compared as text: base64url decoding ignores stray characters and spare bits, the text does not
  const expected = Buffer.from(signature(secret, body).toString('base64url'));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

export const signScanToken = (secret: string, payload: ScanTokenPayload) =>
  sign(secret, payload.exp === undefined ? { k: payload.k, id: payload.id, tenant: payload.tenant } : { k: payload.k, id: payload.id, tenant: payload.tenant, exp: payload.exp });

/** As verifyScanToken, telling an expired token (genuine, but past its `exp`) from a bad one. A record token is not a scan token. */
export const checkScanToken = (secret: string, token: string, now = new Date()): ScanTokenCheck => {
  const payload = verify(secret, token, payloadSchema);
  if (!payload) return { ok: false, reason: 'invalid' };
  if (payload.exp !== undefined && payload.exp * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, payload };
};

/** The payload of a lot, lane, space or group-card token this server signed and still in date; undefined for anything else. */
export const verifyScanToken = (secret: string, token: string, now = new Date()): ScanTokenPayload | undefined => {
  const checked = checkScanToken(secret, token, now);
  return checked.ok ? checked.payload : undefined;
};

/** A record token valid for `ttlMs` from `now`. */
export const signRecordToken = (secret: string, record: { id: string; tenant: string; lane: string | null }, now: Date, ttlMs: number) =>
  sign(secret, { k: 'order', id: record.id, tenant: record.tenant, lane: record.lane, exp: Math.floor((now.getTime() + ttlMs) / 1000) } satisfies RecordTokenPayload);

/** A token of some kind that carries its `exp`: genuine and still in date, or why not. */
export type DatedTokenCheck<T> = { ok: true; payload: T } | { ok: false; reason: 'invalid' | 'expired' };

const checkDated = <T extends { exp: number }>(secret: string, token: string, schema: z.ZodType<T>, now: Date): DatedTokenCheck<T> => {
  const payload = verify(secret, token, schema);
  if (!payload) return { ok: false, reason: 'invalid' };
  if (payload.exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, payload };
};

export type RecordTokenCheck = DatedTokenCheck<RecordTokenPayload>;

/** A record token this server signed and that has not expired; a scan token is not one. */
export const verifyRecordToken = (secret: string, token: string, now: Date): RecordTokenCheck => checkDated(secret, token, recordPayload, now);

/**
 * A stay token: the code a driver shows a merchant (商户优惠码), naming a parking record of a tenant
 * until `exp`. It only tells a signed-in merchant which car to issue to; it cannot view or pay the
 * order, and a record token is not one.
 */
export interface StayTokenPayload {
  k: 'stay';
  id: string;
  tenant: string;
  exp: number;
}

const stayPayload = z.strictObject({ k: z.literal('stay'), id: z.uuid(), tenant: z.uuid(), exp: z.number().int() });

/** A stay token valid for `ttlMs` from `now`. */
export const signStayToken = (secret: string, stay: { id: string; tenant: string }, now: Date, ttlMs: number) =>
  sign(secret, { k: 'stay', id: stay.id, tenant: stay.tenant, exp: Math.floor((now.getTime() + ttlMs) / 1000) } satisfies StayTokenPayload);

export type StayTokenCheck = DatedTokenCheck<StayTokenPayload>;

/** A stay token this server signed and that has not expired; a record or scan token is not one. */
export const verifyStayToken = (secret: string, token: string, now: Date): StayTokenCheck => checkDated(secret, token, stayPayload, now);

/**
 * A stream token: the key of one signed stream address of 视频监控, naming a camera of a tenant
 * until `exp`. Whoever holds the address can watch that camera until then, and nothing else.
 */
export interface StreamTokenPayload {
  k: 'stream';
  id: string;
  tenant: string;
  exp: number;
}

const streamPayload = z.strictObject({ k: z.literal('stream'), id: z.uuid(), tenant: z.uuid(), exp: z.number().int() });

/** A stream token valid for `ttlMs` from `now`. */
export const signStreamToken = (secret: string, device: { id: string; tenant: string }, now: Date, ttlMs: number) =>
  sign(secret, { k: 'stream', id: device.id, tenant: device.tenant, exp: Math.floor((now.getTime() + ttlMs) / 1000) } satisfies StreamTokenPayload);

/** A stream token this server signed and that has not expired; no other kind of token is one. */
export const verifyStreamToken = (secret: string, token: string, now: Date): DatedTokenCheck<StreamTokenPayload> => checkDated(secret, token, streamPayload, now);
