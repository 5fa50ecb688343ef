import {
  appealHoldMinutes,
  appealOutcomeNames,
  appealReasonNames,
  formatAmount,
  futureTimeIssue,
  maskMobile,
  messageTypes,
  type Appeal,
  type AppealDecision,
  type AppealDecisionValues,
  type AppealDetail,
  type AppealListValues,
  type AppealPage,
  type OwnerAppeal,
  type OwnerAppealValues,
  type RecordEditSnapshot,
  type ServicePhoto,
  businessDayStart,
} from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, fieldRefused, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import { shanghaiDateTime } from '../../shared/xlsx-export.js';
import type { AuthContext } from '../../types.js';
import { ownerPlates, type OwnerContext } from '../customers/index.js';
import { markMessagesHandled, raiseMessage } from '../messages/index.js';
import { applyRecordCorrection, snapshotOf } from '../orders/index.js';
import { requestRefund } from '../payments/index.js';
import { recordOperation } from '../system/index.js';
import {
  appealsOfCustomer,
  claimAppealSlot,
  findListedAppeal,
  lockAppeal,
  openAppealOfRecord,
  pageAppeals,
  paymentsOfRecord,
  realNameOf,
  refundsOfRecord,
  updateAppeal,
  type AppealRow,
  type ListedAppealRow,
} from './appeal.repository.js';
import { reviewedStayRow, toReviewedStay, type ReviewedStayRow } from './reviewed-stay.repository.js';
import { servicePhotosOf } from './service-photo.service.js';
import { followAppeal } from './appeal-follow-up.js';

export const appealTarget = 'appeal';
const messageName = '申诉审核';
const notFoundMessage = '申诉不存在';
const openAppealMessage = '该停车记录已有待审核的申诉，请等待审核结果';
const holdMs = appealHoldMinutes * 60_000;
const DAY_MS = 24 * 3600_000;
const iso = (d: Date | null) => d?.toISOString() ?? null;
const yuan = (fen: number) => `${formatAmount(fen)} 元`;
type Origin = { ip: string; userAgent: string };

/** Someone holds it now: a hold past its time is no hold. */
const holderAt = (row: Pick<AppealRow, 'claimedBy' | 'claimedUntil'>, now: Date) => (row.claimedBy && row.claimedUntil && row.claimedUntil.getTime() > now.getTime() ? row.claimedBy : null);

const toAppeal = ({ appeal: a, lotName, claimedByName, decidedByName }: ListedAppealRow, now: Date): Appeal => {
  const holder = a.status === 'pending' ? holderAt(a, now) : null;
  return {
    id: a.id,
    recordId: a.recordId,
    plateNumber: a.plateNumber,
    plateColour: a.plateColour,
    lotName: lotName ?? '',
    customerId: a.customerId,
    phone: a.phone,
    reason: a.reason,
    content: a.content,
    status: a.status,
    outcome: a.outcome,
    decision: a.decision,
    result: a.result,
    rejectReason: a.rejectReason,
    remark: a.remark,
    before: a.before,
    after: a.after,
    claimedBy: holder,
    claimedByName: holder ? claimedByName : null,
    claimedUntil: holder ? iso(a.claimedUntil) : null,
    decidedBy: a.decidedBy,
    decidedByName,
    decidedAt: iso(a.decidedAt),
    filedAt: a.filedAt.toISOString(),
  };
};

export const listAppeals = async (db: Db, auth: AuthContext, query: AppealListValues, now: Date): Promise<AppealPage> => {
  const { page, filter } = splitPage(query);
  const { filedFrom, filedTo, ...rest } = filter;
  const { rows, total } = await pageAppeals(
    db,
    auth.tenantId,
    {
      ...rest,
      ...(filedFrom ? { filedSince: businessDayStart(filedFrom) } : {}),
      ...(filedTo ? { filedUntil: new Date(businessDayStart(filedTo).getTime() + DAY_MS) } : {}),
    },
    page,
  );
  return pageAnswer(rows, page, total, (row) => toAppeal(row, now));
};

/** The stay's payments, each with what of it is refunded and what waits on the 退款 page, and its refunds. */
const moneyOfStay = async (db: Db, tenantId: string, recordId: string) => {
  const refunds = await refundsOfRecord(db, tenantId, recordId);
  const sumOf = (paymentId: string, status: 'approved' | 'requested') => refunds.filter((r) => r.paymentId === paymentId && r.status === status).reduce((sum, r) => sum + r.amount, 0);
  const payments = (await paymentsOfRecord(db, tenantId, recordId)).map((p) => ({ ...p, refunded: sumOf(p.id, 'approved'), refundPending: sumOf(p.id, 'requested') }));
  return { payments, refunds };
};

const appealOf = async (db: Db, tenantId: string, id: string, now: Date) => {
  const row = await findListedAppeal(db, tenantId, id);
  if (!row) throw notFound(notFoundMessage);
  return toAppeal(row, now);
};

/** One appeal with the stay as the reviewer weighs it: its times and money, its payments and refunds. */
export const getAppeal = async (db: Db, auth: Pick<AuthContext, 'tenantId'>, id: string, now: Date): Promise<AppealDetail> => {
  const appeal = await appealOf(db, auth.tenantId, id, now);
  const record = await reviewedStayRow(db, auth.tenantId, appeal.recordId);
  if (!record) throw notFound(notFoundMessage);
  const { payments, refunds } = await moneyOfStay(db, auth.tenantId, appeal.recordId);
  return {
    ...appeal,
    record: toReviewedStay(record),
    payments: payments.map((p) => ({ ...p, paidAt: p.paidAt.toISOString() })),
    refunds: refunds.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    photos: await servicePhotosOf(db, auth.tenantId, { appealId: id }),
  };
};

const toOwnerAppeal = (a: Appeal, photos: ServicePhoto[]): OwnerAppeal => ({
  id: a.id,
  recordId: a.recordId,
  plateNumber: a.plateNumber,
  lotName: a.lotName,
  reason: a.reason,
  content: a.content,
  status: a.status,
  outcome: a.outcome,
  result: a.result,
  rejectReason: a.rejectReason,
  decidedAt: a.decidedAt,
  filedAt: a.filedAt,
  photos,
});

/** The owner's appeals with their decisions, newest first. */
export const ownerAppeals = async (db: Db, owner: OwnerContext, now: Date): Promise<OwnerAppeal[]> =>
  Promise.all(
    (await appealsOfCustomer(db, owner.tenantId, owner.customerId)).map(async (row) =>
      toOwnerAppeal(toAppeal(row, now), await servicePhotosOf(db, owner.tenantId, { appealId: row.appeal.id })),
    ),
  );

const ownerActor = (owner: OwnerContext, origin: Origin) => ({
  tenantId: owner.tenantId,
  userId: null,
  account: `车主 ${maskMobile(owner.phone)}`,
  ip: origin.ip,
  userAgent: origin.userAgent,
});

/**
 * The owner appeals a stay of a plate bound to them (another driver's stay is refused as if it did not
 * exist), once it has ended and while no other appeal of it is open. Raises the type 7 message.
 */
export const fileOwnerAppeal = async (db: Db, owner: OwnerContext, input: OwnerAppealValues, origin: Origin, now: Date): Promise<OwnerAppeal> => {
  const record = await reviewedStayRow(db, owner.tenantId, input.recordId);
  const plates = await ownerPlates(db, owner.tenantId, owner.customerId);
  if (!record || !plates.some((p) => p.plateNumber === record.plateNumber && p.plateColour === record.plateColour)) throw fieldRefused('recordId', '停车记录不存在');
  if (record.state === 'parked') throw badRequest('车辆尚未出场，出场后才能申诉');
  if (record.state === 'void') throw badRequest('该停车记录已作废，不能申诉');
  if (await openAppealOfRecord(db, owner.tenantId, record.id)) throw conflict(openAppealMessage);
  // the partial unique index settles two filings at once
  const id = await claimAppealSlot(db, {
    tenantId: owner.tenantId,
    recordId: record.id,
    customerId: owner.customerId,
    phone: owner.phone,
    plateNumber: record.plateNumber,
    plateColour: record.plateColour,
    reason: input.reason,
    content: input.content,
    filedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  if (!id) throw conflict(openAppealMessage);
  await raiseMessage(db, {
    tenantId: owner.tenantId,
    messageName,
    messageText: `停车记录「${record.plateNumber}」申诉${appealReasonNames[input.reason]}：${input.content.slice(0, 40)}${input.content.length > 40 ? '…' : ''}`,
    messageType: messageTypes.appeal,
    // the record, not the appeal: the message dialog opens the record's 详情 (one open appeal per record)
    businessId: record.id,
  });
  const filed = await appealOf(db, owner.tenantId, id, now);
  await recordOperation(db, ownerActor(owner, origin), {
    module: 'service',
    action: 'create',
    target: appealTarget,
    targetId: id,
    summary: `车主 ${maskMobile(owner.phone)} 申诉停车记录「${record.plateNumber}」：${appealReasonNames[input.reason]}`,
    after: filed,
  });
  return toOwnerAppeal(filed, []);
};

const staffName = async (db: Db, tenantId: string, userId: string) => (await realNameOf(db, tenantId, userId)) || '其他审核人';

/** The appeal locked and still 待审核, or a clear refusal. */
const pendingAppeal = async (tx: Db, auth: AuthContext, id: string, refusal: string) => {
  const row = await lockAppeal(tx, auth.tenantId, id);
  if (!row) throw notFound(notFoundMessage);
  if (row.status !== 'pending') throw conflict(refusal);
  return row;
};

/** Refuses when someone else holds the appeal now. */
const refuseHeldByOther = async (tx: Db, auth: AuthContext, row: AppealRow, now: Date) => {
  const holder = holderAt(row, now);
  if (!holder || holder === auth.userId) return;
  const until = shanghaiDateTime(row.claimedUntil!).slice(11, 16);
  throw conflict(`该申诉已由${await staffName(tx, auth.tenantId, holder)}领取审核（至 ${until}），请稍后再试`);
};

/** 领取: the reviewer holds the appeal for appealHoldMinutes; nobody else decides it meanwhile. Claiming again extends one's own hold. */
export const claimAppeal = (db: Db, auth: AuthContext, id: string, now: Date) =>
  db.transaction(async (tx) => {
    const row = await pendingAppeal(tx, auth, id, '该申诉已审核，无需领取');
    await refuseHeldByOther(tx, auth, row, now);
    await updateAppeal(tx, auth.tenantId, id, { claimedBy: auth.userId, claimedUntil: new Date(now.getTime() + holdMs), updatedAt: now });
    return appealOf(tx, auth.tenantId, id, now);
  });

/** 释放: the holder lets the appeal go; a hold that ran out is anybody's to clear. */
export const releaseAppeal = (db: Db, auth: AuthContext, id: string, now: Date) =>
  db.transaction(async (tx) => {
    const row = await pendingAppeal(tx, auth, id, '该申诉已审核，无需释放');
    await refuseHeldByOther(tx, auth, row, now);
    await updateAppeal(tx, auth.tenantId, id, { claimedBy: null, claimedUntil: null, updatedAt: now });
    return appealOf(tx, auth.tenantId, id, now);
  });

/** What a decision did to the record, and what the appeal keeps of it. */
interface Decided {
  decision: AppealDecision;
  result: string;
  before: RecordEditSnapshot;
  after: RecordEditSnapshot | null;
}

const moneyLine = (after: RecordEditSnapshot) => `应收 ${yuan(after.amountDue)}，欠费 ${yuan(after.unpaid)}`;

/**
 * 退款: the refund goes through the 退款 page's own request (requestRefund), so a second person
 * approves it there and only then does money go back (the record's paid falls and its discount grows).
 * A stay that still owes money has what it owes waived first: refunding part of what was paid while
 * chasing the rest would contradict itself.
 */
const refundOutcome = async (tx: Db, auth: AuthContext, row: AppealRow, stay: ReviewedStayRow, amount: number): Promise<Decided> => {
  if (stay.paid === 0) throw badRequest('该停车记录没有已付金额，无法退款；如需免除欠费请选择「减免欠费」');
  const { payments } = await moneyOfStay(tx, auth.tenantId, row.recordId);
  const refundable = payments.map((p) => ({ id: p.id, left: Math.max(0, p.amount - p.refunded - p.refundPending) }));
  const total = Math.min(
    stay.paid,
    refundable.reduce((sum, p) => sum + p.left, 0),
  );
  if (amount > total) throw badRequest(`退款金额（${yuan(amount)}）不能超过可退金额（${yuan(total)}，已扣除已退和待审核的退款）`);
  const waiver = stay.unpaid > 0 ? await applyRecordCorrection(tx, auth, row.recordId, 'waiver', {}) : undefined;
  const refundIds: string[] = [];
  let left = amount;
  for (const payment of refundable) {
    const part = Math.min(left, payment.left);
    if (part === 0) continue;
    const refund = await requestRefund(tx, auth, { paymentId: payment.id, amount: part, reason: `申诉退款：停车记录「${stay.plateNumber}」${appealReasonNames[row.reason]}` });
    refundIds.push(refund.id);
    left -= part;
  }
  const before = waiver?.before ?? snapshotOf(stay);
  const waived = waiver ? `已减免欠费 ${yuan(stay.unpaid)}，` : '';
  return {
    decision: { refundAmount: amount, refundIds, ...(waiver ? { waived: stay.unpaid } : {}) },
    result: `${waived}退款 ${formatAmount(amount)} 元已提交退款审核，审核通过后原路退回`,
    before,
    after: waiver?.after ?? before,
  };
};

/** The outcome applied to the record through the orders module's correction rules, in the caller's transaction. */
const applyOutcome = async (tx: Db, auth: AuthContext, row: AppealRow, input: AppealDecisionValues, now: Date): Promise<Decided> => {
  const stay = await reviewedStayRow(tx, auth.tenantId, row.recordId);
  if (!stay) throw notFound('停车记录不存在');
  switch (input.kind) {
    case 'reject':
      return { decision: {}, result: `申诉被驳回：${input.reason}`, before: snapshotOf(stay), after: null };
    case 'times': {
      const exitedAt = new Date(input.exitedAt);
      const future = futureTimeIssue('出场时间', exitedAt, now);
      if (future) throw fieldRefused('exitedAt', future);
      if (!stay.enteredAt) throw badRequest('该停车记录没有入场时间，无法按出场时间重新计费，请改为更正应收金额');
      if (exitedAt.getTime() < stay.enteredAt.getTime()) throw fieldRefused('exitedAt', '出场时间不能早于入场时间');
      const changed = await applyRecordCorrection(tx, auth, row.recordId, 'times', { enteredAt: stay.enteredAt.toISOString(), exitedAt: exitedAt.toISOString() });
      return { decision: { exitedAt: exitedAt.toISOString() }, result: `出场时间更正为 ${shanghaiDateTime(exitedAt)}，${moneyLine(changed.after)}`, ...changed };
    }
    case 'plate': {
      const changed = await applyRecordCorrection(tx, auth, row.recordId, 'plate', { plateNumber: input.plateNumber, plateColour: input.plateColour });
      return { decision: { plateNumber: input.plateNumber, plateColour: input.plateColour }, result: `车牌更正为 ${input.plateNumber}`, ...changed };
    }
    case 'amount': {
      // Money taken goes back only through 退款, approved by a second person: a fee lowered below what was
      // paid is refused here with the amount to refund, rather than applied while the money is still kept
      // (the record would say less was due than it holds). The refund outcome, once approved, raises the
      // discount by what goes back, which is the same lower fee in the record's money.
      const floor = stay.discount + stay.paid;
      if (input.amountDue < floor && stay.paid > 0) {
        const back = Math.min(stay.paid, floor - input.amountDue);
        throw badRequest(`新的应收金额（${yuan(input.amountDue)}）低于优惠与已付之和（${yuan(floor)}）：已付的钱只能经退款退回，请改选「退款」，退款 ${yuan(back)}（由他人在退款页面审核）`);
      }
      const changed = await applyRecordCorrection(tx, auth, row.recordId, 'amount', { amountDue: input.amountDue });
      return { decision: { amountDue: input.amountDue }, result: `应收金额更正为 ${yuan(input.amountDue)}，${moneyLine(changed.after)}`, ...changed };
    }
    case 'waive': {
      const changed = await applyRecordCorrection(tx, auth, row.recordId, 'waiver', {});
      return { decision: {}, result: `已减免欠费 ${yuan(stay.unpaid)}`, ...changed };
    }
    case 'refund':
      return refundOutcome(tx, auth, row, stay, input.amount);
  }
};

/**
 * 审核: the outcome is applied to the record in the same transaction (or the appeal rejected with its
 * reason), the appeal is decided once, its hold is cleared and its message leaves the bell's count.
 * Refused while someone else holds it.
 */
export const decideAppeal = (db: Db, auth: AuthContext, id: string, input: AppealDecisionValues, now: Date): Promise<AppealDetail> =>
  db.transaction(async (tx) => {
    const row = await pendingAppeal(tx, auth, id, '该申诉已审核，不能重复审核');
    await refuseHeldByOther(tx, auth, row, now);
    const before = await appealOf(tx, auth.tenantId, id, now);
    const decided = await applyOutcome(tx, auth, row, input, now);
    const rejected = input.kind === 'reject';
    await updateAppeal(tx, auth.tenantId, id, {
      status: rejected ? 'rejected' : 'approved',
      outcome: input.kind,
      decision: decided.decision,
      result: decided.result,
      rejectReason: rejected ? input.reason : '',
      remark: input.remark,
      before: decided.before,
      after: decided.after,
      claimedBy: null,
      claimedUntil: null,
      decidedBy: auth.userId,
      decidedAt: now,
      updatedAt: now,
    });
    await markMessagesHandled(tx, auth.tenantId, messageTypes.appeal, row.recordId, now);
    if (!rejected) await followAppeal(tx, auth.tenantId, { recordId: row.recordId, outcome: input.kind, result: decided.result }, now);
    const after = await appealOf(tx, auth.tenantId, id, now);
    await recordOperation(tx, auth, {
      module: 'service',
      action: 'update',
      target: appealTarget,
      targetId: id,
      summary: `${rejected ? '驳回' : '通过'}申诉（${appealOutcomeNames[input.kind]}）：停车记录「${row.plateNumber}」${decided.result}`,
      before,
      after,
    });
    return getAppeal(tx, auth, id, now);
  });
