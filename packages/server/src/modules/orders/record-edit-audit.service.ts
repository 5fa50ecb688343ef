import {
  describeEditRequest,
  formatAmount,
  futureTimeIssue,
  messageTypes,
  recordEditKindNames,
  type RecordEditDecisionValues,
  type RecordEditKind,
  type RecordEditListValues,
  type RecordEditRequest,
  type RecordEditRequested,
  type RecordEditSnapshot,
  type RecordEditValues,
} from '@parking/contract';
import type { Db } from '../../db/client.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import { badRequest, conflict, notFound } from '../../plugins/app-error.js';
import { shanghaiDateTime } from '../../shared/xlsx-export.js';
import type { AuthContext } from '../../types.js';
import { reviseCardUse } from '../marketing/index.js';
import { markMessagesHandled, raiseMessage } from '../messages/index.js';
import { recordOperation } from '../system/index.js';
import { recountLotSpaces } from '../parking/index.js';
import { findRecordLot, lockLot, moveFreeCount, setSpaceState, type ParkingRecordRow } from './parking-record.repository.js';
import { changeRecord, lockRecord, planRecordChange, type RecordValues } from './record-store.js';
import type { RecordEvent } from './record-state.js';
import { claimRecordEdit, decideRecordEdit, findListedRecordEdit, findOpenRecordEdit, findRecordEdit, pageRecordEdits, type ListedRecordEditRow } from './record-edit-audit.repository.js';
import { raiseRecordWarnings } from './order-warning.service.js';
import { priceStay } from './stay-price.js';
import { quoteStay } from './stay-quote.js';

export const recordEditTarget = 'recordEditAudit';
const orderEditMessageName = '订单修改审核';
const notFoundMessage = '订单修改申请不存在';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const yuan = (fen: number) => `${formatAmount(fen)} 元`;
const when = (at: string) => shanghaiDateTime(new Date(at));

export const snapshotOf = (r: ParkingRecordRow): RecordEditSnapshot => ({
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

const toRecordEdit = ({ request: r, plateNumber, plateColour, lotId, lotName, requestedByName, decidedByName }: ListedRecordEditRow): RecordEditRequest => ({
  id: r.id,
  recordId: r.recordId,
  plateNumber,
  plateColour,
  lotId,
  lotName,
  kind: r.kind,
  requested: r.requested,
  reason: r.reason,
  status: r.status,
  requestedBy: r.requestedBy,
  requestedByName: requestedByName ?? '',
  decidedBy: r.decidedBy,
  decidedByName,
  decidedAt: iso(r.decidedAt),
  decisionRemark: r.decisionRemark,
  before: r.before,
  after: r.after,
  createdAt: r.createdAt.toISOString(),
});

export const listRecordEditPage = async (db: Db, auth: AuthContext, query: RecordEditListValues) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageRecordEdits(db, auth.tenantId, filter, page);
  return pageAnswer(rows, page, total, toRecordEdit);
};

/** A record's corrections, newest first, for its detail page. */
export const listRecordEdits = async (db: Db, auth: AuthContext, recordId: string) =>
  (await pageRecordEdits(db, auth.tenantId, { recordId }, { currentPage: 1, pageSize: 200 })).rows.map(toRecordEdit);

export const getRecordEdit = async (db: Db, auth: AuthContext, id: string) => {
  const row = await findListedRecordEdit(db, auth.tenantId, id);
  if (!row) throw notFound(notFoundMessage);
  return toRecordEdit(row);
};

/**
 * Money of a finished stay whose amount due becomes `amountDue` (and its exit `exitedAt`): the group card
 * that paid part of it takes its benefit off the new amount (reviseCardUse), the rest of the discount
 * stays. Refused when the amount falls below what is discounted and paid.
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

/** What approving a correction writes: the record's changes, and anything else that follows them (the card use of the stay). */
interface PlannedEdit {
  /** the move the correction makes; null for one that moves no money (a plate, or the entry of a car still in) */
  on: RecordEvent | null;
  changes: RecordValues;
  alsoApply?: ((tx: Db) => Promise<unknown>) | undefined;
  /** set when the new times are priced to the lot's 最长计费天数: what the 超长停车 warning says */
  longStayDetail?: string;
}

/**
 * The changes a correction makes to a record as it stands now, or a refusal saying why it cannot.
 * Run when asked and again under the record's lock when approved: the record may have moved between.
 */
const planEdit = async (db: Db, tenantId: string, record: ParkingRecordRow, kind: RecordEditKind, requested: RecordEditRequested): Promise<PlannedEdit> => {
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
  }
};

/** The values of a request as stored: what was asked for, and for an amount the fee the stored tariff gives. */
const requestedOf = async (db: Db, tenantId: string, record: ParkingRecordRow, input: RecordEditValues): Promise<RecordEditRequested> => {
  switch (input.kind) {
    case 'plate':
      return { plateNumber: input.plateNumber, plateColour: input.plateColour };
    case 'times':
      return { enteredAt: new Date(input.enteredAt).toISOString(), exitedAt: input.exitedAt === null ? null : new Date(input.exitedAt).toISOString() };
    case 'amount': {
      const priced = record.enteredAt && record.exitedAt ? await priceStay(db, tenantId, record, record.enteredAt, record.exitedAt) : undefined;
      return { amountDue: input.amountDue, suggestedAmountDue: priced?.result.amount ?? null };
    }
    case 'void':
      return {};
  }
};

const openRequestMessage = '该停车记录已有待审核的修改申请，请等审核后再申请';

/** New times may not be later than now: the one check of them the schema cannot make without the request's clock. */
const refuseFutureTimes = (input: RecordEditValues, now: Date) => {
  if (input.kind !== 'times') return;
  const issue = futureTimeIssue('入场时间', new Date(input.enteredAt), now) ?? (input.exitedAt === null ? undefined : futureTimeIssue('出场时间', new Date(input.exitedAt), now));
  if (issue) throw badRequest(issue);
};

/** Asks for a correction of a record; nothing changes until another user approves it. `now` is the app's clock. */
export const requestRecordEdit = (db: Db, auth: AuthContext, input: RecordEditValues, now: Date) =>
  db.transaction(async (tx) => {
    refuseFutureTimes(input, now);
    const record = await lockRecord(tx, auth.tenantId, input.recordId);
    if (!record) throw notFound('停车记录不存在');
    if (await findOpenRecordEdit(tx, auth.tenantId, record.id)) throw conflict(openRequestMessage);
    const requested = await requestedOf(tx, auth.tenantId, record, input);
    const planned = await planEdit(tx, auth.tenantId, record, input.kind, requested);
    // a move the record's state does not take is refused when asked, not only when approved
    planRecordChange(record, planned.on, planned.changes);
    const row = await claimRecordEdit(tx, {
      tenantId: auth.tenantId,
      recordId: record.id,
      kind: input.kind,
      requested,
      reason: input.reason,
      requestedBy: auth.userId,
      before: snapshotOf(record),
    });
    if (!row) throw conflict(openRequestMessage);
    const edit = await getRecordEdit(tx, auth, row.id);
    const what = describeEditRequest(edit.kind, edit.requested, when);
    await raiseMessage(tx, {
      tenantId: auth.tenantId,
      messageName: orderEditMessageName,
      messageText: `停车记录「${record.plateNumber || '无牌车'}」申请${recordEditKindNames[edit.kind]}：${what}。原因：${edit.reason}`,
      messageType: messageTypes.recordEditAudit,
      businessId: edit.id,
    });
    await recordOperation(tx, auth, {
      module: 'orders',
      action: 'create',
      target: recordEditTarget,
      targetId: edit.id,
      summary: `申请${recordEditKindNames[edit.kind]}：停车记录「${record.plateNumber}」${what}`,
      after: edit,
    });
    return edit;
  });

/** A request still open, with its record locked; decided only by someone other than who asked. */
const openRecordEdit = async (tx: Db, auth: AuthContext, id: string) => {
  const found = await findRecordEdit(tx, auth.tenantId, id);
  if (!found) throw notFound(notFoundMessage);
  // the lot before the record, in the order vehicle events take them, so the two never deadlock
  const lotId = await findRecordLot(tx, auth.tenantId, found.recordId);
  const lot = lotId ? await lockLot(tx, auth.tenantId, lotId) : undefined;
  const record = await lockRecord(tx, auth.tenantId, found.recordId);
  // read again under the lock: a concurrent decision may have come first
  const request = await findRecordEdit(tx, auth.tenantId, id);
  if (!lot || !record || !request) throw notFound(notFoundMessage);
  if (request.status !== 'requested') throw conflict('该修改申请已审核，不能重复审核');
  if (request.requestedBy === auth.userId) throw badRequest('不能审核自己提交的修改申请，请由其他人审核');
  return { request, record, lot };
};

/** A stay voided while the car was counted in: its lane place or its space is free again, as at an exit. */
const releasePlace = async (tx: Db, tenantId: string, lot: { id: string; kind: string }, record: ParkingRecordRow) => {
  if (lot.kind === 'lane' && record.entryLaneId !== null) await moveFreeCount(tx, tenantId, lot.id, 1);
  if (lot.kind === 'space' && record.spaceId !== null) {
    await setSpaceState(tx, tenantId, record.spaceId, 'free');
    await recountLotSpaces(tx, tenantId, lot.id);
  }
};

const decided = async (tx: Db, auth: AuthContext, id: string, values: Parameters<typeof decideRecordEdit>[3], now: Date) => {
  if (!(await decideRecordEdit(tx, auth.tenantId, id, values))) throw conflict('该修改申请已审核，不能重复审核');
  await markMessagesHandled(tx, auth.tenantId, messageTypes.recordEditAudit, id, now);
  return getRecordEdit(tx, auth, id);
};

/** Applies the correction to the record in one transaction, keeping what it was and what it became; its message is handled at `now` (the app's clock). */
export const approveRecordEdit = (db: Db, auth: AuthContext, id: string, decision: RecordEditDecisionValues, now: Date) =>
  db.transaction(async (tx) => {
    const { request, record, lot } = await openRecordEdit(tx, auth, id);
    const { on, changes, alsoApply, longStayDetail } = await planEdit(tx, auth.tenantId, record, request.kind, request.requested);
    const changed = await changeRecord(tx, record, on, changes);
    await alsoApply?.(tx);
    if (longStayDetail) await raiseRecordWarnings(tx, { ...changed, abnormalReasons: ['long_stay'] }, { long_stay: longStayDetail });
    if (request.kind === 'void' && record.state === 'parked') await releasePlace(tx, auth.tenantId, lot, record);
    const before = snapshotOf(record);
    const after = snapshotOf(changed);
    const edit = await decided(tx, auth, id, { status: 'approved', decidedBy: auth.userId, decisionRemark: decision.remark, before, after }, now);
    await recordOperation(tx, auth, {
      module: 'orders',
      action: 'update',
      target: recordEditTarget,
      targetId: id,
      summary: `通过${recordEditKindNames[request.kind]}：停车记录「${record.plateNumber}」${describeEditRequest(request.kind, request.requested, when)}`,
      before,
      after,
    });
    return edit;
  });

export const rejectRecordEdit = (db: Db, auth: AuthContext, id: string, decision: RecordEditDecisionValues, now: Date) =>
  db.transaction(async (tx) => {
    const { request, record } = await openRecordEdit(tx, auth, id);
    const edit = await decided(tx, auth, id, { status: 'rejected', decidedBy: auth.userId, decisionRemark: decision.remark, before: request.before, after: null }, now);
    await recordOperation(tx, auth, {
      module: 'orders',
      action: 'update',
      target: recordEditTarget,
      targetId: id,
      summary: `驳回${recordEditKindNames[request.kind]}：停车记录「${record.plateNumber}」${decision.remark ? `，${decision.remark}` : ''}`,
      before: { status: request.status },
      after: edit,
    });
    return edit;
  });
