import { z } from 'zod';
import { accountCode } from '../auth/auth.schema.js';
import { deviceSn } from './device.schema.js';

/**
 * The device ingestion API (/api/device/*): no user session; every call is signed with
 * the device's own secret.
 *
 * Signing, for every call:
 *   body        the JSON text exactly as sent (UTF-8), carrying tenant, sn, timestamp, nonce
 *   bodySha256  lower-case hex SHA-256 of those bytes
 *   canonical   deviceCanonicalString(): "POST", the path, tenant, sn, timestamp, nonce and
 *               bodySha256, joined by "\n" (no trailing newline)
 *   header      X-Signature: lower-case hex HMAC-SHA256(secret, canonical)
 * The server refuses (HTTP 401) an unknown tenant or sn, a disabled device, a wrong signature, a
 * timestamp more than 5 minutes from its clock either way, and a nonce the device used before.
 */
export const devicePublicPaths = {
  heartbeat: '/api/device/heartbeat',
  screenPull: '/api/device/screen/pull',
} as const;

export const deviceSignatureHeader = 'x-signature';
/** how far a device's timestamp may be from the server's clock, either way */
export const deviceClockSkewMs = 5 * 60_000;

export interface DeviceSigningInput {
  path: string;
  tenant: string;
  sn: string;
  timestamp: number;
  nonce: string;
  /** lower-case hex SHA-256 of the raw request body */
  bodySha256: string;
}

export const deviceCanonicalString = (input: DeviceSigningInput) => ['POST', input.path, input.tenant, input.sn, String(input.timestamp), input.nonce, input.bodySha256].join('\n');

/** What every signed device call carries. */
export const deviceRequest = z.strictObject({
  /** the tenant's account code (the same as the console's ?account=) */
  tenant: accountCode,
  sn: deviceSn,
  /** the device's clock, milliseconds since the epoch */
  timestamp: z.number({ error: '时间戳必须是毫秒数' }).int('时间戳必须是毫秒数').positive('时间戳必须是毫秒数'),
  /** fresh for every call: 8–64 letters, digits, _ or - */
  nonce: z.string({ error: '请提供随机数 nonce' }).regex(/^[\w-]{8,64}$/, 'nonce 应为8到64位字母、数字、下划线或短横线'),
});

/** Whatever the device reports about itself (battery, signal, occupancy…); kept as the last status. */
export const deviceStatusPayload = z
  .record(z.string(), z.union([z.string().max(256), z.number(), z.boolean(), z.null()]))
  .refine((status) => Object.keys(status).length <= 32, '状态字段最多32个');

export const heartbeatInput = deviceRequest.extend({ status: deviceStatusPayload.optional() });
export type HeartbeatInput = z.infer<typeof heartbeatInput>;

export const heartbeatResult = z.object({
  serverTime: z.number().int(),
  /** seconds until the next heartbeat is due */
  heartbeatCycle: z.number().int(),
});
export type HeartbeatResult = z.infer<typeof heartbeatResult>;

export const screenPullInput = deviceRequest;
export type ScreenPullInput = z.infer<typeof screenPullInput>;
