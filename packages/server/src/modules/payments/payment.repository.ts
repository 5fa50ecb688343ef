import { and, asc, count, desc, eq, gte, inArray, lte, sql, type AnyColumn } from 'drizzle-orm';
import type { PaymentListValues, RefundListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { countOf, offsetOf, type Page } from '../../shared/paging.js';
import { gatewayOrders, parkingLots, parkingRecords, paymentIdempotencyKeys, payments, refunds, users } from '../../db/schema/index.js';
import { linkedRecord } from '../../db/linked-record.js';
import { tenantEq } from '../../db/tenant-eq.js';

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type ListedPaymentRow = { payment: PaymentRow; plateNumber: string; lotName: string; refunded: number; operatorName: string | null };
export type ListedRefundRow = { refund: RefundRow; plateNumber: string; lotName: string; requestedByName: string | null; decidedByName: string | null };

/**
 * Inserts the payment unless its key was taken; undefined then, and the caller reads the first one.
 * The trigger payments_claim_key claims the key and skips the row when it was taken (schema/payments.ts).
 */
export const claimPayment = async (db: Db, values: typeof payments.$inferInsert) => {
  const [row] = await db.insert(payments).values(values).returning();
  return row;
};

/** The payment that took the key, found in its own month. */
export const findPaymentByKey = async (db: Db, tenantId: string, key: string) => {
  const [row] = await db
    .select({ payment: payments })
    .from(paymentIdempotencyKeys)
    .innerJoin(
      payments,
      and(eq(payments.tenantId, paymentIdempotencyKeys.tenantId), eq(payments.id, paymentIdempotencyKeys.paymentId), eq(payments.createdAt, paymentIdempotencyKeys.paymentCreatedAt)),
    )
    .where(and(eq(paymentIdempotencyKeys.tenantId, tenantId), eq(paymentIdempotencyKeys.idempotencyKey, key)))
    .limit(1);
  return row?.payment;
};

export const findPayment = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), eq(payments.id, id)))
    .limit(1);
  return row;
};

/** fen of the payment already given back or waiting for approval to be */
export const refundsHeld = async (db: Db, tenantId: string, paymentId: string) => {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.tenantId, tenantId), eq(refunds.paymentId, paymentId), inArray(refunds.status, ['requested', 'approved'])));
  return Number(row?.n ?? 0);
};

const approvedRefunds = sql<string>`coalesce((select sum(${refunds.amount}) from ${refunds} where ${refunds.paymentId} = ${payments.id} and ${refunds.status} = 'approved'), 0)`;
const nameOf = (userId: AnyColumn) => sql<string | null>`(select ${users.realName} from ${users} where ${users.id} = ${userId})`;
const listedPayment = { payment: payments, plateNumber: parkingRecords.plateNumber, lotName: parkingLots.name, refunded: approvedRefunds, operatorName: nameOf(payments.operatorId) };
const paymentSort = { paidAt: payments.paidAt, amount: payments.amount } as const;

export const pagePayments = async (db: Db, tenantId: string, filter: Omit<PaymentListValues, 'currentPage' | 'pageSize'>, page: Page) => {
  const where = and(
    eq(payments.tenantId, tenantId),
    filter.recordId ? eq(payments.recordId, filter.recordId) : undefined,
    filter.plateNumber ? eq(parkingRecords.plateNumber, filter.plateNumber) : undefined,
    filter.channel ? eq(payments.channel, filter.channel) : undefined,
    filter.status ? eq(payments.status, filter.status) : undefined,
    filter.paidFrom ? gte(payments.paidAt, new Date(filter.paidFrom)) : undefined,
    filter.paidTo ? lte(payments.paidAt, new Date(filter.paidTo)) : undefined,
  );
  const direction = (filter.sort ?? (filter.sidx ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const [total] = await db.select({ n: count() }).from(payments).innerJoin(parkingRecords, linkedRecord(payments)).where(where);
  const rows = await db
    .select(listedPayment)
    .from(payments)
    .innerJoin(parkingRecords, linkedRecord(payments))
    .innerJoin(parkingLots, tenantEq(parkingLots.id, parkingRecords.lotId))
    .where(where)
    .orderBy(direction(paymentSort[filter.sidx ?? 'paidAt']), asc(payments.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  return { rows: rows.map((r) => ({ ...r, refunded: Number(r.refunded) })), total: countOf(total) };
};

export const findListedPayment = async (db: Db, tenantId: string, id: string): Promise<ListedPaymentRow | undefined> => {
  const [row] = await db
    .select(listedPayment)
    .from(payments)
    .innerJoin(parkingRecords, linkedRecord(payments))
    .innerJoin(parkingLots, tenantEq(parkingLots.id, parkingRecords.lotId))
    .where(and(eq(payments.tenantId, tenantId), eq(payments.id, id)))
    .limit(1);
  return row && { ...row, refunded: Number(row.refunded) };
};

export const insertRefund = async (db: Db, values: typeof refunds.$inferInsert) => {
  const [row] = await db.insert(refunds).values(values).returning();
  return row!;
};

export const findRefund = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.tenantId, tenantId), eq(refunds.id, id)))
    .limit(1);
  return row;
};

/** The provider's order a payment was made through; undefined for money taken at the lot (cash, balance). */
export const findGatewayOrderOfPayment = async (db: Db, tenantId: string, paymentId: string) => {
  const [row] = await db
    .select()
    .from(gatewayOrders)
    .where(and(eq(gatewayOrders.tenantId, tenantId), eq(gatewayOrders.paymentId, paymentId)))
    .limit(1);
  return row;
};

/** Decides a refund, dated `decidedAt` (the app's clock, the date the provider's refund carries) or the database's. */
export const decideRefund = (db: Db, tenantId: string, id: string, values: Pick<RefundRow, 'status' | 'decidedBy' | 'remark'>, decidedAt?: Date) =>
  db
    .update(refunds)
    .set({ ...values, decidedAt: decidedAt ?? sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(refunds.tenantId, tenantId), eq(refunds.id, id)));

const listedRefund = {
  refund: refunds,
  plateNumber: parkingRecords.plateNumber,
  lotName: parkingLots.name,
  requestedByName: nameOf(refunds.requestedBy),
  decidedByName: nameOf(refunds.decidedBy),
};
const refundSort = { createdAt: refunds.createdAt, amount: refunds.amount } as const;

export const pageRefunds = async (db: Db, tenantId: string, filter: Omit<RefundListValues, 'currentPage' | 'pageSize'>, page: Page) => {
  const where = and(
    eq(refunds.tenantId, tenantId),
    filter.status ? eq(refunds.status, filter.status) : undefined,
    filter.recordId ? eq(refunds.recordId, filter.recordId) : undefined,
    filter.paymentId ? eq(refunds.paymentId, filter.paymentId) : undefined,
    filter.plateNumber ? eq(parkingRecords.plateNumber, filter.plateNumber) : undefined,
  );
  const direction = (filter.sort ?? (filter.sidx ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const [total] = await db.select({ n: count() }).from(refunds).innerJoin(parkingRecords, linkedRecord(refunds)).where(where);
  const rows: ListedRefundRow[] = await db
    .select(listedRefund)
    .from(refunds)
    .innerJoin(parkingRecords, linkedRecord(refunds))
    .innerJoin(parkingLots, tenantEq(parkingLots.id, parkingRecords.lotId))
    .where(where)
    .orderBy(direction(refundSort[filter.sidx ?? 'createdAt']), asc(refunds.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  return { rows, total: countOf(total) };
};

export const findListedRefund = async (db: Db, tenantId: string, id: string): Promise<ListedRefundRow | undefined> => {
  const [row] = await db
    .select(listedRefund)
    .from(refunds)
    .innerJoin(parkingRecords, linkedRecord(refunds))
    .innerJoin(parkingLots, tenantEq(parkingLots.id, parkingRecords.lotId))
    .where(and(eq(refunds.tenantId, tenantId), eq(refunds.id, id)))
    .limit(1);
  return row;
};
