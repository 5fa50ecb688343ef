import {
  describeEditRequest,
  futureTimeIssue,
  messageTypes,
  recordEditKindNames,
  type RecordEditDecisionValues,
  type RecordEditListValues,
  type RecordEditRequest,
  type RecordEditRequested,
  type RecordEditValues,
} from '@parking/contract';
import type { Db } from '../../db/client.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import { badRequest, conflict, notFound } from '../../plugins/app-error.js';
import { shanghaiDateTime } from '../../shared/xlsx-export.js';
import type { AuthContext } from '../../types.js';
import { markMessagesHandled, raiseMessage } from '../messages/index.js';
import { recordOperation } from '../system/index.js';
import type { ParkingRecordRow } from './parking-record.repository.js';
import { applyRecordCorrection, checkRecordCorrection, lockRecordWithLot, snapshotOf } from './record-correction.js';
import { lockRecord } from './record-store.js';
import { claimRecordEdit, decideRecordEdit, findListedRecordEdit, findOpenRecordEdit, findRecordEdit, pageRecordEdits, type ListedRecordEditRow } from './record-edit-audit.repository.js';
import { priceStay } from './stay-price.js';

export const recordEditTarget = 'recordEditAudit';
const orderEditMessageName = '订单修改审核';
const notFoundMessage = '订单修改申请不存在';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const when = (at: string) => shanghaiDateTime(new Date(at));

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
    // a move the record's state does not take is refused when asked, not only when approved
    await checkRecordCorrection(tx, auth.tenantId, record, input.kind, requested);
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
  const locked = await lockRecordWithLot(tx, auth.tenantId, found.recordId);
  // read again under the lock: a concurrent decision may have come first
  const request = await findRecordEdit(tx, auth.tenantId, id);
  if (!locked || !request) throw notFound(notFoundMessage);
  if (request.status !== 'requested') throw conflict('该修改申请已审核，不能重复审核');
  if (request.requestedBy === auth.userId) throw badRequest('不能审核自己提交的修改申请，请由其他人审核');
  return { request, record: locked.record };
};

const decided = async (tx: Db, auth: AuthContext, id: string, values: Parameters<typeof decideRecordEdit>[3], now: Date) => {
  if (!(await decideRecordEdit(tx, auth.tenantId, id, values))) throw conflict('该修改申请已审核，不能重复审核');
  await markMessagesHandled(tx, auth.tenantId, messageTypes.recordEditAudit, id, now);
  return getRecordEdit(tx, auth, id);
};

/** Applies the correction to the record in one transaction, keeping what it was and what it became; its message is handled at `now` (the app's clock). */
export const approveRecordEdit = (db: Db, auth: AuthContext, id: string, decision: RecordEditDecisionValues, now: Date) =>
  db.transaction(async (tx) => {
    const { request, record } = await openRecordEdit(tx, auth, id);
    // the same rules and side effects as every correction decided elsewhere (record-correction.ts)
    const { before, after } = await applyRecordCorrection(tx, auth, record.id, request.kind, request.requested);
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
