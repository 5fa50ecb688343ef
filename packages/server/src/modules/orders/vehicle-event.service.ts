import {
  abnormalReasonNames,
  businessDay,
  eventRulesOf,
  stayLength,
  vehicleClassFor,
  type AbnormalReason,
  type LotEventRules,
  type ParkingRecordState,
  type VehicleEventResult,
  type VehicleEventValues,
} from '@parking/contract';
import type { Db } from '../../db/client.js';
import type { devices, parkingLots } from '../../db/schema/index.js';
import { badRequest } from '../../plugins/app-error.js';
import { recountLotSpaces } from '../parking/parking-space.service.js';
import { versionAt } from '../parking/tariff.service.js';
import { decodeEventPhoto, storeEventPhoto } from './event-photo.store.js';
import { leavesWithinGrace, paidGrace } from './paid-grace.js';
import { priceStay } from './stay-price.js';
import {
  claimVehicleEvent,
  findParkedRecord,
  findSpace,
  findSpaceByNumber,
  findTariffVersion,
  findLastStay,
  findRecord,
  findVehicleEvent,
  holdsLongRental,
  insertRecord,
  lockLot,
  moveFreeCount,
  saveVehicleEventResult,
  setSpaceState,
  updateRecord,
  type ParkingRecordRow,
} from './parking-record.repository.js';
import { blacklistedPlate, raiseEntryWarnings, raiseRecordWarnings } from './order-warning.service.js';

type Device = typeof devices.$inferSelect;
type Lot = typeof parkingLots.$inferSelect;

/** Everything one event is applied with, inside its transaction. */
interface EventScope {
  tx: Db;
  device: Device;
  lot: Lot;
  rules: LotEventRules;
  event: VehicleEventValues;
  at: Date;
  photo: string | null;
}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

const withReasons = (current: AbnormalReason[], ...more: AbnormalReason[]) => [...new Set([...current, ...more])];

const answer = (event: VehicleEventValues, record: ParkingRecordRow | undefined, release: boolean): VehicleEventResult => ({
  deviceEventId: event.deviceEventId,
  recordId: record?.id ?? null,
  state: record?.state ?? null,
  amountToPay: record?.unpaid ?? 0,
  release,
  abnormalReasons: record?.abnormalReasons ?? [],
  duplicate: false,
});

/**
 * The money of a finished stay: nothing owed is closed, anything owed awaits payment; due − discount = paid + unpaid.
 * Money already taken for the stay (prepaid, or a stay resumed within grace) is kept: only the rest is owed, never less than nothing.
 */
const settle = (amountDue: number, discount: number, paid = 0): { state: ParkingRecordState; amountDue: number; discount: number; paid: number; unpaid: number } => {
  const due = Math.max(amountDue, paid);
  const unpaid = Math.max(0, due - discount - paid);
  return { state: unpaid > 0 ? 'awaiting_payment' : 'closed', amountDue: due, discount: due - paid - unpaid, paid, unpaid };
};

/** The fee of [from, to] under a stored tariff version; a long-rental card valid on the day of leaving pays it all. */
const price = async (s: EventScope, versionId: string | null, vehicleClass: string | null, plateNumber: string, from: Date, to: Date) => {
  const priced = await priceStay(s.tx, s.device.tenantId, versionId, vehicleClass, from, to);
  if (!priced) return undefined;
  const amount = priced.result.amount;
  const card = plateNumber !== '' && (await holdsLongRental(s.tx, s.device.tenantId, s.lot.id, plateNumber, businessDay(to)));
  return { amountDue: amount, discount: card ? amount : 0 };
};

/** The tariff version of the lot in force at `at`, and the vehicle class the plate colour falls in. */
const tariffAt = async (s: EventScope, at: Date) => {
  const found = s.lot.tariffId ? await versionAt(s.tx, s.device.tenantId, s.lot.tariffId, at) : undefined;
  if (!found || !s.lot.tariffId) return { tariffId: null, tariffVersionId: null, vehicleClass: null };
  const vehicleClass = vehicleClassFor(found.tariff, { plateColour: s.event.plateColour }) ?? found.tariff.vehicleClasses[0];
  return { tariffId: s.lot.tariffId, tariffVersionId: found.version.id, vehicleClass: vehicleClass?.code ?? null };
};

const lowConfidence = (s: EventScope): AbnormalReason[] => (s.event.confidence < s.rules.minConfidence ? ['low_confidence'] : []);

/** 订单异常 warnings for the reasons a record carries, each saying what was seen; reasons warned of before raise nothing. */
const warnRecord = async (s: EventScope, recordId: string | null) => {
  const record = recordId ? await findRecord(s.tx, s.device.tenantId, recordId) : undefined;
  if (!record) return;
  const confidences = [record.entryConfidence, record.exitConfidence].filter((c): c is number => c !== null && c < s.rules.minConfidence);
  const stay = stayLength(record.enteredAt?.toISOString() ?? null, record.exitedAt?.toISOString() ?? null);
  await raiseRecordWarnings(s.tx, record, {
    duplicate_entry: record.state === 'parked' ? '在场期间再次入场，沿用在场订单' : '在场期间再次入场，原订单已异常关闭',
    exit_without_entry: record.abnormalReasons.includes('held_for_staff') ? `出场时无入场记录，${abnormalReasonNames.held_for_staff}` : '出场时无入场记录',
    low_confidence: confidences.length ? `识别置信度${Math.min(...confidences)}低于${s.rules.minConfidence}` : abnormalReasonNames.low_confidence,
    long_stay: `停车${stay}，超过${s.rules.longStayHours}小时`,
  });
};

/**
 * A plate back on the lot within the grace minutes after leaving a paid stay: under the lot's rule
 * 'continue' that stay goes on (exit cleared, money kept) so the next exit prices it from its first entry.
 */
const resumeWithinGrace = async (s: EventScope, where: { laneId: string | null; spaceId: string | null }, plateNumber: string) => {
  if (s.rules.graceReentry !== 'continue' || plateNumber === '') return undefined;
  const { tenantId } = s.device;
  const last = await findLastStay(s.tx, tenantId, s.lot.id, plateNumber);
  if (!last || last.paid <= 0 || (last.state !== 'paid' && last.state !== 'closed') || !last.exitedAt || !last.tariffVersionId) return undefined;
  const tariff = await findTariffVersion(s.tx, tenantId, last.tariffVersionId);
  const away = s.at.getTime() - last.exitedAt.getTime();
  if (!tariff || away < 0 || away >= tariff.version.rules.graceMinutes * MINUTE_MS) return undefined;
  const reasons = withReasons(last.abnormalReasons, ...lowConfidence(s));
  const record = await updateRecord(s.tx, tenantId, last.id, {
    state: 'parked',
    ...(where.spaceId ? { spaceId: where.spaceId } : {}),
    exitLaneId: null,
    exitedAt: null,
    exitEventId: null,
    exitConfidence: null,
    exitPhoto: null,
    abnormal: reasons.length > 0,
    abnormalReasons: reasons,
  });
  if (s.lot.kind === 'lane' && where.laneId !== null) await moveFreeCount(s.tx, tenantId, s.lot.id, -1);
  return record;
};

/** A car arrives: a new stay opens, unless the lot keeps the one already open for the plate, or refuses a blacklisted plate. */
const arrive = async (s: EventScope, where: { laneId: string | null; spaceId: string | null }) => {
  const { tenantId } = s.device;
  const plateNumber = s.event.plate ?? '';
  const blacklisted = await blacklistedPlate(s.tx, tenantId, plateNumber, s.event.plateColour);
  // 车辆布控 of the entry, once its record (if any) is known
  const watch = (recordId: string | null, refused = false) => raiseEntryWarnings(s.tx, { tenantId, lotId: s.lot.id, plateNumber, recordId, blacklisted, refused });
  if (blacklisted && s.rules.blacklistEntry === 'refuse' && where.laneId !== null) {
    await watch(null, true);
    return answer(s.event, undefined, false);
  }
  const open = await findParkedRecord(s.tx, tenantId, s.lot.id, where.spaceId ? { spaceId: where.spaceId } : { plateNumber });
  let freed = 0;
  if (open) {
    if (s.rules.duplicateEntry === 're-open') {
      const kept = await updateRecord(s.tx, tenantId, open.id, { abnormal: true, abnormalReasons: withReasons(open.abnormalReasons, 'duplicate_entry') });
      await watch(kept.id);
      return answer(s.event, kept, true);
    }
    // the old stay never saw its exit: it ends here as abnormal, owing nothing until staff decide
    await updateRecord(s.tx, tenantId, open.id, { ...settle(0, 0), abnormal: true, abnormalReasons: withReasons(open.abnormalReasons, 'duplicate_entry') });
    await warnRecord(s, open.id);
    freed = 1;
  } else {
    const resumed = await resumeWithinGrace(s, where, plateNumber);
    if (resumed) {
      await watch(resumed.id);
      return answer(s.event, resumed, true);
    }
  }
  const reasons = lowConfidence(s);
  const record = await insertRecord(s.tx, {
    tenantId,
    lotId: s.lot.id,
    entryLaneId: where.laneId,
    spaceId: where.spaceId,
    plateNumber,
    plateColour: s.event.plateColour,
    enteredAt: s.at,
    entryEventId: s.event.deviceEventId,
    entryConfidence: s.event.confidence,
    entryPhoto: s.photo,
    ...(await tariffAt(s, s.at)),
    state: 'parked',
    abnormal: reasons.length > 0,
    abnormalReasons: reasons,
  });
  if (s.lot.kind === 'lane' && where.laneId !== null) await moveFreeCount(s.tx, tenantId, s.lot.id, freed - 1);
  await watch(record.id);
  return answer(s.event, record, true);
};

/** A car with no entry on record leaves: the lot charges the first period, lets it out free, or holds it for staff. */
const leaveUnknown = async (s: EventScope, laneId: string | null) => {
  const plateNumber = s.event.plate ?? '';
  const tariff = await tariffAt(s, s.at);
  let money = settle(0, 0);
  const reasons: AbnormalReason[] = ['exit_without_entry', ...lowConfidence(s)];
  if (s.rules.exitWithoutEntry === 'charge-first-period') {
    const from = new Date(s.at.getTime() - s.rules.firstPeriodMinutes * MINUTE_MS);
    const priced = await price(s, tariff.tariffVersionId, tariff.vehicleClass, plateNumber, from, s.at);
    if (priced) money = settle(priced.amountDue, priced.discount);
    else reasons.push('no_tariff');
  }
  const held = s.rules.exitWithoutEntry === 'hold';
  if (held) reasons.push('held_for_staff');
  const record = await insertRecord(s.tx, {
    tenantId: s.device.tenantId,
    lotId: s.lot.id,
    exitLaneId: laneId,
    plateNumber,
    plateColour: s.event.plateColour,
    exitedAt: s.at,
    exitEventId: s.event.deviceEventId,
    exitConfidence: s.event.confidence,
    exitPhoto: s.photo,
    ...tariff,
    ...money,
    // held: the barrier stays shut and the record waits for staff to settle it
    ...(held ? { state: 'awaiting_payment' as const } : {}),
    abnormal: true,
    abnormalReasons: reasons,
  });
  return answer(s.event, record, !held && record.state === 'closed');
};

/** A parked car leaves: its stay is priced with the tariff version in force at entry. */
const leave = async (s: EventScope, open: ParkingRecordRow, laneId: string | null, releaseAfterPayment: boolean) => {
  const enteredAt = open.enteredAt ?? s.at;
  if (s.at < enteredAt) throw badRequest('出场时间不能早于入场时间');
  // paid while still in (on the phone) and leaving within the grace minutes: the fee stays what was paid for
  const grace = await paidGrace(s.tx, s.device.tenantId, open);
  const priced =
    leavesWithinGrace(grace, s.at)
      ? { amountDue: open.amountDue, discount: open.discount }
      : await price(s, open.tariffVersionId, open.vehicleClass, open.plateNumber, enteredAt, s.at);
  const reasons: AbnormalReason[] = [...lowConfidence(s)];
  if (!priced) reasons.push('no_tariff');
  if (s.at.getTime() - enteredAt.getTime() > s.rules.longStayHours * HOUR_MS) reasons.push('long_stay');
  const all = withReasons(open.abnormalReasons, ...reasons);
  const money = settle(priced?.amountDue ?? 0, priced?.discount ?? 0, open.paid);
  // a space has no barrier to wait at: a car leaving it owing money has left without paying (欠费)
  if (!releaseAfterPayment && money.state === 'awaiting_payment') money.state = 'unpaid';
  const record = await updateRecord(s.tx, s.device.tenantId, open.id, {
    exitLaneId: laneId,
    exitedAt: s.at,
    exitEventId: s.event.deviceEventId,
    exitConfidence: s.event.confidence,
    exitPhoto: s.photo,
    ...money,
    abnormal: all.length > 0,
    abnormalReasons: all,
  });
  return answer(s.event, record, record.state === 'closed' || !releaseAfterPayment);
};

/**
 * The camera reads again a car that already left and then paid at the barrier (on the phone):
 * within the grace minutes of that payment the stay is closed as paid, nothing more is charged.
 */
const leavePaidAtBarrier = async (s: EventScope) => {
  const plateNumber = s.event.plate ?? '';
  if (plateNumber === '') return undefined;
  const last = await findLastStay(s.tx, s.device.tenantId, s.lot.id, plateNumber);
  if (!last || last.state !== 'paid' || last.unpaid > 0) return undefined;
  const grace = await paidGrace(s.tx, s.device.tenantId, last);
  if (!leavesWithinGrace(grace, s.at)) return undefined;
  const record = await updateRecord(s.tx, s.device.tenantId, last.id, { state: 'closed' });
  return answer(s.event, record, true);
};

const laneEvent = async (s: EventScope) => {
  const laneId = s.device.laneId;
  if (s.event.kind === 'lane_entry') return arrive(s, { laneId, spaceId: null });
  const open = await findParkedRecord(s.tx, s.device.tenantId, s.lot.id, { plateNumber: s.event.plate ?? '' });
  if (!open) return (await leavePaidAtBarrier(s)) ?? leaveUnknown(s, laneId);
  const result = await leave(s, open, laneId, true);
  if (s.lot.kind === 'lane' && open.entryLaneId !== null) await moveFreeCount(s.tx, s.device.tenantId, s.lot.id, 1);
  return result;
};

const spaceEvent = async (s: EventScope) => {
  const { tenantId } = s.device;
  const space = s.event.spaceNumber
    ? await findSpaceByNumber(s.tx, tenantId, s.lot.id, s.event.spaceNumber)
    : s.device.spaceId
      ? await findSpace(s.tx, tenantId, s.device.spaceId)
      : undefined;
  if (!space) throw badRequest(s.event.spaceNumber ? `停车场没有泊位「${s.event.spaceNumber}」` : '该设备未绑定泊位，请在事件中提供泊位编号 spaceNumber');
  const occupied = s.event.kind === 'space_occupied';
  await setSpaceState(s.tx, tenantId, space.id, occupied ? 'occupied' : 'free');
  let result = answer(s.event, undefined, true);
  // only a space-based lot counts its stays per space; a lane lot's stays open and close at its lanes
  if (s.lot.kind === 'space') {
    if (occupied) result = await arrive(s, { laneId: null, spaceId: space.id });
    else {
      const open = await findParkedRecord(s.tx, tenantId, s.lot.id, { spaceId: space.id });
      if (open) result = await leave(s, open, null, false);
    }
  }
  await recountLotSpaces(s.tx, tenantId, s.lot.id);
  return result;
};

/**
 * Applies one vehicle event from a verified device, in one transaction. A device event id seen
 * before changes nothing and gets the answer it got the first time.
 */
export const receiveVehicleEvent = async (db: Db, device: Device, event: VehicleEventValues, dataDir: string): Promise<VehicleEventResult> => {
  // a bad photo is refused before anything is written
  const photo = event.photo ? decodeEventPhoto(event.photo) : undefined;
  const at = new Date(event.occurredAt);
  const { tenantId } = device;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const claimed = await claimVehicleEvent(tx, {
      tenantId,
      deviceId: device.id,
      deviceEventId: event.deviceEventId,
      kind: event.kind,
      plateNumber: event.plate ?? '',
      occurredAt: at,
    });
    if (!claimed) {
      const prior = await findVehicleEvent(tx, tenantId, device.id, event.deviceEventId);
      if (!prior?.result) throw badRequest('该设备事件正在处理，请稍后重发');
      return { ...prior.result, duplicate: true };
    }
    const lot = await lockLot(tx, tenantId, device.lotId);
    if (!lot) throw badRequest('设备所属停车场不存在');
    const stored = photo ? await storeEventPhoto(dataDir, tenantId, at, photo) : null;
    const scope: EventScope = { tx, device, lot, rules: eventRulesOf(lot.eventRules), event, at, photo: stored };
    const result = event.kind === 'lane_entry' || event.kind === 'lane_exit' ? await laneEvent(scope) : await spaceEvent(scope);
    // a record with nothing abnormal has nothing to warn of: most events skip the lookup
    if (result.abnormalReasons.length > 0) await warnRecord(scope, result.recordId);
    await saveVehicleEventResult(tx, claimed.id, { recordId: result.recordId, result });
    return result;
  });
};
