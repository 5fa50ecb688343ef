import { deviceCanonicalString, deviceClockSkewMs, type HeartbeatInput, type HeartbeatResult, type ScreenColour, type ScreenPullInput, type ScreenPullResult } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { AppError, badRequest } from '../../plugins/app-error.js';
import { closeOutage } from './device-outage.js';
import { hmacHex, sha256Hex, signatureMatches } from './device-secret.js';
import { claimNonce, deleteNoncesSeenBefore, findDeviceOfTenant, insertDeviceEvent, recordDeviceHeartbeat, type DeviceRow } from './device.repository.js';
import { deliverQueuedScreenMessages } from './screen.repository.js';

/** A refused device call: HTTP 401, code 401, a Chinese msg. */
const refused = (msg: string) => new AppError(401, msg);
const unknownOrBadSignature = '设备未登记或签名错误';

/** A nonce is kept this long: past the timestamp window either way, after which the timestamp refuses the call anyway. */
export const nonceRetentionMs = 2 * deviceClockSkewMs;

export interface SignedCall<T> {
  path: string;
  input: T;
  rawBody: string;
  signature: string | undefined;
  ip: string;
  now: Date;
}

export interface RefusalLogger {
  warn: (details: object, message: string) => void;
}

/** Records why a device call was refused (in device_events when the tenant is known, in the server log otherwise) and answers the 401 to throw. */
const refusal = async (
  db: Db,
  call: SignedCall<ScreenPullInput>,
  logger: RefusalLogger,
  known: { tenantId?: string | undefined; deviceId?: string | undefined },
  detail: string,
  msg: string,
) => {
  const { tenant, sn } = call.input;
  if (known.tenantId) {
    await insertDeviceEvent(db, { tenantId: known.tenantId, deviceId: known.deviceId ?? null, sn, kind: 'refused', detail: `${call.path}：${detail}`, ip: call.ip, createdAt: call.now });
  } else {
    logger.warn({ tenant, sn, path: call.path, ip: call.ip }, `device call refused: ${detail}`);
  }
  return refused(msg);
};

/**
 * Checks a signed device call but for its nonce (known device, signature, enabled, timestamp) and
 * answers the device it came from, or refuses it (401) and records why. The nonce is the caller's
 * to claim: verifyDeviceCall claims it on its own, a vehicle event within its transaction.
 */
export const authenticateDeviceCall = async (db: Db, call: SignedCall<ScreenPullInput>, logger: RefusalLogger): Promise<DeviceRow> => {
  const { tenant, sn, timestamp, nonce } = call.input;
  const { tenantId, row } = await findDeviceOfTenant(db, tenant, sn);
  const refuse = (detail: string, msg: string) => refusal(db, call, logger, { tenantId, deviceId: row?.device.id }, detail, msg);
  if (!tenantId || !row) throw await refuse('未登记的设备编号', unknownOrBadSignature);
  const canonical = deviceCanonicalString({ path: call.path, tenant, sn, timestamp, nonce, bodySha256: sha256Hex(call.rawBody) });
  if (!signatureMatches(hmacHex(row.device.secret, canonical), call.signature ?? '')) throw await refuse('签名错误', unknownOrBadSignature);
  if (!row.device.enabled) throw await refuse('设备已停用', '设备已停用');
  if (Math.abs(call.now.getTime() - timestamp) > deviceClockSkewMs) throw await refuse('时间戳超出前后5分钟', '时间戳超出允许范围（前后5分钟），请校准设备时钟');
  return row;
};

/** A nonce the device used before: the call is a replay. */
export class ReplayedNonceError extends Error {
  constructor() {
    super('replayed nonce');
  }
}

/** The 401 for a replayed call, recorded like every refusal. */
export const refuseReplay = (db: Db, row: DeviceRow, call: SignedCall<ScreenPullInput>, logger: RefusalLogger) =>
  refusal(db, call, logger, { tenantId: row.device.tenantId, deviceId: row.device.id }, '重复的 nonce（重放）', '请求重复：nonce 已使用');

/** The nonce of an authenticated call, as claimed in device_nonces. */
export const nonceOf = (row: DeviceRow, call: SignedCall<ScreenPullInput>) => ({ tenantId: row.device.tenantId, deviceId: row.device.id, nonce: call.input.nonce, seenAt: call.now });

/**
 * Checks a signed device call, its nonce claimed, and answers the device it came from, or refuses
 * it (401) and records why: in device_events when the tenant is known, in the server log otherwise.
 */
export const verifyDeviceCall = async (db: Db, call: SignedCall<ScreenPullInput>, logger: RefusalLogger): Promise<DeviceRow> => {
  const row = await authenticateDeviceCall(db, call, logger);
  if (!(await claimNonce(db, nonceOf(row, call)))) throw await refuseReplay(db, row, call, logger);
  return row;
};

/** A good heartbeat: the device is online from now; if it was offline, its outage is over. */
export const recordHeartbeat = (db: Db, row: DeviceRow, input: HeartbeatInput, now: Date): Promise<HeartbeatResult> =>
  db.transaction(async (tx) => {
    const { tenantId, id, sn } = row.device;
    const before = await recordDeviceHeartbeat(tx as unknown as Db, id, now, input.status);
    if (before === 'offline') {
      await closeOutage(tx as unknown as Db, tenantId, sn, now);
      await insertDeviceEvent(tx as unknown as Db, { tenantId, deviceId: id, sn, kind: 'online', detail: '恢复心跳', createdAt: now });
    }
    return { serverTime: now.getTime(), heartbeatCycle: row.device.heartbeatCycle };
  });

/** A screen takes its queued messages, oldest first; they are delivered from now. */
export const pullScreenMessages = (db: Db, row: DeviceRow, now: Date): Promise<ScreenPullResult> => {
  if (row.device.type !== 'led_screen') throw badRequest('该设备不是显示屏');
  return db.transaction(async (tx) => {
    const delivered = await deliverQueuedScreenMessages(tx as unknown as Db, row.device.id, now);
    delivered.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    return {
      messages: delivered.map((m) => ({ id: m.id, text: m.text, line: m.line, colour: m.colour as ScreenColour, createdAt: m.createdAt.toISOString() })),
    };
  });
};

/** Nonces older than the window can no longer be replayed: the timestamp check refuses them. */
export const pruneNonces = (db: Db, now: Date) => deleteNoncesSeenBefore(db, new Date(now.getTime() - nonceRetentionMs));
