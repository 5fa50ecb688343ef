import { formatAmount, type Refund, type RefundDecisionValues, type RefundListValues, type RefundValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import { badRequest, conflict, notFound } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { changeRecord, lockRecord } from '../orders/index.js';
import { recordOperation } from '../system/index.js';
import { followRefund } from './refund-follow-up.js';
import { GatewayRefundError, type PaymentGateway } from './gateway/payment-gateway.js';
import { decideRefund, findGatewayOrderOfPayment, findListedRefund, findPayment, findRefund, insertRefund, pageRefunds, refundsHeld, type ListedRefundRow } from './payment.repository.js';

export const refundTarget = 'refund';

/** What gives money of an online payment back: the provider, or none when no provider is wired in (PAYMENT_PROVIDER=none). */
export type GatewayRefunder = Pick<PaymentGateway, 'refund'> | undefined;

/** How an approval reaches the provider: its gateway and the app's clock, which dates both the approval and the provider's refund. */
export interface RefundChannel {
  gateway: GatewayRefunder;
  now: Date;
}

/**
 * Asks the provider to give `amount` of its trade `gatewayOrderNo` back as refund `refundNo`. A
 * provider's refusal or failure is a 409 in Chinese (a 5xx would hide its message); the caller's
 * transaction rolls back with it.
 */
export const sendRefund = async (tx: Db, channel: RefundChannel, gatewayOrderNo: string, refundNo: string, amount: number) => {
  if (!channel.gateway) throw badRequest('未接入支付渠道，不能原路退回线上支付的款项');
  try {
    return await channel.gateway.refund({ gatewayOrderNo, refundNo, amount, at: channel.now }, tx);
  } catch (error) {
    const reason = error instanceof GatewayRefundError ? error.message : '支付渠道无响应';
    throw conflict(`渠道退款失败：${reason}，请稍后重试`);
  }
};

/** Gives `amount` of a payment back through the provider it was paid through; nothing for money taken at the lot (no gateway order). Answers the gateway order, if any. */
export const refundAtProvider = async (tx: Db, channel: RefundChannel, tenantId: string, paymentId: string, refundNo: string, amount: number) => {
  const order = await findGatewayOrderOfPayment(tx, tenantId, paymentId);
  if (order) await sendRefund(tx, channel, order.gatewayOrderNo, refundNo, amount);
  return order;
};

const toRefund = ({ refund: r, plateNumber, lotName, requestedByName, decidedByName }: ListedRefundRow): Refund => ({
  id: r.id,
  paymentId: r.paymentId,
  recordId: r.recordId,
  plateNumber,
  lotName,
  amount: r.amount,
  reason: r.reason,
  status: r.status,
  requestedBy: r.requestedBy,
  requestedByName: requestedByName ?? '',
  decidedBy: r.decidedBy,
  decidedByName,
  decidedAt: r.decidedAt?.toISOString() ?? null,
  remark: r.remark,
  createdAt: r.createdAt.toISOString(),
});

export const listRefunds = async (db: Db, auth: AuthContext, query: RefundListValues) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageRefunds(db, auth.tenantId, filter, page);
  return pageAnswer(rows, page, total, toRefund);
};

export const getRefund = async (db: Db, auth: AuthContext, id: string) => {
  const row = await findListedRefund(db, auth.tenantId, id);
  if (!row) throw notFound('退款记录不存在');
  return toRefund(row);
};

/** Asks for part or all of a payment back; what is already refunded or waiting for approval cannot be asked for again. */
export const requestRefund = (db: Db, auth: AuthContext, input: RefundValues) =>
  db.transaction(async (tx) => {
    const payment = await findPayment(tx, auth.tenantId, input.paymentId);
    if (!payment) throw notFound('支付记录不存在');
    if (payment.status !== 'succeeded') throw badRequest('该笔支付已作废，不能退款');
    // the record's lock also serialises refund requests of its payments
    await lockRecord(tx, auth.tenantId, payment.recordId);
    const refundable = payment.amount - (await refundsHeld(tx, auth.tenantId, payment.id));
    if (input.amount > refundable) {
      throw badRequest(`退款金额（${formatAmount(input.amount)} 元）不能超过可退金额（${formatAmount(refundable)} 元，已扣除已退和待审核的退款）`);
    }
    const row = await insertRefund(tx, {
      tenantId: auth.tenantId,
      paymentId: payment.id,
      recordId: payment.recordId,
      amount: input.amount,
      reason: input.reason,
      requestedBy: auth.userId,
    });
    const refund = await getRefund(tx, auth, row.id);
    await recordOperation(tx, auth, {
      module: 'payments',
      action: 'create',
      target: refundTarget,
      targetId: refund.id,
      summary: `申请退款：停车记录「${refund.plateNumber}」${formatAmount(refund.amount)} 元`,
      after: refund,
    });
    return refund;
  });

/** A refund waiting for approval, with its record locked; decided only by someone other than who asked. */
const openRefund = async (tx: Db, auth: AuthContext, id: string) => {
  const found = await findRefund(tx, auth.tenantId, id);
  if (!found) throw notFound('退款记录不存在');
  const record = await lockRecord(tx, auth.tenantId, found.recordId);
  // read again under the lock: a concurrent decision may have come first
  const refund = await findRefund(tx, auth.tenantId, id);
  if (!record || !refund) throw notFound('退款记录不存在');
  if (refund.status !== 'requested') throw conflict('该退款已审核，不能重复审核');
  if (refund.requestedBy === auth.userId) throw badRequest('不能审核自己申请的退款，请由其他人审核');
  return { refund, record };
};

/** Marks the refund decided and logs it: 同意退款 or 驳回退款 of the record's plate and amount, with what changed. */
const decided = async (tx: Db, auth: AuthContext, id: string, status: 'approved' | 'rejected', decision: RefundDecisionValues, before: object, changed: object = {}, decidedAt?: Date) => {
  await decideRefund(tx, auth.tenantId, id, { status, decidedBy: auth.userId, remark: decision.remark }, decidedAt);
  const after = await getRefund(tx, auth, id);
  await recordOperation(tx, auth, {
    module: 'payments',
    action: 'update',
    target: refundTarget,
    targetId: id,
    summary: `${status === 'approved' ? '同意' : '驳回'}退款：停车记录「${after.plateNumber}」${formatAmount(after.amount)} 元`,
    before,
    after: { ...after, ...changed },
  });
  return after;
};

/**
 * Gives the money back. The refund is a concession, not a reopened debt: paid goes down and the
 * record's discount goes up by the same amount, unpaid and state stay, so due − discount = paid + unpaid
 * and payments − approved refunds = paid both still hold.
 *
 * A payment made through the provider (it has a gateway order) is refunded there, with the refund's
 * id as the provider's refund number, after our record and refund are changed and before they
 * commit: a provider that refuses or fails throws, everything rolls back, and the refund stays
 * 待审核 to be approved again later (the same refund number then cannot give the money twice). If the
 * commit itself fails after the provider refunded, the provider's bill holds a refund we do not:
 * reconciliation finds it as a 状态不符. Cash and balance payments are refunded here only.
 */
export const approveRefund = (db: Db, auth: AuthContext, id: string, decision: RefundDecisionValues, channel: RefundChannel) =>
  db.transaction(async (tx) => {
    const { refund, record } = await openRefund(tx, auth, id);
    if (refund.amount > record.paid) throw conflict('停车记录的已付金额不足以退款');
    const changed = await changeRecord(tx, record, 'refund', { discount: record.discount + refund.amount, paid: record.paid - refund.amount });
    const money = { discount: changed.discount, paid: changed.paid, unpaid: changed.unpaid, state: changed.state };
    const before = { status: refund.status, discount: record.discount, paid: record.paid, unpaid: record.unpaid };
    const after = await decided(tx, auth, id, 'approved', decision, before, money, channel.now);
    await refundAtProvider(tx, channel, auth.tenantId, refund.paymentId, refund.id, refund.amount);
    await followRefund(tx, auth.tenantId, refund.paymentId, refund.amount, new Date(after.decidedAt ?? after.createdAt));
    return after;
  });

export const rejectRefund = (db: Db, auth: AuthContext, id: string, decision: RefundDecisionValues, now?: Date) =>
  db.transaction(async (tx) => {
    const { refund } = await openRefund(tx, auth, id);
    return decided(tx, auth, id, 'rejected', decision, { status: refund.status }, {}, now);
  });
