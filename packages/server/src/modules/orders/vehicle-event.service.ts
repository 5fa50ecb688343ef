import {
  abnormalReasonNames,
  blackListDisplay,
  businessDay,
  clockAheadToleranceMs,
  eventRulesOf,
  futureTimeIssue,
  stayLength,
  stayLongerThan,
  tariffOf,
  timeWindowIssue,
  vehicleClassFor,
  vehicleOf,
  type AbnormalReason,
  type LotEventRules,
  type ParkingRecordState,
  type VehicleEventResult,
  type VehicleEventValues,
} from '@parking/contract';
import type { Db } from '../../db/client.js';
import type { devices, parkingLots } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../plugins/app-error.js';
import { ReplayedNonceError } from '../devices/index.js';
import { couponDiscount, groupCardDiscount, releaseStayCoupons } from '../marketing/index.js';
import { recountLotSpaces } from '../parking/index.js';
import { decodeEventPhoto, storeEventPhoto, type EventPhoto } from './event-photo.store.js';
import { leavesWithinGrace, paidGrace } from './paid-grace.js';
import { amountWith, feeWithCut, whiteListCharge } from './stay-price.js';
import { findLastStay, findSpace, findSpaceByNumber, findRecord, findVehicleEvent, setSpaceState, type ParkingRecordRow } from './parking-record.repository.js';
import { recordWrites, type RecordWrites } from './record-writes.js';
import { nextState } from './record-state.js';
import { discountKinds, noBenefits, quoteStay, type StayBenefits } from './stay-quote.js';
import { raiseEntryWarnings, raiseRecordWarnings } from './order-warning.service.js';
import {
  claimEventsAndLockLots,
  finishVehicleEvents,
  loadEventContexts,
  type EventContext,
  type EventContextQuery,
  type EventFinish,
  type NamedVersion,
  type NonceClaim,
  type PlateListSpan,
} from './vehicle-event.repository.js';

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
  /** how far a lane lot's free count moves, applied as the event finishes */
  freeDelta: number;
  /** the lane event's context, read with the other events of its batch */
  prefetched?: EventContext | undefined;
  /** the records the batch opens and changes, written with its answers */
  writes: RecordWrites;
}

/** A scope with what the event reads after the lock: the open stay and what pricing it needs. */
type ReadScope = EventScope & { ctx: EventContext };

/** What applying the event reads once its lot is locked; a space's stay is found by the space, a lane's by the plate. */
const contextQuery = (s: EventScope, spaceId: string | null, arrival: boolean): EventContextQuery => ({
  tenantId: s.device.tenantId,
  lotId: s.lot.id,
  plateNumber: s.event.plate ?? '',
  plateColour: s.event.plateColour,
  at: s.at,
  day: businessDay(s.at),
  tariffId: s.lot.tariffId,
  spaceId,
  arrival,
  lastRecord: arrival && s.rules.graceReentry === 'continue',
});

const isLaneEvent = (event: VehicleEventValues) => event.kind === 'lane_entry' || event.kind === 'lane_exit';

/** A record the batch wrote was changed meanwhile by someone else (a payment of the stay): the batch must not commit. */
class StaleRecordError extends Error {}

/**
 * Writes the records the batch has opened and changed so far: before a statement that reads
 * records or points at one. Most events need none, and their records are written as the batch finishes.
 */
const flush = async (s: EventScope) => {
  if (s.writes.size > 0) await writeRecords(s.tx, s.writes);
};

/** Writes the pending records, with the batch's finished events when given; a record changed meanwhile refuses the batch. */
const writeRecords = async (tx: Db, writes: RecordWrites, finishes: EventFinish[] = []) => {
  const { stale } = await finishVehicleEvents(tx, finishes, writes.take());
  if (stale > 0) throw new StaleRecordError();
};

/** Reads, in one statement, what applying the event needs, unless it was read with its batch. */
const read = async (s: EventScope, spaceId: string | null, arrival: boolean): Promise<ReadScope> => {
  if (!s.prefetched) await flush(s);
  const ctx = s.prefetched ?? (await loadEventContexts(s.tx, [contextQuery(s, spaceId, arrival)]))[0]!;
  s.prefetched = undefined;
  // the same scope object: what the event changes (freeDelta) is read back from it when it finishes
  return Object.assign(s, { ctx });
};

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

const withReasons = (current: AbnormalReason[], ...more: AbnormalReason[]) => [...new Set([...current, ...more])];

const answer = (event: VehicleEventValues, record: ParkingRecordRow | undefined, release: boolean, display?: string): VehicleEventResult => ({
  deviceEventId: event.deviceEventId,
  recordId: record?.id ?? null,
  state: record?.state ?? null,
  amountToPay: record?.unpaid ?? 0,
  release,
  abnormalReasons: record?.abnormalReasons ?? [],
  duplicate: false,
  ...(display ? { display } : {}),
});

/** The plate's black-list entry in force at the lot at the event's moment, if any. */
const blackNow = (s: ReadScope): PlateListSpan | undefined => s.ctx.plateList.find((e) => e.type === 'black' && (e.from === null || e.from <= s.at) && (e.until === null || e.until > s.at));

/** A black-listed plate at a lane under the lot's default rule: the barrier stays shut. */
const refusesBlack = (s: ReadScope, laneId: string | null) => {
  const black = blackNow(s);
  return black && s.rules.blacklistEntry === 'refuse' && laneId !== null ? black : undefined;
};

/**
 * The state a stay in `state` takes when its car leaves with `money` (record-state.ts): at a barrier
 * (a lane) a car owing money waits there; elsewhere it has left owing (欠费); held, staff settle it.
 */
const exitState = (state: ParkingRecordState, money: { paid: number; unpaid: number }, barrier: boolean, held = false) =>
  nextState(state, 'exit', { owes: money.unpaid > 0, paid: money.paid > 0, barrier, held });

/**
 * The fee of a stay ending now under a stored tariff version: a long-rental card of the plate valid
 * today pays it all; otherwise a white-list entry leaves only the time it did not cover, or the
 * plate's group card takes its benefit off (and uses one of its month's uses); then the stay's
 * merchants' coupons take theirs (and are used).
 */
const price = async (s: ReadScope, found: NamedVersion | undefined, vehicleClass: string | null, plateNumber: string, from: Date, stay?: ParkingRecordRow) => {
  // a stay longer than the lot's 最长计费天数 is priced to it (capped) and warned of as 超长停车
  const bound = { maxStayDays: s.rules.maxStayDays };
  const priced = amountWith(found, vehicleClass, from, s.at, { ...bound, plateNumber });
  if (!priced) return undefined;
  const fee = priced.amount;
  const { capped } = priced;
  if (s.ctx.longRental) return { fee, benefits: { longRental: true, groupCardOff: 0 }, capped };
  // a white-listed plate owes only the tariff's fee of the time its entries did not cover
  const white = whiteListCharge(
    found,
    vehicleClass,
    from,
    s.at,
    s.ctx.plateList.filter((e) => e.type === 'white'),
    bound,
  );
  let benefits: StayBenefits = white ? { longRental: false, groupCardOff: 0, whiteListCharged: white.charged } : noBenefits;
  if (!white && s.ctx.groupCardId) {
    await flush(s);
    const group = await groupCardDiscount(s.tx, { tenantId: s.device.tenantId, lotId: s.lot.id, plate: plateNumber, at: s.at, due: fee, cardId: s.ctx.groupCardId });
    benefits = { longRental: false, groupCardOff: group.discount };
  }
  if (stay) benefits = await withCoupons(s, { found, vehicleClass, from }, stay, fee, benefits);
  return { fee, benefits, capped };
};

/**
 * The merchants' coupons' part of a stay ending now, after the benefits above took theirs: the plate's
 * coupons for the lot are weighed (and used, on `stay`) when the context found any.
 */
const withCoupons = async (
  s: ReadScope,
  priced: { found: NamedVersion | undefined; vehicleClass: string | null; from: Date },
  stay: Pick<ParkingRecordRow, 'id' | 'plateNumber' | 'plateColour'>,
  fee: number,
  benefits: StayBenefits,
): Promise<StayBenefits> => {
  const white = benefits.whiteListCharged;
  const left = white !== undefined ? Math.min(fee, white) : fee - Math.min(fee, benefits.groupCardOff);
  if (benefits.longRental || !s.ctx.hasCoupons || left <= 0) return benefits;
  await flush(s);
  const coupons = await couponDiscount(s.tx, {
    tenantId: s.device.tenantId,
    lotId: s.lot.id,
    plateNumber: stay.plateNumber,
    plateColour: stay.plateColour,
    recordId: stay.id,
    at: s.at,
    due: left,
    hadBenefit: white !== undefined || benefits.groupCardOff > 0,
    feeWith: (cut) => feeWithCut(priced.found, priced.vehicleClass, priced.from, s.at, cut, { maxStayDays: s.rules.maxStayDays }),
  });
  return { ...benefits, couponOff: coupons.total };
};

/** The lot's tariff version in force now, and the vehicle class of what the camera read: plate colour and length, or the size it measured (vehicleOf). */
const tariffNow = (s: ReadScope) => {
  const found = s.ctx.versionNow;
  if (!found || !s.lot.tariffId) return { tariffId: null, tariffVersionId: null, vehicleClass: null, vehicleClassWhy: null };
  const { version, name } = found;
  const tariff = tariffOf(name, version.versionNo, version.effectiveFrom, version.effectiveTo, version.rules);
  const read = vehicleOf(s.event.plate ?? '', s.event.plateColour, s.event.vehicleSize);
  const matched = vehicleClassFor(tariff, read);
  const vehicleClass = matched ?? tariff.vehicleClasses[0];
  const vehicleClassWhy = matched ? read.why : `${read.why}，无对应车型，按第一个车型`;
  return { tariffId: s.lot.tariffId, tariffVersionId: version.id, vehicleClass: vehicleClass?.code ?? null, vehicleClassWhy: vehicleClass ? vehicleClassWhy : null };
};

const lowConfidence = (s: EventScope): AbnormalReason[] => (s.event.confidence < s.rules.minConfidence ? ['low_confidence'] : []);

/** 订单异常 warnings for the reasons a record carries, each saying what was seen; reasons warned of before raise nothing. */
const warnRecord = async (s: EventScope, recordId: string | null) => {
  await flush(s);
  const record = recordId ? await findRecord(s.tx, s.device.tenantId, recordId) : undefined;
  if (!record) return;
  const confidences = [record.entryConfidence, record.exitConfidence].filter((c): c is number => c !== null && c < s.rules.minConfidence);
  const stay = stayLength(record.enteredAt?.toISOString() ?? null, record.exitedAt?.toISOString() ?? null);
  await raiseRecordWarnings(s.tx, record, {
    duplicate_entry: record.state === 'parked' ? '在场期间再次入场，沿用在场订单' : '在场期间再次入场，原订单已异常关闭',
    exit_without_entry: record.abnormalReasons.includes('held_for_staff') ? `出场时无入场记录，${abnormalReasonNames.held_for_staff}` : '出场时无入场记录',
    low_confidence: confidences.length ? `识别置信度${Math.min(...confidences)}低于${s.rules.minConfidence}` : abnormalReasonNames.low_confidence,
    long_stay:
      record.enteredAt && record.exitedAt && stayLongerThan(record.enteredAt, record.exitedAt, s.rules.maxStayDays)
        ? `停车${stay}，超过最长计费${s.rules.maxStayDays}天，按${s.rules.maxStayDays}天计费`
        : `停车${stay}，超过${s.rules.longStayHours}小时`,
  });
};

/**
 * A plate back on the lot within the grace minutes after leaving a paid stay: under the lot's rule
 * 'continue' that stay goes on (exit cleared, money kept) so the next exit prices it from its first entry.
 */
const resumeWithinGrace = async (s: ReadScope, where: { laneId: string | null; spaceId: string | null }, plateNumber: string) => {
  if (s.rules.graceReentry !== 'continue' || plateNumber === '' || !s.ctx.lastRecord) return undefined;
  const { record: last, version: tariff } = s.ctx.lastRecord;
  if (last.paid <= 0 || (last.state !== 'paid' && last.state !== 'closed') || !last.exitedAt || !last.tariffVersionId) return undefined;
  const away = s.at.getTime() - last.exitedAt.getTime();
  if (!tariff || away < 0 || away >= tariff.version.rules.graceMinutes * MINUTE_MS) return undefined;
  const reasons = withReasons(last.abnormalReasons, ...lowConfidence(s));
  const record = s.writes.update(last, {
    state: nextState(last.state, 'resume', { owes: false, paid: true, barrier: false, held: false }),
    ...(where.spaceId ? { spaceId: where.spaceId } : {}),
    exitLaneId: null,
    exitedAt: null,
    exitEventId: null,
    exitConfidence: null,
    exitPhoto: null,
    abnormal: reasons.length > 0,
    abnormalReasons: reasons,
  });
  if (s.lot.kind === 'lane' && where.laneId !== null) s.freeDelta -= 1;
  return record;
};

/** A car arrives: a new stay opens, unless the lot keeps the one already open for the plate, or refuses a black-listed plate at a lane. */
const arrive = async (s: ReadScope, where: { laneId: string | null; spaceId: string | null }) => {
  const { tenantId } = s.device;
  const plateNumber = s.event.plate ?? '';
  const { arrears } = s.ctx;
  const blacklisted = blackNow(s);
  // 车辆布控 of the entry, once its record (if any) is known; a warning points at the record, which must be written first
  const watch = async (recordId: string | null, refused = false) => {
    if (plateNumber === '' || (!blacklisted && arrears.records === 0)) return;
    await flush(s);
    await raiseEntryWarnings(s.tx, { tenantId, lotId: s.lot.id, plateNumber, recordId, blacklisted, refused, arrears });
  };
  if (refusesBlack(s, where.laneId)) {
    await watch(null, true);
    return answer(s.event, undefined, false, blackListDisplay);
  }
  const open = s.ctx.open;
  let freed = 0;
  if (open) {
    if (s.rules.duplicateEntry === 're-open') {
      const kept = s.writes.update(open, { abnormal: true, abnormalReasons: withReasons(open.abnormalReasons, 'duplicate_entry') });
      await watch(kept.id);
      return answer(s.event, kept, true);
    }
    // the old stay never saw its exit: it ends here as abnormal, owing nothing until staff decide (money taken for it is kept)
    const money = quoteStay(0, noBenefits, open.paid);
    s.writes.update(open, {
      ...money,
      ...discountKinds(0, noBenefits, money),
      state: exitState(open.state, money, false),
      abnormal: true,
      abnormalReasons: withReasons(open.abnormalReasons, 'duplicate_entry'),
    });
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
  const record = s.writes.insert({
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
    ...tariffNow(s),
    state: 'parked',
    abnormal: reasons.length > 0,
    abnormalReasons: reasons,
  });
  if (s.lot.kind === 'lane' && where.laneId !== null) s.freeDelta += freed - 1;
  await watch(record.id);
  return answer(s.event, record, true);
};

/** A car with no entry on record leaves: the lot charges the first period, lets it out free, or holds it for staff. */
const leaveUnknown = async (s: ReadScope, laneId: string | null) => {
  const plateNumber = s.event.plate ?? '';
  const tariff = tariffNow(s);
  let money = quoteStay(0, noBenefits, 0);
  const reasons: AbnormalReason[] = ['exit_without_entry', ...lowConfidence(s)];
  const from = new Date(s.at.getTime() - s.rules.firstPeriodMinutes * MINUTE_MS);
  const priced = s.rules.exitWithoutEntry === 'charge-first-period' ? await price(s, s.ctx.versionNow, tariff.vehicleClass, plateNumber, from) : undefined;
  if (priced) money = quoteStay(priced.fee, priced.benefits, 0);
  else if (s.rules.exitWithoutEntry === 'charge-first-period') reasons.push('no_tariff');
  const held = s.rules.exitWithoutEntry === 'hold';
  if (held) reasons.push('held_for_staff');
  const inserted = s.writes.insert({
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
    ...discountKinds(priced?.fee ?? 0, priced?.benefits ?? noBenefits, money),
    // held: the barrier stays shut and the record waits for staff to settle it
    state: exitState('parked', money, true, held),
    abnormal: true,
    abnormalReasons: reasons,
  });
  const record = priced ? await couponsForUnknown(s, inserted, { found: s.ctx.versionNow, vehicleClass: tariff.vehicleClass, from }, priced, held) : inserted;
  return answer(s.event, record, !held && record.state === 'closed');
};

/**
 * A car with no entry on record charged its first period still gets its merchants' coupons: the new
 * record is written first (the coupons name it), then priced again with their part.
 */
const couponsForUnknown = async (
  s: ReadScope,
  record: ParkingRecordRow,
  pricing: { found: NamedVersion | undefined; vehicleClass: string | null; from: Date },
  priced: { fee: number; benefits: StayBenefits },
  held: boolean,
) => {
  if (!s.ctx.hasCoupons || record.plateNumber === '') return record;
  await flush(s);
  const benefits = await withCoupons(s, pricing, record, priced.fee, priced.benefits);
  if (!benefits.couponOff) return record;
  const money = quoteStay(priced.fee, benefits, 0);
  return s.writes.update(record, { ...money, ...discountKinds(priced.fee, benefits, money), state: exitState('parked', money, true, held) });
};

/** A parked car leaves: its stay is priced with the tariff version in force at entry. */
const leave = async (s: ReadScope, open: ParkingRecordRow, laneId: string | null, releaseAfterPayment: boolean) => {
  const enteredAt = open.enteredAt ?? s.at;
  if (s.at < enteredAt) throw badRequest('出场时间不能早于入场时间');
  // a stay stored before entries were bounded (an entry dated 0001): no tariff prices it, staff settle it by hand
  const badEntry = timeWindowIssue('该车在场记录的入场时间', enteredAt.getTime());
  if (badEntry) throw badRequest(`${badEntry}，无法自动计费，请人工处理该停车记录`);
  // paid while still in (on the phone) and leaving within the grace minutes: the fee stays what was paid for
  const grace = await paidGrace(s.tx, s.device.tenantId, open);
  const inGrace = leavesWithinGrace(grace, s.at);
  // its fee fixed by the payment, coupons bound to the stay since then are for the next visit
  if (inGrace && s.ctx.hasCoupons) {
    await flush(s);
    await releaseStayCoupons(s.tx, s.device.tenantId, open.id);
  }
  const priced = inGrace
    ? { fee: open.amountDue, benefits: { longRental: false, groupCardOff: open.discount }, capped: false }
    : await price(s, s.ctx.openVersion, open.vehicleClass, open.plateNumber, enteredAt, open);
  const reasons: AbnormalReason[] = [...lowConfidence(s)];
  if (!priced) reasons.push('no_tariff');
  if (s.at.getTime() - enteredAt.getTime() > s.rules.longStayHours * HOUR_MS || priced?.capped) reasons.push('long_stay');
  const all = withReasons(open.abnormalReasons, ...reasons);
  const money = quoteStay(priced?.fee ?? 0, priced?.benefits ?? noBenefits, open.paid);
  // within the grace the stay keeps the discount it was paid with, and the kinds it had (never more than the discount)
  const kinds = inGrace
    ? {
        longRentalDiscount: Math.min(open.longRentalDiscount, money.discount),
        whiteListDiscount: Math.min(open.whiteListDiscount, money.discount),
        waiverDiscount: Math.min(open.waiverDiscount, money.discount),
      }
    : discountKinds(priced?.fee ?? 0, priced?.benefits ?? noBenefits, money);
  // a space has no barrier to wait at: a car leaving it owing money has left without paying (欠费)
  const state = exitState(open.state, money, releaseAfterPayment);
  const record = s.writes.update(open, {
    state,
    exitLaneId: laneId,
    exitedAt: s.at,
    exitEventId: s.event.deviceEventId,
    exitConfidence: s.event.confidence,
    exitPhoto: s.photo,
    ...money,
    ...kinds,
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
  await flush(s);
  const last = await findLastStay(s.tx, s.device.tenantId, s.lot.id, plateNumber);
  if (last?.state !== 'paid' || last.unpaid > 0) return undefined;
  const grace = await paidGrace(s.tx, s.device.tenantId, last);
  if (!leavesWithinGrace(grace, s.at)) return undefined;
  const record = s.writes.update(last, { state: nextState(last.state, 'pass', { owes: false, paid: true, barrier: true, held: false }) });
  return answer(s.event, record, true);
};

const laneEvent = async (scope: EventScope) => {
  const laneId = scope.device.laneId;
  const s = await read(scope, null, scope.event.kind === 'lane_entry');
  const arrival = scope.event.kind === 'lane_entry';
  if (arrival) return arrive(s, { laneId, spaceId: null });
  const open = s.ctx.open;
  const black = refusesBlack(s, laneId);
  if (black) {
    // the barrier stays shut and the stay stays open, for staff to settle
    await flush(s);
    const plateNumber = open?.plateNumber ?? s.event.plate ?? '';
    await raiseEntryWarnings(s.tx, { tenantId: s.device.tenantId, lotId: s.lot.id, plateNumber, recordId: open?.id ?? null, blacklisted: black, refused: true, exit: true });
    return answer(s.event, open, false, blackListDisplay);
  }
  if (!open) return (await leavePaidAtBarrier(s)) ?? leaveUnknown(s, laneId);
  const result = await leave(s, open, laneId, true);
  if (s.lot.kind === 'lane' && open.entryLaneId !== null) s.freeDelta += 1;
  return result;
};

const spaceEvent = async (s: EventScope) => {
  const { tenantId } = s.device;
  await flush(s);
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
    const withRecord = await read(s, space.id, occupied);
    if (occupied) result = await arrive(withRecord, { laneId: null, spaceId: space.id });
    else if (withRecord.ctx.open) result = await leave(withRecord, withRecord.ctx.open, null, false);
  }
  await recountLotSpaces(s.tx, tenantId, s.lot.id);
  return result;
};

/** A vehicle event from an authenticated device, with the call's nonce when it came signed. */
export interface VehicleEventCall {
  device: Device;
  event: VehicleEventValues;
  nonce?: NonceClaim | undefined;
  /** the server's clock when the call arrived, which the event's time may not be past; an event applied in-process (demo history) has none */
  receivedAt?: Date | undefined;
}

/**
 * An event dated past the server's clock by more than a device clock may run ahead is refused (400),
 * so the device stops resending it; the schema already refused a time outside the business window.
 */
const refuseFutureEvent = (event: VehicleEventValues, now: Date) => {
  const issue = futureTimeIssue('事件时间', new Date(event.occurredAt), now, clockAheadToleranceMs);
  if (issue) throw badRequest(`${issue}，请校准设备时钟`);
};

type DecodedCall = VehicleEventCall & { photo: EventPhoto | undefined };

/** What became of one event of a batch: its answer, a replayed nonce (nothing changed), or the error that refused it. */
export type VehicleEventOutcome = { result: VehicleEventResult } | { replayed: true } | { error: unknown };

/**
 * Applies events in the caller's transaction: their nonces and event ids claimed and their lots
 * locked in one statement, the lane events' contexts read in one, each event applied in turn, their
 * answers kept in one. The first event that fails throws, and the transaction must not commit.
 */
const applyEvents = async (tx: Db, calls: readonly DecodedCall[], dataDir: string): Promise<(VehicleEventResult | 'replayed')[]> => {
  const claims = calls.map(({ device, event, nonce }) => ({
    tenantId: device.tenantId,
    deviceId: device.id,
    deviceEventId: event.deviceEventId,
    kind: event.kind,
    plateNumber: event.plate ?? '',
    occurredAt: new Date(event.occurredAt),
    lotId: device.lotId,
    nonce,
  }));
  const { outcomes, lots, now } = await claimEventsAndLockLots(tx, claims);
  const writes = recordWrites(now);
  const answers = new Array<VehicleEventResult | 'replayed'>(calls.length);
  /** the claimed events, each with the place of its answer */
  const claimed: { index: number; eventId: string; scope: EventScope }[] = [];
  for (const [index, { device, event, photo }] of calls.entries()) {
    const { freshNonce, claimedId } = outcomes[index]!;
    if (!freshNonce) {
      // The very same signed call again, its event stored: a proxy resending a call whose process died
      // after committing it, or a device that never heard the answer. It gets the stored answer and
      // changes nothing, so the device is not refused an event that was kept. A nonce reused for an
      // event not stored stays a replay.
      const prior = await findVehicleEvent(tx, device.tenantId, device.id, event.deviceEventId, claims[index]!.occurredAt);
      answers[index] = prior?.result ? { ...prior.result, duplicate: true } : 'replayed';
    } else if (!claimedId) {
      const prior = await findVehicleEvent(tx, device.tenantId, device.id, event.deviceEventId, claims[index]!.occurredAt);
      if (!prior?.result) throw badRequest('该设备事件正在处理，请稍后重发');
      answers[index] = { ...prior.result, duplicate: true };
    } else {
      const lot = lots.get(device.lotId);
      if (!lot) throw badRequest('设备所属停车场不存在');
      const at = claims[index]!.occurredAt;
      const stored = photo ? await storeEventPhoto(dataDir, device.tenantId, at, photo) : null;
      claimed.push({ index, eventId: claimedId, scope: { tx, device, lot, rules: eventRulesOf(lot.eventRules), event, at, photo: stored, freeDelta: 0, writes } });
    }
  }
  // a lane event's context is read with the others', for the first event of each lot only: a later one must see what the first wrote
  const lotsRead = new Set<string>();
  const prefetch = claimed.map((c) => c.scope).filter((s) => isLaneEvent(s.event) && !lotsRead.has(s.lot.id) && lotsRead.add(s.lot.id));
  if (prefetch.length > 0) {
    const contexts = await loadEventContexts(
      tx,
      prefetch.map((s) => contextQuery(s, null, s.event.kind === 'lane_entry')),
    );
    prefetch.forEach((s, i) => (s.prefetched = contexts[i]));
  }
  const finishes: EventFinish[] = [];
  for (const { index, eventId, scope } of claimed) {
    const result = isLaneEvent(scope.event) ? await laneEvent(scope) : await spaceEvent(scope);
    // a record with nothing abnormal has nothing to warn of: most events skip the lookup
    if (result.abnormalReasons.length > 0) await warnRecord(scope, result.recordId);
    finishes.push({ eventId, tenantId: scope.device.tenantId, occurredAt: scope.at, lotId: scope.lot.id, freeDelta: scope.freeDelta, recordId: result.recordId, result });
    answers[index] = result;
  }
  if (finishes.length > 0 || writes.size > 0) await writeRecords(tx, writes, finishes);
  return answers;
};

/**
 * Applies one vehicle event from an authenticated device, in one transaction. A device event id seen
 * before changes nothing and gets the answer it got the first time. The call's nonce, when given, is
 * claimed in the same transaction; a nonce seen before throws ReplayedNonceError and changes nothing.
 * `receivedAt` is the server's clock when the call came, which the event's time may not be past.
 */
export const receiveVehicleEvent = async (db: Db, device: Device, event: VehicleEventValues, dataDir: string, nonce?: NonceClaim, receivedAt?: Date): Promise<VehicleEventResult> => {
  // a bad photo or a time past the clock is refused before anything is written
  const photo = event.photo ? decodeEventPhoto(event.photo) : undefined;
  if (receivedAt) refuseFutureEvent(event, receivedAt);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const [answer] = await db.transaction((tx) => applyEvents(tx as unknown as Db, [{ device, event, nonce, photo }], dataDir));
      if (answer === 'replayed' || !answer) throw new ReplayedNonceError();
      return answer;
    } catch (error) {
      // the stay was paid for while the event was applied: it is applied again, reading the payment
      if (!(error instanceof StaleRecordError)) throw error;
      if (attempt === staleAttempts) throw conflict('停车记录正被其他操作修改，请重发该事件');
    }
  }
};

/** how many times an event whose stay keeps changing under it is tried before it is refused */
const staleAttempts = 3;

/**
 * Applies events that arrived together in one transaction, as receiveVehicleEvent applies one: one
 * commit and a few statements for the batch instead of a transaction each. Each call gets its own
 * outcome; if any event fails, the batch is rolled back and each event is applied again on its own,
 * so one bad event refuses only itself. Events of the same lot are applied in the order given.
 */
export const receiveVehicleEvents = async (db: Db, calls: readonly VehicleEventCall[], dataDir: string): Promise<VehicleEventOutcome[]> => {
  const outcomes = new Array<VehicleEventOutcome>(calls.length);
  const ready: (DecodedCall & { index: number })[] = [];
  for (const [index, call] of calls.entries()) {
    try {
      // refused here, an event dated past the clock costs the batch nothing
      if (call.receivedAt) refuseFutureEvent(call.event, call.receivedAt);
      ready.push({ ...call, index, photo: call.event.photo ? decodeEventPhoto(call.event.photo) : undefined });
    } catch (error) {
      outcomes[index] = { error };
    }
  }
  const alone = async (call: DecodedCall & { index: number }) => {
    try {
      outcomes[call.index] = { result: await receiveVehicleEvent(db, call.device, call.event, dataDir, call.nonce, call.receivedAt) };
    } catch (error) {
      outcomes[call.index] = error instanceof ReplayedNonceError ? { replayed: true } : { error };
    }
  };
  if (ready.length === 1) await alone(ready[0]!);
  else if (ready.length > 1) {
    try {
      const answers = await db.transaction((tx) => applyEvents(tx as unknown as Db, ready, dataDir));
      answers.forEach((answer, i) => (outcomes[ready[i]!.index] = answer === 'replayed' ? { replayed: true } : { result: answer }));
    } catch {
      for (const call of ready) await alone(call);
    }
  }
  return outcomes;
};
