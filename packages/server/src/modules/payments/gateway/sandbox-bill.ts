import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { businessDay, businessDayStart } from '@parking/contract';
import type { Db } from '../../../db/client.js';
import { sandboxCashierOrders, sandboxRefunds } from '../../../db/schema/index.js';
import { writeBill, type BillRow } from './wechat-bill.js';

/**
 * How a test or the simulator makes the sandbox's bill disagree with our records, as a real
 * provider's sometimes does: a trade left out, one we never made, an amount changed, a refund we
 * never gave. Extra trades and refunds appear on the bill of the day their `at` falls on.
 */
export type SandboxBillAdjustment =
  | { kind: 'dropTrade'; orderNo: string }
  | { kind: 'changeAmount'; orderNo: string; amount: number }
  | { kind: 'extraTrade'; orderNo: string; amount: number; at: Date; subject?: string }
  | { kind: 'extraRefund'; orderNo: string; refundNo: string; amount: number; at: Date };

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const dayLength = 24 * 60 * 60 * 1000;
// the sandbox charges as WeChat's usual rate for parking merchants does: 0.60%, rounded to the fen
const rate = '0.60%';
const feeOf = (amount: number) => Math.round((amount * 6) / 1000);

const rowDefaults = {
  appId: 'wxsandbox00000000',
  merchantId: '1900000000',
  subMerchantId: '',
  deviceNo: '',
  payer: '',
  tradeType: 'MWEB',
  bank: 'OTHERS',
  currency: 'CNY',
  couponAmount: 0,
  providerRefundNo: '',
  refundNo: '',
  refundAmount: 0,
  couponRefundAmount: 0,
  refundType: '',
  refundState: '',
  attach: '',
  requestedRefundAmount: 0,
  rateNote: '',
} satisfies Partial<BillRow>;

// the bill quotes nothing: a lot name with an ASCII comma is written with a full-width one
const billText = (text: string) => text.replaceAll(',', '，').replace(/[\r\n]+/g, ' ');

const paidRow = (trade: { gatewayOrderNo: string; tradeNo: string; amount: number; subject: string; at: Date }): BillRow => ({
  ...rowDefaults,
  at: trade.at,
  providerTradeNo: trade.tradeNo,
  orderNo: trade.gatewayOrderNo,
  state: 'SUCCESS',
  settledAmount: trade.amount,
  subject: billText(trade.subject),
  fee: feeOf(trade.amount),
  rate,
  orderAmount: trade.amount,
});

// a refund row carries the refund, not the order again: its order amounts are zero and its fee is given back
const refundRow = (refund: { orderNo: string; tradeNo: string; refundNo: string; amount: number; at: Date }): BillRow => ({
  ...rowDefaults,
  at: refund.at,
  providerTradeNo: refund.tradeNo,
  orderNo: refund.orderNo,
  state: 'REFUND',
  settledAmount: 0,
  providerRefundNo: `SBR${refund.refundNo}`,
  refundNo: refund.refundNo,
  refundAmount: refund.amount,
  refundType: 'ORIGINAL',
  refundState: 'SUCCESS',
  subject: '',
  fee: -feeOf(refund.amount),
  rate,
  orderAmount: 0,
  requestedRefundAmount: refund.amount,
});

/**
 * The sandbox's 交易账单 of a business day: the trades its cashier settled as paid that day and the
 * refunds it gave back that day (a REFUND row each, on the day of the refund, not of its trade). Undefined while the day is not over by the sandbox's clock, as a provider has no bill yet.
 */
export const sandboxBill = async (db: Db, day: string, now: Date, adjustments: readonly SandboxBillAdjustment[] = []) => {
  if (!dayPattern.test(day) || businessDay(businessDayStart(day)) !== day) throw new RangeError(`账单日期应为 YYYY-MM-DD：${day}`);
  const from = businessDayStart(day);
  const to = new Date(from.getTime() + dayLength);
  if (now < to) return undefined;
  const onDay = (at: Date) => at >= from && at < to;
  const trades = await db
    .select()
    .from(sandboxCashierOrders)
    .where(and(eq(sandboxCashierOrders.state, 'paid'), gte(sandboxCashierOrders.decidedAt, from), lt(sandboxCashierOrders.decidedAt, to)))
    .orderBy(asc(sandboxCashierOrders.decidedAt), asc(sandboxCashierOrders.gatewayOrderNo));
  const dropped = new Set(adjustments.flatMap((a) => (a.kind === 'dropTrade' ? [a.orderNo] : [])));
  const changed = new Map(adjustments.flatMap((a) => (a.kind === 'changeAmount' ? [[a.orderNo, a.amount] as const] : [])));
  const rows = trades.filter((t) => !dropped.has(t.gatewayOrderNo)).map((t) => paidRow({ ...t, amount: changed.get(t.gatewayOrderNo) ?? t.amount, at: t.decidedAt! }));
  const refunds = await db
    .select({ refund: sandboxRefunds, tradeNo: sandboxCashierOrders.tradeNo })
    .from(sandboxRefunds)
    .innerJoin(sandboxCashierOrders, eq(sandboxCashierOrders.gatewayOrderNo, sandboxRefunds.gatewayOrderNo))
    .where(and(gte(sandboxRefunds.refundedAt, from), lt(sandboxRefunds.refundedAt, to)))
    .orderBy(asc(sandboxRefunds.refundedAt), asc(sandboxRefunds.refundNo));
  for (const { refund, tradeNo } of refunds) rows.push(refundRow({ orderNo: refund.gatewayOrderNo, tradeNo, refundNo: refund.refundNo, amount: refund.amount, at: refund.refundedAt }));
  for (const a of adjustments) {
    if (a.kind === 'extraTrade' && onDay(a.at)) rows.push(paidRow({ gatewayOrderNo: a.orderNo, tradeNo: `SBX${a.orderNo}`, amount: a.amount, subject: a.subject ?? '', at: a.at }));
    if (a.kind === 'extraRefund' && onDay(a.at)) {
      const [trade] = await db.select().from(sandboxCashierOrders).where(eq(sandboxCashierOrders.gatewayOrderNo, a.orderNo)).limit(1);
      rows.push(refundRow({ ...a, tradeNo: trade?.tradeNo ?? `SBX${a.orderNo}` }));
    }
  }
  rows.sort((x, y) => x.at.getTime() - y.at.getTime());
  return writeBill(rows);
};
