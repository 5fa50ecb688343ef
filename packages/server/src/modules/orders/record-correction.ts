import { formatAmount, type RecordEditKind, type RecordEditRequested, type RecordEditSnapshot } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { reviseCardUse } from '../marketing/index.js';
import { recountLotSpaces } from '../parking/index.js';
import { raiseRecordWarnings } from './order-warning.service.js';
import { findRecordLot, lockLot, moveFreeCount, setSpaceState, type ParkingRecordRow } from './parking-record.repository.js';
import type { RecordEvent } from './record-state.js';
import { changeRecord, lockRecord, planRecordChange, type RecordValues } from './record-store.js';
import { priceStay } from './stay-price.js';
import { quoteStay } from './stay-quote.js';

/**
 * The rules of a correction of a finished or running stay, one path for whoever decided it: the
 * two-person 订单修改审核 (record-edit-audit.service.ts) and an upheld appeal (申诉审核, service module).
 * A correction of plate, times or amount, a void, or a waiver of what is still owed.
 */
export type RecordCorrectionKind = RecordEditKind | 'waiver';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const yuan = (fen: number) => `${formatAmount(fen)} 元`;

/** What an audit keeps of a record before and after a change: its plate, times, state and money. */
export const snapshotOf = (
  r: Pick<ParkingRecordRow, 'plateNumber' | 'plateColour' | 'enteredAt' | 'exitedAt' | 'state' | 'amountDue' | 'discount' | 'paid' | 'unpaid'>,
): RecordEditSnapshot => ({
  plateNumber: r.plateNumber,
  plateColour: r.plateColour,
  enteredAt: iso(r.enteredAt),
  exitedAt: iso(r.exitedAt),
  state: r.state,
  amountDue: r.amountDue,
  discount: r.discount,
  paid: r.paid,
  unpaid: r.unpaid,
});

/** What applying a correction writes: the record's changes, and anything else that follows them (the card use of the stay). */
export interface PlannedEdit {
  /** the move the correction makes; null for one that moves no money (a plate, or the entry of a car still in) */
  on: RecordEvent | null;
  changes: RecordValues;
  alsoApply?: ((tx: Db) => Promise<unknown>) | undefined;
  /** set when the new times are priced to the lot's 最长计费天数: what the 超长停车 warning says */
  longStayDetail?: string;
}

/**
 * Money of a finished stay whose amount due becomes `amountDue` (and its exit `exitedAt`): the group card
 * that paid part of it takes its benefit off the new amount (reviseCardUse), the rest of the discount
 * stays. Refused when the amount falls below what is discounted and paid: money taken goes back only
 * through 退款, which a second person approves.
 */
const moneyFor = async (db: Db, tenantId: string, record: ParkingRecordRow, what: string, amountDue: number, exitedAt?: Date): Promise<PlannedEdit> => {
  const card = await reviseCardUse(db, tenantId, record, amountDue, exitedAt);
  const discount = card ? record.discount - card.before + card.discount : record.discount;
  const floor = discount + record.paid;
  if (amountDue < floor) throw badRequest(`${what}（${yuan(amountDue)}）不能低于优惠与已付之和（${yuan(floor)}），如需减少请先退款`);
  // the one quote of a stay (stay-quote.ts) with the new amount; the state follows from the money (record-state.ts)
  const money = quoteStay(amountDue, { longRental: false, groupCardOff: discount }, record.paid);
  return { on: 'edit', changes: { amountDue: money.amountDue, discount: money.discount, unpaid: money.unpaid }, alsoApply: card?.apply };
};

/**
 * The changes a correction makes to a record as it stands now, or a refusal saying why it cannot.
 * Run when asked and again under the record's lock when applied: the record may have moved between.
 */
export const planEdit = async (db: Db, tenantId: string, record: ParkingRecordRow, kind: RecordCorrectionKind, requested: RecordEditRequested): Promise<PlannedEdit> => {
  if (record.state === 'void') throw badRequest('停车记录已作废，不能再修改');
  switch (kind) {
    case 'plate': {
      const plateNumber = requested.plateNumber ?? '';
      const plateColour = requested.plateColour ?? 0;
      if (plateNumber === record.plateNumber && plateColour === record.plateColour) throw badRequest('新车牌与当前车牌相同，无需修改');
      return { on: null, changes: { plateNumber, plateColour } };
    }
    case 'times': {
      const enteredAt = new Date(requested.enteredAt ?? '');
      const exitedAt = requested.exitedAt ? new Date(requested.exitedAt) : null;
      if (record.state === 'parked') {
        if (exitedAt) throw badRequest('车辆尚未出场，只能修改入场时间');
        if (record.enteredAt?.getTime() === enteredAt.getTime()) throw badRequest('入场时间与当前相同，无需修改');
        return { on: null, changes: { enteredAt } };
      }
      if (!exitedAt) throw badRequest('请填写出场时间');
      if (record.enteredAt?.getTime() === enteredAt.getTime() && record.exitedAt?.getTime() === exitedAt.getTime()) throw badRequest('出入场时间与当前相同，无需修改');
      const priced = await priceStay(db, tenantId, record, enteredAt, exitedAt);
      if (!priced) throw badRequest('该停车记录没有计费规则版本，无法按新的时间重新计费，请改为申请修改应收金额');
      const money = await moneyFor(db, tenantId, record, '按新的时间重新计费的应收金额', priced.result.amount, exitedAt);
      // longer than the lot's 最长计费天数: priced to it, and the record is warned of as 超长停车 when applied
      const longStay = priced.capped && !record.abnormalReasons.includes('long_stay');
      const flagged = longStay ? { abnormal: true, abnormalReasons: [...record.abnormalReasons, 'long_stay' as const] } : {};
      return {
        ...money,
        changes: { enteredAt, exitedAt, ...money.changes, ...flagged },
        ...(priced.capped ? { longStayDetail: `修改后停车超过最长计费${priced.maxStayDays}天，按${priced.maxStayDays}天计费` } : {}),
      };
    }
    case 'amount': {
      if (record.state === 'parked') throw badRequest('车辆尚未出场，出场时按计费规则计费，不能修改应收金额');
      const amountDue = requested.amountDue ?? 0;
      if (amountDue === record.amountDue) throw badRequest('新的应收金额与当前相同，无需修改');
      return moneyFor(db, tenantId, record, '新的应收金额', amountDue);
    }
    case 'void':
      if (record.paid > 0) throw badRequest(`该停车记录已付 ${yuan(record.paid)}，请先退款再作废`);
      // nothing is owed any more; due − discount = paid + unpaid still holds
      return { on: 'void', changes: { unpaid: 0, amountDue: record.discount + record.paid } };
    case 'waiver':
      if (record.unpaid === 0) throw badRequest('该停车记录没有欠费，无需减免');
      // what is owed becomes a discount: due − discount = paid + unpaid still holds, and arrears (unpaid) fall to 0
      // the waived part is kept apart for 营收报表 (申诉减免)
      return { on: 'waiver', changes: { discount: record.discount + record.unpaid, unpaid: 0, waiverDiscount: record.waiverDiscount + record.unpaid } };
  }
};

/**
 * A record locked for a correction, with its lot: the lot before the record, in the order vehicle
 * events take them, so the two never deadlock. Undefined when either is not the tenant's.
 */
export const lockRecordWithLot = async (tx: Db, tenantId: string, recordId: string) => {
  const lotId = await findRecordLot(tx, tenantId, recordId);
  const lot = lotId ? await lockLot(tx, tenantId, lotId) : undefined;
  const record = await lockRecord(tx, tenantId, recordId);
  return lot && record ? { lot, record } : undefined;
};

/** A stay voided while the car was counted in: its lane place or its space is free again, as at an exit. */
const releasePlace = async (tx: Db, tenantId: string, lot: { id: string; kind: string }, record: ParkingRecordRow) => {
  if (lot.kind === 'lane' && record.entryLaneId !== null) await moveFreeCount(tx, tenantId, lot.id, 1);
  if (lot.kind === 'space' && record.spaceId !== null) {
    await setSpaceState(tx, tenantId, record.spaceId, 'free');
    await recountLotSpaces(tx, tenantId, lot.id);
  }
};

/** A correction as it is checked when asked, before anyone decides it: the plan, and whether the record's state takes the move. */
export const checkRecordCorrection = async (tx: Db, tenantId: string, record: ParkingRecordRow, kind: RecordCorrectionKind, requested: RecordEditRequested) => {
  const planned = await planEdit(tx, tenantId, record, kind, requested);
  planRecordChange(record, planned.on, planned.changes);
  return planned;
};

/**
 * Applies a decided correction to a record inside the caller's transaction: locks the lot then the
 * record, plans it on the record as it stands, writes it through the record core (changeRecord), and
 * runs what follows (the stay's card use, a 超长停车 warning, a voided stay's place freed). Answers the
 * record before and after, as rows and as the snapshots an audit keeps.
 */
export const applyRecordCorrection = async (tx: Db, auth: Pick<AuthContext, 'tenantId'>, recordId: string, kind: RecordCorrectionKind, requested: RecordEditRequested) => {
  const locked = await lockRecordWithLot(tx, auth.tenantId, recordId);
  if (!locked) throw notFound('停车记录不存在');
  const { lot, record } = locked;
  const { on, changes, alsoApply, longStayDetail } = await planEdit(tx, auth.tenantId, record, kind, requested);
  const changed = await changeRecord(tx, record, on, changes);
  await alsoApply?.(tx);
  if (longStayDetail) await raiseRecordWarnings(tx, { ...changed, abnormalReasons: ['long_stay'] }, { long_stay: longStayDetail });
  if (kind === 'void' && record.state === 'parked') await releasePlace(tx, auth.tenantId, lot, record);
  return { record, changed, before: snapshotOf(record), after: snapshotOf(changed) };
};
