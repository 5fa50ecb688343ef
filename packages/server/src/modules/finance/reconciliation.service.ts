import {
  balanceOf,
  businessDay,
  businessDayStart,
  formatAmount,
  messageTypes,
  reconciledChannelCodes,
  reconciliationMistakeKindNames,
  reconciliationResolutionNames,
  type ReconciledChannel,
  type ReconciliationBatch,
  type ReconciliationBatchListValues,
  type ReconciliationBatchState,
  type ReconciliationMistake,
  type ReconciliationMistakeKind,
  type ReconciliationMistakeListValues,
  type ReconciliationResolution,
  type ReconciliationResolveValues,
} from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { markMessagesHandled, raiseMessage } from '../messages/index.js';
import {
  approvedGatewayRefunds,
  approvedRefundIds,
  BillFormatError,
  bookBilledTrade,
  bookExtraPayment,
  gatewayOrdersByNo,
  paidGatewayOrders,
  parseBill,
  refundDuplicate,
  resendRefund,
  voidGatewayPayment,
  type Bill,
  type BillSource,
  type GatewayRefunder,
} from '../payments/index.js';
import { recordOperation } from '../system/index.js';
import {
  batchMistakes,
  countBatchMistakes,
  deleteMistakes,
  findListedMistake,
  insertMistake,
  lockMistake,
  pageBatches,
  pageMistakes,
  tenantIds,
  updateBatch,
  updateMistake,
  upsertBatch,
  type ListedMistakeRow,
  type ReconciliationBatchRow,
  type ReconciliationMistakeRow,
} from './reconciliation.repository.js';

export const reconciliationMistakeTarget = 'reconciliationMistake';
const dayMs = 24 * 60 * 60 * 1000;
/** a trade this close to midnight may sit on the provider's bill of the day next to ours */
export const nearMidnightMs = 10 * 60 * 1000;

export const batchNoOf = (day: string, channel: ReconciledChannel) => `${day.replaceAll('-', '')}-${reconciledChannelCodes[channel]}`;
const shiftDay = (day: string, days: number) => businessDay(new Date(businessDayStart(day).getTime() + days * dayMs + dayMs / 2));

type BillRead = { state: 'succeeded'; bill: Bill } | { state: 'no_bill' } | { state: 'failed'; remark: string };

const readBill = async (db: Db, bills: BillSource, day: string): Promise<BillRead> => {
  const text = await bills.bill(day, db);
  if (text === undefined) return { state: 'no_bill' };
  try {
    return { state: 'succeeded', bill: parseBill(text) };
  } catch (error) {
    if (error instanceof BillFormatError) return { state: 'failed', remark: `账单无法读取：${error.message}` };
    throw error;
  }
};

interface FoundMistake {
  kind: ReconciliationMistakeKind;
  orderNo: string;
  refundNo: string;
  tradeNo: string;
  recordId: string | null;
  paymentId: string | null;
  refundId: string | null;
  ourAmount: number;
  channelAmount: number;
  tradedAt: Date;
  status: 'pending' | 'unhandled';
}

interface TenantSide {
  ourCount: number;
  ourAmount: number;
  ourRefundCount: number;
  ourRefundAmount: number;
  channelCount: number;
  channelAmount: number;
  channelRefundCount: number;
  channelRefundAmount: number;
  mistakes: FoundMistake[];
}

const emptySide = (): TenantSide => ({
  ourCount: 0,
  ourAmount: 0,
  ourRefundCount: 0,
  ourRefundAmount: 0,
  channelCount: 0,
  channelAmount: 0,
  channelRefundCount: 0,
  channelRefundAmount: 0,
  mistakes: [],
});

const keyOf = (m: { kind: string; orderNo: string; refundNo: string }) => `${m.kind}|${m.orderNo}|${m.refundNo}`;

export interface ReconcileOutcome {
  day: string;
  channel: ReconciledChannel;
  state: ReconciliationBatchState;
  batches: ReconciliationBatchRow[];
  /** unhandled mistakes this run found for the first time */
  newMistakes: number;
  /** bill rows naming an order no tenant of ours holds */
  unattributed: number;
}

/** Compares the bill with our side and answers, per tenant, the counts and mistakes of the day. */
const compare = async (db: Db, bills: BillSource, day: string, bill: Bill, tenants: Set<string>) => {
  const from = businessDayStart(day);
  const to = new Date(from.getTime() + dayMs);
  const sides = new Map<string, TenantSide>([...tenants].map((t) => [t, emptySide()]));
  const sideOf = (tenantId: string) => sides.get(tenantId);
  let unattributed = 0;

  const paidRows = new Map(bill.rows.filter((r) => r.state === 'SUCCESS').map((r) => [r.orderNo, r]));
  const refundRows = bill.rows.filter((r) => r.state === 'REFUND');
  const orders = new Map((await gatewayOrdersByNo(db, [...new Set(bill.rows.map((r) => r.orderNo))])).map((o) => [o.gatewayOrderNo, o]));

  for (const row of paidRows.values()) {
    const order = orders.get(row.orderNo);
    const side = order && sideOf(order.tenantId);
    if (!order) unattributed += 1;
    if (!order || !side) continue;
    side.channelCount += 1;
    side.channelAmount += row.settledAmount;
    const base = {
      orderNo: row.orderNo,
      refundNo: '',
      tradeNo: row.providerTradeNo,
      recordId: order.recordId,
      paymentId: order.paymentId,
      refundId: null,
      tradedAt: row.at,
      status: 'unhandled' as const,
    };
    if (order.state !== 'paid') side.mistakes.push({ ...base, kind: 'our_missing', ourAmount: 0, channelAmount: row.settledAmount });
    else if (order.amount !== row.settledAmount) side.mistakes.push({ ...base, kind: 'amount_mismatch', ourAmount: order.amount, channelAmount: row.settledAmount });
    // paid, but its notice came for a record already settled another way: no payment took it (「…需退款」)
    else if (order.paymentId === null && order.recordId !== null) side.mistakes.push({ ...base, kind: 'state_mismatch', ourAmount: 0, channelAmount: row.settledAmount });
  }

  const neighbours = new Map<string, Promise<BillRead>>();
  const neighbour = (d: string) => neighbours.get(d) ?? neighbours.set(d, readBill(db, bills, d)).get(d)!;
  for (const order of await paidGatewayOrders(db, bills.provider, from, to)) {
    const side = sideOf(order.tenantId);
    if (!side) continue;
    side.ourCount += 1;
    side.ourAmount += order.amount;
    if (paidRows.has(order.gatewayOrderNo)) continue;
    const paidAt = order.paidAt!;
    const missing: FoundMistake = {
      kind: 'channel_missing',
      orderNo: order.gatewayOrderNo,
      refundNo: '',
      tradeNo: order.tradeNo ?? '',
      recordId: order.recordId,
      paymentId: order.paymentId,
      refundId: null,
      ourAmount: order.amount,
      channelAmount: 0,
      tradedAt: paidAt,
      status: 'unhandled',
    };
    // near midnight the provider may have billed it on the day next to ours: that bill decides
    const nextTo = paidAt.getTime() - from.getTime() < nearMidnightMs ? shiftDay(day, -1) : to.getTime() - paidAt.getTime() <= nearMidnightMs ? shiftDay(day, 1) : undefined;
    if (nextTo) {
      const other = await neighbour(nextTo);
      if (other.state === 'succeeded' && other.bill.rows.some((r) => r.state === 'SUCCESS' && r.orderNo === order.gatewayOrderNo)) continue;
      if (other.state !== 'succeeded') missing.status = 'pending';
    }
    side.mistakes.push(missing);
  }

  const ourRefunds = (await approvedGatewayRefunds(db, bills.provider, from, to)).filter((r) => tenants.has(r.tenantId));
  const billedRefundNos = new Set(refundRows.map((r) => r.refundNo));
  for (const refund of ourRefunds) {
    const side = sideOf(refund.tenantId)!;
    side.ourRefundCount += 1;
    side.ourRefundAmount += refund.amount;
    if (billedRefundNos.has(refund.id)) continue;
    side.mistakes.push({
      kind: 'state_mismatch',
      orderNo: refund.gatewayOrderNo,
      refundNo: refund.id,
      tradeNo: refund.tradeNo ?? '',
      recordId: refund.recordId,
      paymentId: null,
      refundId: refund.id,
      ourAmount: refund.amount,
      channelAmount: 0,
      tradedAt: refund.decidedAt!,
      status: 'unhandled',
    });
  }
  const ourRefundIds = new Set(ourRefunds.map((r) => r.id));
  // a refund of ours approved on another day that the provider gave now (sent again by 以渠道为准) is no mistake
  const givenLate = await approvedRefundIds(
    db,
    refundRows.map((r) => r.refundNo).filter((no) => !ourRefundIds.has(no)),
  );
  for (const row of refundRows) {
    const order = orders.get(row.orderNo);
    const side = order && sideOf(order.tenantId);
    if (!order) unattributed += 1;
    if (!order || !side) continue;
    side.channelRefundCount += 1;
    side.channelRefundAmount += row.refundAmount;
    if (ourRefundIds.has(row.refundNo) || givenLate.has(row.refundNo)) continue;
    side.mistakes.push({
      kind: 'state_mismatch',
      orderNo: row.orderNo,
      refundNo: row.refundNo,
      tradeNo: row.providerTradeNo,
      recordId: order.recordId,
      paymentId: order.paymentId,
      refundId: null,
      ourAmount: 0,
      channelAmount: row.refundAmount,
      tradedAt: row.at,
      status: 'unhandled',
    });
  }
  return { sides, unattributed };
};

/**
 * Brings the batch's mistakes to what was found: new ones are added, one waiting for the next
 * day's bill becomes unhandled once that bill does not have it, one that no longer applies goes
 * unless it was resolved. Answers how many became unhandled now.
 */
const syncMistakes = async (db: Db, batch: ReconciliationBatchRow, found: FoundMistake[]) => {
  const existing = new Map((await batchMistakes(db, batch.tenantId, batch.id)).map((m) => [keyOf(m), m]));
  const wanted = new Set(found.map(keyOf));
  let fresh = 0;
  for (const mistake of found) {
    const before = existing.get(keyOf(mistake));
    if (!before) {
      await insertMistake(db, { tenantId: batch.tenantId, batchId: batch.id, ...mistake });
      if (mistake.status === 'unhandled') fresh += 1;
    } else if (before.status === 'pending' && mistake.status === 'unhandled') {
      await updateMistake(db, before.id, { status: 'unhandled' });
      fresh += 1;
    }
  }
  await deleteMistakes(
    db,
    [...existing.values()].filter((m) => m.status !== 'resolved' && !wanted.has(keyOf(m))).map((m) => m.id),
  );
  return fresh;
};

/**
 * 对账 of one business day and channel: the provider's bill of the day against our payments and
 * refunds of it, one batch per tenant (only `onlyTenant`'s for a 重新对账 from the console). Running
 * a day again changes nothing unless our records or the bill changed. A batch with new mistakes
 * raises a 对账差错 message quoting its batchNo in 「」.
 */
export const reconcileDay = async (db: Db, bills: BillSource, day: string, now: Date, onlyTenant?: string): Promise<ReconcileOutcome> => {
  const channel: ReconciledChannel = bills.provider;
  const read = await readBill(db, bills, day);
  const tenants = new Set(onlyTenant ? [onlyTenant] : await tenantIds(db));
  const compared = read.state === 'succeeded' ? await compare(db, bills, day, read.bill, tenants) : undefined;
  const batchNo = batchNoOf(day, channel);
  const batches: ReconciliationBatchRow[] = [];
  let newMistakes = 0;
  for (const tenantId of tenants) {
    await db.transaction(async (tx) => {
      const batch = await upsertBatch(tx, { tenantId, batchNo, day, channel, state: read.state, remark: read.state === 'failed' ? read.remark : '', reconciledAt: now });
      const side = compared?.sides.get(tenantId);
      let fresh = 0;
      let counts = {};
      if (side) {
        const { mistakes, ...sums } = side;
        fresh = await syncMistakes(tx, batch, mistakes);
        counts = sums;
        await updateBatch(tx, batch.id, sums);
      }
      const mistakeCounts = await countBatchMistakes(tx, batch.id);
      await updateBatch(tx, batch.id, mistakeCounts);
      if (fresh > 0) {
        await raiseMessage(tx, {
          tenantId,
          messageName: '对账差错',
          messageText: `对账批次「${batchNo}」存在 ${mistakeCounts.unhandledCount} 笔差错，请核对`,
          messageType: messageTypes.reconciliationMistake,
          businessId: batch.id,
        });
      }
      newMistakes += fresh;
      batches.push({ ...batch, ...counts, ...mistakeCounts });
    });
  }
  return { day, channel, state: read.state, batches, newMistakes, unattributed: compared?.unattributed ?? 0 };
};

export const toBatch = (b: ReconciliationBatchRow): ReconciliationBatch => ({
  id: b.id,
  batchNo: b.batchNo,
  day: b.day,
  channel: b.channel as ReconciledChannel,
  state: b.state,
  ourCount: b.ourCount,
  ourAmount: b.ourAmount,
  ourRefundCount: b.ourRefundCount,
  ourRefundAmount: b.ourRefundAmount,
  channelCount: b.channelCount,
  channelAmount: b.channelAmount,
  channelRefundCount: b.channelRefundCount,
  channelRefundAmount: b.channelRefundAmount,
  mistakeCount: b.mistakeCount,
  unhandledCount: b.unhandledCount,
  remark: b.remark,
  reconciledAt: b.reconciledAt.toISOString(),
});

/**
 * What a mistake can be resolved with, besides 以我方为准 (keep ours, with a remark), which every one can:
 * - 我方漏单: 以渠道为准 books the provider's trade when the record still takes it; a record settled
 *   another way (or voided) does not, and the money is a duplicate: 退还重复支付 books it and gives it back.
 * - 渠道漏单: 以渠道为准 voids our payment, and the record owes its money again.
 * - 金额不符, 长款 (the provider took more): 以渠道为准 books the extra when the record still owes it,
 *   else 退还重复支付 books the extra and gives it back. 短款 (the provider took less than our payment)
 *   is only kept: a partial void would need a payment of a new amount, which our payments never
 *   change; staff ask for the difference or refund it through 退款.
 * - 状态不符, a refund of ours the provider never gave: 以渠道为准 sends it again (same refund number).
 *   One the provider gave and we did not is only kept: our refunds are asked for and approved by people.
 *   A trade (no refund number) the provider took and we marked paid without a payment, because the
 *   record was settled another way when its notice came: 退还重复支付 books it and gives it back.
 */
export const resolutionsOf = (
  m: Pick<ReconciliationMistake, 'kind' | 'ourAmount' | 'channelAmount' | 'refundNo'> & { refundId: string | null },
  record: { state: string | null; unpaid: number | null },
): ReconciliationResolution[] => {
  const takes = (amount: number) => record.state !== null && record.state !== 'void' && (record.unpaid ?? 0) >= amount;
  switch (m.kind) {
    case 'our_missing':
      // a car still in is priced for its order when the trade is booked, as its notice would have done
      return [record.state === 'parked' || takes(m.channelAmount) ? 'channel' : 'refund', 'ours'];
    case 'channel_missing':
      return ['channel', 'ours'];
    case 'amount_mismatch':
      return m.channelAmount > m.ourAmount ? [takes(m.channelAmount - m.ourAmount) ? 'channel' : 'refund', 'ours'] : ['ours'];
    case 'state_mismatch':
      if (!m.refundNo) return ['refund', 'ours'];
      return m.refundId ? ['channel', 'ours'] : ['ours'];
  }
};

const toMistake = ({ mistake: m, batchNo, day, channel, plateNumber, recordState, recordUnpaid, resolvedByName }: ListedMistakeRow): ReconciliationMistake => ({
  id: m.id,
  batchId: m.batchId,
  batchNo,
  day,
  channel: channel as ReconciledChannel,
  kind: m.kind,
  orderNo: m.orderNo,
  refundNo: m.refundNo,
  tradeNo: m.tradeNo,
  recordId: m.recordId,
  plateNumber: plateNumber ?? '',
  ourAmount: m.ourAmount,
  channelAmount: m.channelAmount,
  // a refund takes money off: one given back on our side only leaves the provider holding more (长款)
  balance: m.refundNo ? balanceOf(m.channelAmount, m.ourAmount) : balanceOf(m.ourAmount, m.channelAmount),
  tradedAt: m.tradedAt.toISOString(),
  status: m.status,
  resolution: m.resolution,
  resolutions: m.status === 'unhandled' ? resolutionsOf(m, { state: recordState, unpaid: recordUnpaid }) : [],
  remark: m.remark,
  resolvedByName,
  resolvedAt: m.resolvedAt?.toISOString() ?? null,
});

export const listBatches = async (db: Db, auth: Pick<AuthContext, 'tenantId'>, query: ReconciliationBatchListValues) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageBatches(db, auth.tenantId, filter, page);
  return pageAnswer(rows, page, total, toBatch);
};

export const listMistakes = async (db: Db, auth: Pick<AuthContext, 'tenantId'>, query: ReconciliationMistakeListValues) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageMistakes(db, auth.tenantId, filter, page);
  return pageAnswer(rows, page, total, toMistake);
};

export const getMistake = async (db: Db, auth: Pick<AuthContext, 'tenantId'>, id: string) => {
  const row = await findListedMistake(db, auth.tenantId, id);
  if (!row) throw notFound('对账差错不存在');
  return toMistake(row);
};

/**
 * 处理对账差错 with one of the mistake's resolutions (resolutionsOf), each through the payments
 * module's own paths (logged there with before and after), in this transaction with the mistake's
 * own change: a provider that refuses a refund rolls the whole resolution back. The resolution is
 * logged; the batch's counts follow, and its message is handled once nothing is left.
 */
export const resolveMistake = (db: Db, auth: AuthContext, id: string, input: ReconciliationResolveValues, now: Date, gateway: GatewayRefunder) =>
  db.transaction(async (tx) => {
    const mistake = await lockMistake(tx, auth.tenantId, id);
    if (!mistake) throw notFound('对账差错不存在');
    if (mistake.status === 'resolved') throw conflict('该差错已处理，不能重复处理');
    if (mistake.status === 'pending') throw badRequest('该渠道漏单正等待次日账单复核，暂不能处理');
    const kindName = reconciliationMistakeKindNames[mistake.kind];
    const resolutionName = reconciliationResolutionNames[input.resolution];
    const before = await getMistake(tx, auth, id);
    if (!before.resolutions.includes(input.resolution)) throw badRequest(`${kindName}不能${resolutionName}`);
    await applyResolution(tx, auth, mistake, input.resolution, { gateway, now });
    await updateMistake(tx, id, { status: 'resolved', resolution: input.resolution, remark: input.remark, resolvedBy: auth.userId, resolvedAt: now });
    const counts = await countBatchMistakes(tx, mistake.batchId);
    await updateBatch(tx, mistake.batchId, counts);
    if (counts.unhandledCount === 0) await markMessagesHandled(tx, auth.tenantId, messageTypes.reconciliationMistake, mistake.batchId, now);
    const after = await getMistake(tx, auth, id);
    await recordOperation(tx, auth, {
      module: 'finance',
      action: 'update',
      target: reconciliationMistakeTarget,
      targetId: id,
      summary: `处理对账差错：${kindName}「${mistake.orderNo}」${resolutionName}（渠道 ${formatAmount(mistake.channelAmount)} 元，我方 ${formatAmount(mistake.ourAmount)} 元）`,
      before,
      after,
    });
    return after;
  });

/** What a resolution changes besides the mistake: nothing for 以我方为准. */
const applyResolution = async (tx: Db, auth: AuthContext, m: ReconciliationMistakeRow, resolution: ReconciliationResolution, channel: { gateway: GatewayRefunder; now: Date }) => {
  if (resolution === 'ours') return;
  const trade = { tradeNo: m.tradeNo, amount: m.channelAmount, at: m.tradedAt };
  const extra = m.channelAmount - m.ourAmount;
  if (m.kind === 'our_missing') {
    if (resolution === 'channel') await bookBilledTrade(tx, auth, m.orderNo, trade, channel.now);
    else await refundDuplicate(tx, auth, channel, m.orderNo, trade, true);
  } else if (m.kind === 'channel_missing') {
    await voidGatewayPayment(tx, auth, m.orderNo, channel.now);
  } else if (m.kind === 'amount_mismatch') {
    if (resolution === 'channel') await bookExtraPayment(tx, auth, m.orderNo, extra, m.tradedAt);
    else await refundDuplicate(tx, auth, channel, m.orderNo, { ...trade, amount: extra }, false);
  } else if (!m.refundNo) {
    await refundDuplicate(tx, auth, channel, m.orderNo, trade, true);
  } else if (m.refundId) {
    await resendRefund(tx, auth, channel, m.refundId);
  }
};

export const yesterdayOf = (now: Date) => shiftDay(businessDay(now), -1);
