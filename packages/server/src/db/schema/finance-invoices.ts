import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BuyerType, InvoiceState } from '@parking/contract';
import { customers } from './customers.js';
import { parkingLots } from './parking.js';
import { paymentCreatedAt, paymentKey } from './payments.js';
import { tenantLink, tenants } from './tenancy.js';

/**
 * 开票记录: an e-invoice a driver asked for over paid payments of one lot. It is sent to the invoice
 * provider under our order no (so a retried submit is the same invoice there); the PDF lies under
 * DATA_DIR (path relative to it) and is served only through the module's authorised routes.
 */
export const invoices = pgTable(
  'invoices',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    orderNo: text('order_no').notNull(),
    customerId: uuid('customer_id'),
    phone: text('phone').notNull().default(''),
    lotId: uuid('lot_id').notNull(),
    buyerType: text('buyer_type').$type<BuyerType>().notNull(),
    buyerTitle: text('buyer_title').notNull(),
    taxNumber: text('tax_number').notNull().default(''),
    email: text('email').notNull(),
    amount: integer('amount').notNull(),
    state: text('state').$type<InvoiceState>().notNull().default('pending'),
    provider: text('provider').notNull().default(''),
    invoiceNo: text('invoice_no'),
    /** 发票代码 of an older 电子普通发票 staff uploaded; empty for a 数电发票 */
    invoiceCode: text('invoice_code').notNull().default(''),
    cause: text('cause').notNull().default(''),
    pdfPath: text('pdf_path'),
    reissueOf: uuid('reissue_of'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    redFlushedAt: timestamp('red_flushed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // unique in the tenant; the invoice platform's answer names the invoice by its number alone, found
    // through the second
    uniqueIndex('invoices_tenant_order_no').on(t.tenantId, t.orderNo),
    index('invoices_by_order_no').on(t.orderNo),
    index('invoices_tenant_requested').on(t.tenantId, t.requestedAt),
    index('invoices_tenant_state').on(t.tenantId, t.state, t.requestedAt),
    index('invoices_tenant_customer').on(t.tenantId, t.customerId, t.requestedAt),
    check('invoices_amount_positive', sql`${t.amount} > 0`),
    check('invoices_buyer_type', sql`${t.buyerType} in ('personal', 'company')`),
    check('invoices_state', sql`${t.state} in ('pending', 'issuing', 'issued', 'failed', 'redPending', 'redFlushed')`),
    primaryKey({ name: 'invoices_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('invoices_customer_id_customers_id_fk', t, t.customerId, customers).onDelete('set null'),
    tenantLink('invoices_lot_id_parking_lots_id_fk', t, t.lotId, parkingLots).onDelete('no action'),
  ],
);

/** The payments one invoice covers; a payment is held by at most one invoice that is not red-flushed. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').notNull(),
    paymentId: uuid('payment_id').notNull(),
    paymentCreatedAt: paymentCreatedAt(),
    amount: integer('amount').notNull(),
    /** false once its invoice is red-flushed: the payment may be invoiced again */
    holds: boolean('holds').notNull().default(true),
  },
  (t) => [
    uniqueIndex('invoice_payments_tenant_invoice_payment').on(t.tenantId, t.invoiceId, t.paymentId),
    uniqueIndex('invoice_payments_tenant_held')
      .on(t.tenantId, t.paymentId)
      .where(sql`${t.holds}`),
    index('invoice_payments_tenant_payment').on(t.tenantId, t.paymentId),
    check('invoice_payments_amount_positive', sql`${t.amount} > 0`),
    ...paymentKey('invoice_payments', t, 'no action'),
    tenantLink('invoice_payments_invoice_id_invoices_id_fk', t, t.invoiceId, invoices).onDelete('cascade'),
  ],
);

/**
 * The sandbox invoice platform's side: what it was asked to issue and when it answers. Not a tenant
 * table: a real platform keeps this on its own servers.
 */
export const sandboxInvoiceOrders = pgTable('sandbox_invoice_orders', {
  orderNo: text('order_no').primaryKey(),
  invoiceNo: text('invoice_no').notNull(),
  /** issuing | issued | failed | redFlushed */
  state: text('state').notNull(),
  cause: text('cause').notNull().default(''),
  /** the submission as it came, to draw the invoice from */
  request: jsonb('request').notNull(),
  readyAt: timestamp('ready_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
