import { and, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gatewayOrders, parkingRecords, refunds } from '../../db/schema/index.js';
import { conflict, notFound } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { settleGatewayOrder } from './driver-record.service.js';
import { sandboxBill, type SandboxBillAdjustment } from './gateway/sandbox-bill.js';
import { linkedRecord } from '../../db/linked-record.js';
import { tenantEq } from '../../db/tenant-eq.js';

/** Where reconciliation fetches a provider's daily 交易账单 (WeChat Pay's ALL layout). */
export interface BillSource {
  readonly provider: 'sandbox';
  /** `via`: the caller's transaction, through which the in-database sandbox reads (PGlite has one connection) */
  bill(day: string, via?: Db): Promise<string | undefined>;
}

/** The sandbox provider's bills by its own clock; `billAdjustments` only from tests and the demo seed. */
export const sandboxBills = (db: Db, options: { now: () => Date; billAdjustments?: readonly SandboxBillAdjustment[] }): BillSource => ({
  provider: 'sandbox',
  bill: (day, via) => sandboxBill(via ?? db, day, options.now(), options.billAdjustments),
});

const orderColumns = {
  tenantId: gatewayOrders.tenantId,
  gatewayOrderNo: gatewayOrders.gatewayOrderNo,
  state: gatewayOrders.state,
  amount: gatewayOrders.amount,
  tradeNo: gatewayOrders.tradeNo,
  recordId: gatewayOrders.recordId,
  paymentId: gatewayOrders.paymentId,
  paidAt: gatewayOrders.paidAt,
  plateNumber: parkingRecords.plateNumber,
};

/** Our side of a day: the provider's trades we booked as paid in [from, to), of every tenant the caller may read. */
export const paidGatewayOrders = (db: Db, provider: string, from: Date, to: Date) =>
  db
    .select(orderColumns)
    .from(gatewayOrders)
    .leftJoin(parkingRecords, linkedRecord(gatewayOrders))
    .where(and(eq(gatewayOrders.provider, provider), eq(gatewayOrders.state, 'paid'), gte(gatewayOrders.paidAt, from), lt(gatewayOrders.paidAt, to)));

/** The gateway orders a bill names, whatever their state: a bill names no tenant. */
export const gatewayOrdersByNo = async (db: Db, nos: readonly string[]) =>
  nos.length === 0
    ? []
    : db
        .select(orderColumns)
        .from(gatewayOrders)
        .leftJoin(parkingRecords, linkedRecord(gatewayOrders))
        .where(inArray(gatewayOrders.gatewayOrderNo, [...nos]));

/** Our refunds of the provider's payments approved in [from, to): approval gives the money back on our side only. */
export const approvedGatewayRefunds = (db: Db, provider: string, from: Date, to: Date) =>
  db
    .select({
      tenantId: refunds.tenantId,
      id: refunds.id,
      amount: refunds.amount,
      decidedAt: refunds.decidedAt,
      recordId: refunds.recordId,
      gatewayOrderNo: gatewayOrders.gatewayOrderNo,
      tradeNo: gatewayOrders.tradeNo,
    })
    .from(refunds)
    .innerJoin(gatewayOrders, tenantEq(gatewayOrders.paymentId, refunds.paymentId))
    .where(and(eq(gatewayOrders.provider, provider), eq(refunds.status, 'approved'), isNotNull(refunds.decidedAt), gte(refunds.decidedAt, from), lt(refunds.decidedAt, to)));

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which of a bill's refund numbers are approved refunds of ours, whatever day they were approved (a bill names no tenant). */
export const approvedRefundIds = async (db: Db, refundNos: readonly string[]) => {
  const ids = [...new Set(refundNos.filter((no) => uuidPattern.test(no)))];
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(inArray(refunds.id, ids), eq(refunds.status, 'approved')));
  return new Set(rows.map((r) => r.id));
};

/**
 * 以渠道为准 of a 我方漏单: the provider's trade is applied as its lost notice would have been, through
 * the same settling path (the payment is recorded, the record and its arrears settle), by a staff member.
 * Refused when the record no longer takes the money (paid another way): that is a duplicate to give back.
 */
export const bookBilledTrade = async (db: Db, auth: AuthContext, gatewayOrderNo: string, trade: { tradeNo: string; amount: number; at: Date }, now: Date) =>
  db.transaction(async (tx) => {
    const actor = { tenantId: auth.tenantId, userId: auth.userId, account: auth.account, ip: auth.ip, userAgent: '对账补单·' };
    await settleGatewayOrder(tx, auth.tenantId, gatewayOrderNo, { state: 'paid', tradeNo: trade.tradeNo, amount: trade.amount, at: trade.at.toISOString() }, actor, now);
    const [order] = await tx
      .select()
      .from(gatewayOrders)
      .where(and(eq(gatewayOrders.tenantId, auth.tenantId), eq(gatewayOrders.gatewayOrderNo, gatewayOrderNo)));
    if (!order) throw notFound('支付订单不存在');
    if (!order.paymentId) throw conflict(`停车记录已用其他方式结清，不能补记这笔支付（${order.remark || '无待付金额'}），请选择退还重复支付`);
    return order;
  });
