import { eq } from 'drizzle-orm';
import { formatAmount } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { payments } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { changeRecord, lockRecord } from '../orders/index.js';
import { voidRecoveryOf } from '../recovery/index.js';
import { recordOperation } from '../system/index.js';
import { lockGatewayOrder, updateGatewayOrder } from './driver-record.repository.js';
import { claimPayment, findPayment, findRefund, insertRefund, refundsHeld } from './payment.repository.js';
import { getPayment, paymentTarget, recordPayment } from './payment.service.js';
import { followRefund } from './refund-follow-up.js';
import { refundAtProvider, refundTarget, sendRefund, type RefundChannel } from './refund.service.js';

/** The provider's trade as its bill states it. */
export interface BilledTrade {
  tradeNo: string;
  amount: number;
  at: Date;
}

const lockedOrder = async (tx: Db, tenantId: string, gatewayOrderNo: string) => {
  const order = await lockGatewayOrder(tx, tenantId, gatewayOrderNo);
  if (!order) throw notFound('支付订单不存在');
  if (order.recordId === null) throw conflict('特殊账单的支付不能在对账中改动，请以我方为准处理');
  const record = await lockRecord(tx, tenantId, order.recordId);
  if (!record) throw notFound('停车记录不存在');
  return { order, record };
};

/**
 * 以渠道为准 of a 渠道漏单: the provider never took this payment, so ours is voided. The payment is
 * marked voided (revenue counts only succeeded payments), the record's paid falls and what it covered
 * is owed again through the orders module's writer as an edit: a car still in or at the barrier owes
 * it there, a car already gone is in arrears (欠费), as after an unpaid exit. The gateway order is
 * closed, so the day reconciled again no longer counts it; an invoice of it is red-flushed as after
 * a refund. A payment taken in arrears (追缴) loses its recovery record: money never taken recovered
 * nothing, and the record is pursued again. A payment with refunds asked for or given is refused:
 * its money has moved since.
 */
export const voidGatewayPayment = async (tx: Db, auth: AuthContext, gatewayOrderNo: string, now: Date) => {
  const { order, record } = await lockedOrder(tx, auth.tenantId, gatewayOrderNo);
  if (order.state !== 'paid' || !order.paymentId) throw conflict('支付订单没有入账的支付，无需作废');
  const payment = await findPayment(tx, auth.tenantId, order.paymentId);
  if (payment?.status !== 'succeeded') throw conflict('该支付已作废');
  if ((await refundsHeld(tx, auth.tenantId, payment.id)) > 0) throw conflict('该支付已有退款申请或退款，不能作废，请以我方为准处理');
  if (payment.amount > record.paid) throw conflict('停车记录的已付金额少于这笔支付，不能作废');
  const before = { payment: await getPayment(tx, auth, payment.id), paid: record.paid, unpaid: record.unpaid, state: record.state };
  await tx.update(payments).set({ status: 'voided' }).where(eq(payments.id, payment.id));
  const changed = await changeRecord(tx, record, 'edit', { paid: record.paid - payment.amount, unpaid: record.unpaid + payment.amount });
  const recovery = await voidRecoveryOf(tx, auth.tenantId, payment.id);
  await updateGatewayOrder(tx, order.id, { state: 'closed', closedAt: now, remark: '对账以渠道为准：渠道无此交易，支付已作废' });
  await followRefund(tx, auth.tenantId, payment.id, payment.amount, now);
  const after = {
    payment: await getPayment(tx, auth, payment.id),
    paid: changed.paid,
    unpaid: changed.unpaid,
    state: changed.state,
    ...(recovery ? { recoveryRemoved: { id: recovery.id, amount: recovery.amount, recoveredAt: recovery.recoveredAt.toISOString() } } : {}),
  };
  await recordOperation(tx, auth, {
    module: 'payments',
    action: 'update',
    target: paymentTarget,
    targetId: payment.id,
    summary: `对账作废支付：停车记录「${after.payment.plateNumber}」${formatAmount(payment.amount)} 元（渠道无此交易）`,
    before,
    after,
  });
  return after;
};

/**
 * 以渠道为准 of a refund we approved that the provider never gave: it is sent again with the same
 * refund number, so the money really goes back and a provider that had given it meanwhile gives
 * nothing twice. Our books already hold the refund; only the provider's side changes.
 */
export const resendRefund = async (tx: Db, auth: AuthContext, channel: RefundChannel, refundId: string) => {
  const refund = await findRefund(tx, auth.tenantId, refundId);
  if (refund?.status !== 'approved') throw conflict('该退款未同意，不能重新提交渠道');
  await lockRecord(tx, auth.tenantId, refund.recordId);
  const order = await refundAtProvider(tx, channel, auth.tenantId, refund.paymentId, refund.id, refund.amount);
  if (!order) throw badRequest('该退款的支付不是线上支付，无需提交渠道');
  await recordOperation(tx, auth, {
    module: 'payments',
    action: 'update',
    target: refundTarget,
    targetId: refund.id,
    summary: `对账重新提交渠道退款：${order.gatewayOrderNo} ${formatAmount(refund.amount)} 元`,
    before: { gatewayOrderNo: order.gatewayOrderNo, refundedAtProvider: false },
    after: { gatewayOrderNo: order.gatewayOrderNo, refundedAtProvider: true, at: channel.now.toISOString() },
  });
};

/**
 * 以渠道为准 of a 长款 金额不符 whose record still owes the difference: the extra the provider took is
 * booked as a payment of the record through the payment path (keyed by the order, so once).
 */
export const bookExtraPayment = async (tx: Db, auth: AuthContext, gatewayOrderNo: string, extra: number, at: Date) => {
  const { order, record } = await lockedOrder(tx, auth.tenantId, gatewayOrderNo);
  const actor = { tenantId: auth.tenantId, userId: auth.userId, account: auth.account, ip: auth.ip, userAgent: auth.userAgent };
  const input = { recordId: record.id, channel: 'sandbox' as const, amount: extra, payer: '', remark: `对账补记：渠道多收 ${order.gatewayOrderNo}` };
  return recordPayment(tx, actor, input, `${order.gatewayOrderNo}:extra`, at);
};

/**
 * 退还重复支付: the provider took money the record does not take (it was settled another way, or
 * the provider took more than asked). The money is booked as a payment, so our books show it came
 * in, and given back at once through the provider as an approved refund with our refund's id as
 * its number. The record's money is unchanged: paid rises and falls by the same amount, and the
 * refund is no concession on the stay, so its discount stays (due − discount = paid + unpaid, and
 * payments − approved refunds = paid, both hold). The provider is asked last: its failure rolls
 * everything back.
 */
export const refundDuplicate = async (tx: Db, auth: AuthContext, channel: RefundChannel, gatewayOrderNo: string, trade: BilledTrade, whole: boolean) => {
  const { order, record } = await lockedOrder(tx, auth.tenantId, gatewayOrderNo);
  if (whole && order.paymentId) throw conflict('这笔交易已入账，不是重复支付');
  if (!whole && !order.paymentId) throw conflict('这笔交易尚未入账，请先以渠道为准补记');
  const remark = whole ? `对账补记：${gatewayOrderNo} 重复支付，已原路退还` : `对账补记：${gatewayOrderNo} 渠道多收，已原路退还`;
  const payment = await claimPayment(tx, {
    tenantId: auth.tenantId,
    recordId: record.id,
    channel: 'sandbox',
    amount: trade.amount,
    idempotencyKey: whole ? gatewayOrderNo : `${gatewayOrderNo}:extra`,
    operatorId: auth.userId,
    remark,
    paidAt: trade.at,
  });
  if (!payment) throw conflict('这笔交易已补记过');
  if (whole) await updateGatewayOrder(tx, order.id, { state: 'paid', tradeNo: trade.tradeNo, paidAt: trade.at, paymentId: payment.id, remark });
  const refund = await insertRefund(tx, {
    tenantId: auth.tenantId,
    paymentId: payment.id,
    recordId: record.id,
    amount: trade.amount,
    reason: whole ? '对账：重复支付原路退还' : '对账：渠道多收原路退还',
    kind: 'duplicate',
    status: 'approved',
    requestedBy: auth.userId,
    decidedBy: auth.userId,
    decidedAt: channel.now,
  });
  // the extra of a 长款 is no trade of its own at the provider: both go back as a refund of the order's trade
  await sendRefund(tx, channel, gatewayOrderNo, refund.id, trade.amount);
  const after = { payment: await getPayment(tx, auth, payment.id), refund: await findRefund(tx, auth.tenantId, refund.id) };
  await recordOperation(tx, auth, {
    module: 'payments',
    action: 'create',
    target: paymentTarget,
    targetId: payment.id,
    summary: `对账退还重复支付：停车记录「${after.payment.plateNumber}」${formatAmount(trade.amount)} 元（${gatewayOrderNo}）`,
    before: { paid: record.paid, unpaid: record.unpaid, discount: record.discount },
    after,
  });
  return after;
};
