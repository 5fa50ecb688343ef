import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { InvoiceState } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { invoicePayments, invoices, parkingLots, parkingRecords, payments, refunds } from '../../db/schema/index.js';
import { containing } from '../../shared/like-pattern.js';
import { countOf, offsetOf, type Page } from '../../shared/paging.js';
import { linkedRecord } from '../../db/linked-record.js';
import { tenantEq } from '../../db/tenant-eq.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type ListedInvoiceRow = { invoice: InvoiceRow; lotName: string | null };
export interface InvoiceFilter {
  state?: InvoiceState | undefined;
  keyword?: string | undefined;
  lotId?: string | undefined;
  customerId?: string | undefined;
  sidx?: 'requestedAt' | 'amount' | undefined;
  sort?: 'asc' | 'desc' | undefined;
}

const listed = { invoice: invoices, lotName: parkingLots.name };

export const insertInvoice = async (db: Db, values: typeof invoices.$inferInsert) => {
  const [row] = await db.insert(invoices).values(values).returning();
  return row!;
};

/** Links the payments; undefined when one of them is already held by another invoice (the partial unique index decides). */
export const holdPayments = async (db: Db, rows: (typeof invoicePayments.$inferInsert)[]) => {
  const inserted = await db.insert(invoicePayments).values(rows).onConflictDoNothing().returning();
  return inserted.length === rows.length ? inserted : undefined;
};

export const releasePayments = (db: Db, tenantId: string, invoiceId: string) =>
  db
    .update(invoicePayments)
    .set({ holds: false })
    .where(and(eq(invoicePayments.tenantId, tenantId), eq(invoicePayments.invoiceId, invoiceId)));

export const updateInvoice = async (db: Db, tenantId: string, id: string, values: Partial<typeof invoices.$inferInsert>) => {
  const [row] = await db
    .update(invoices)
    .set(values)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, id)))
    .returning();
  return row;
};

export const findListedInvoice = async (db: Db, tenantId: string, id: string): Promise<ListedInvoiceRow | undefined> => {
  const [row] = await db
    .select(listed)
    .from(invoices)
    .leftJoin(parkingLots, tenantEq(parkingLots.id, invoices.lotId))
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, id)))
    .limit(1);
  return row;
};

/** The invoice with its row locked, so two staff actions (or a job pass) on it happen one after the other. */
export const lockInvoice = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, id)))
    .for('update');
  return row;
};

export const pageInvoices = async (db: Db, tenantId: string, filter: InvoiceFilter, page: Page) => {
  const where = and(
    eq(invoices.tenantId, tenantId),
    filter.state ? eq(invoices.state, filter.state) : undefined,
    filter.lotId ? eq(invoices.lotId, filter.lotId) : undefined,
    filter.customerId ? eq(invoices.customerId, filter.customerId) : undefined,
    containing(filter.keyword, invoices.buyerTitle, invoices.phone, invoices.orderNo, invoices.invoiceNo),
  );
  const column = filter.sidx === 'amount' ? invoices.amount : invoices.requestedAt;
  const order = filter.sort === 'asc' ? asc(column) : desc(column);
  const rows = await db
    .select(listed)
    .from(invoices)
    .leftJoin(parkingLots, tenantEq(parkingLots.id, invoices.lotId))
    .where(where)
    .orderBy(order, desc(invoices.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  const [total] = await db.select({ n: count() }).from(invoices).where(where);
  return { rows, total: countOf(total) };
};

/** What each invoice covers, with the record's plate and the payment's time. */
export const itemsOf = (db: Db, tenantId: string, invoiceIds: string[]) =>
  invoiceIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          invoiceId: invoicePayments.invoiceId,
          paymentId: invoicePayments.paymentId,
          amount: invoicePayments.amount,
          holds: invoicePayments.holds,
          paymentAmount: payments.amount,
          recordId: payments.recordId,
          plateNumber: parkingRecords.plateNumber,
          paidAt: payments.paidAt,
        })
        .from(invoicePayments)
        .innerJoin(payments, tenantEq(payments.id, invoicePayments.paymentId))
        .innerJoin(parkingRecords, linkedRecord(payments))
        .where(and(eq(invoicePayments.tenantId, tenantId), inArray(invoicePayments.invoiceId, invoiceIds)))
        .orderBy(asc(payments.paidAt));

const refundedOrHeld = sql<number>`coalesce((select sum(${refunds.amount}) from ${refunds} where ${refunds.tenantId} = ${payments.tenantId} and ${refunds.paymentId} = ${payments.id} and ${refunds.status} in ('approved', 'requested')), 0)::int`;
const heldByInvoice = sql<boolean>`exists (select 1 from ${invoicePayments} where ${invoicePayments.paymentId} = ${payments.id} and ${invoicePayments.holds})`;

/** Payments matching `where`, with what is refunded or waiting to be, and whether an invoice holds them. */
const invoiceablePaymentsWhere = (db: Db, where: SQL | undefined) =>
  db
    .select({
      paymentId: payments.id,
      recordId: payments.recordId,
      amount: payments.amount,
      status: payments.status,
      channel: payments.channel,
      paidAt: payments.paidAt,
      refunded: refundedOrHeld,
      invoiced: heldByInvoice,
      plateNumber: parkingRecords.plateNumber,
      lotId: parkingRecords.lotId,
      lotName: parkingLots.name,
    })
    .from(payments)
    .innerJoin(parkingRecords, linkedRecord(payments))
    .innerJoin(parkingLots, tenantEq(parkingLots.id, parkingRecords.lotId))
    .where(where)
    .orderBy(desc(payments.paidAt));

/** Succeeded payments of the plates given, with what is refunded or waiting to be, and whether an invoice holds them. */
export const paymentsOfPlates = async (db: Db, tenantId: string, plates: { plateNumber: string; plateColour: number }[], paymentIds?: string[]) => {
  if (plates.length === 0) return [];
  return invoiceablePaymentsWhere(
    db,
    and(
      eq(payments.tenantId, tenantId),
      or(...plates.map((p) => and(eq(parkingRecords.plateNumber, p.plateNumber), eq(parkingRecords.plateColour, p.plateColour)))),
      paymentIds ? inArray(payments.id, paymentIds) : undefined,
    ),
  );
};

/** The payments of one record, as paymentsOfPlates answers them. */
export const paymentsOfRecord = (db: Db, tenantId: string, recordId: string) => invoiceablePaymentsWhere(db, and(eq(payments.tenantId, tenantId), eq(payments.recordId, recordId)));

/** Invoices asked for from a record's order page (no owner) that hold or held one of its payments, newest first. */
export const invoicesOfRecordPage = (db: Db, tenantId: string, recordId: string) =>
  db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, tenantId),
        isNull(invoices.customerId),
        eq(invoices.phone, ''),
        inArray(
          invoices.id,
          db
            .select({ id: invoicePayments.invoiceId })
            .from(invoicePayments)
            .innerJoin(payments, tenantEq(payments.id, invoicePayments.paymentId))
            .where(and(eq(invoicePayments.tenantId, tenantId), eq(payments.recordId, recordId))),
        ),
      ),
    )
    .orderBy(desc(invoices.requestedAt), desc(invoices.id));

/** The invoices that hold a payment now, locked. */
export const invoicesHoldingPayment = (db: Db, tenantId: string, paymentId: string) =>
  db
    .select({ invoice: invoices })
    .from(invoicePayments)
    .innerJoin(invoices, tenantEq(invoices.id, invoicePayments.invoiceId))
    .where(and(eq(invoicePayments.tenantId, tenantId), eq(invoicePayments.paymentId, paymentId), eq(invoicePayments.holds, true)))
    .for('update', { of: invoices });

/** Invoices at the provider, oldest submitted first, of every tenant (the job that asks the provider runs for all). */
export const issuingInvoices = (db: Db, limit: number) =>
  db.select({ tenantId: invoices.tenantId, id: invoices.id }).from(invoices).where(eq(invoices.state, 'issuing')).orderBy(asc(invoices.submittedAt)).limit(limit);

/** fen of each payment refunded or waiting for approval to be. */
export const refundsHeldOf = async (db: Db, tenantId: string, paymentIds: string[]) => {
  if (paymentIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ paymentId: refunds.paymentId, total: sql<number>`sum(${refunds.amount})::int` })
    .from(refunds)
    .where(and(eq(refunds.tenantId, tenantId), inArray(refunds.paymentId, paymentIds), inArray(refunds.status, ['approved', 'requested'])))
    .groupBy(refunds.paymentId);
  return new Map(rows.map((r) => [r.paymentId, Number(r.total)]));
};

export const setHeldAmount = (db: Db, tenantId: string, invoiceId: string, paymentId: string, amount: number) =>
  amount > 0
    ? db
        .update(invoicePayments)
        .set({ amount })
        .where(and(eq(invoicePayments.tenantId, tenantId), eq(invoicePayments.invoiceId, invoiceId), eq(invoicePayments.paymentId, paymentId)))
    : db
        .update(invoicePayments)
        .set({ holds: false })
        .where(and(eq(invoicePayments.tenantId, tenantId), eq(invoicePayments.invoiceId, invoiceId), eq(invoicePayments.paymentId, paymentId)));

/** The invoices that hold a payment of the record now, locked. */
export const invoicesHoldingRecord = (db: Db, tenantId: string, recordId: string) =>
  db
    .select({ invoice: invoices })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, tenantId),
        inArray(
          invoices.id,
          db
            .select({ id: invoicePayments.invoiceId })
            .from(invoicePayments)
            .innerJoin(payments, tenantEq(payments.id, invoicePayments.paymentId))
            .where(and(eq(invoicePayments.tenantId, tenantId), eq(payments.recordId, recordId), eq(invoicePayments.holds, true))),
        ),
      ),
    )
    .for('update');

/** The invoice of our order no, in whichever tenant (order nos are unique across them). */
export const findInvoiceByOrderNo = async (db: Db, orderNo: string) => {
  const [row] = await db.select({ tenantId: invoices.tenantId, id: invoices.id }).from(invoices).where(eq(invoices.orderNo, orderNo)).limit(1);
  return row;
};

/** Whether another invoice of the tenant, not reversed, carries this 发票代码 and 发票号码. */
export const invoiceNumberTaken = async (db: Db, tenantId: string, id: string, invoiceCode: string, invoiceNo: string) => {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.invoiceNo, invoiceNo), eq(invoices.invoiceCode, invoiceCode), ne(invoices.id, id), ne(invoices.state, 'redFlushed')))
    .limit(1);
  return row !== undefined;
};
