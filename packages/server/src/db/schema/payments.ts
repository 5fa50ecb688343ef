import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PaymentChannel, PaymentStatus, RefundStatus } from '@parking/contract';
import { users } from './identity.js';
import { specialBills } from './marketing.js';
import { recordCreatedAt, recordKey } from './orders.js';
import { createdAt, tenantLink, tenants, updatedAt } from './tenancy.js';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const recordId = () => uuid('record_id').notNull();

/**
 * 支付记录: money taken for a parking record, once per idempotency key of the tenant. Partitioned by
 * month of created_at (migrations 0068–0072): a key cannot be unique across months on the table
 * itself, so paymentIdempotencyKeys holds it, claimed by a trigger as each payment is written.
 */
export const payments = pgTable(
  'payments',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    recordId: recordId(),
    recordCreatedAt: recordCreatedAt(),
    channel: text('channel').$type<PaymentChannel>().notNull(),
    amount: integer('amount').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('succeeded'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    /** the staff member who recorded it; null for a payment the driver made */
    operatorId: uuid('operator_id'),
    payer: text('payer').notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_tenant_record').on(t.tenantId, t.recordId),
    index('payments_tenant_paid_at').on(t.tenantId, t.paidAt),
    check('payments_amount_positive', sql`${t.amount} > 0`),
    // the payment's whole key: the row, the tenant and the month its partitions are cut by; what links to a payment names all three (paymentKey)
    primaryKey({ name: 'payments_pkey', columns: [t.id, t.tenantId, t.createdAt] }),
    ...recordKey('payments', t, 'no action'),
    tenantLink('payments_operator_id_users_id_fk', t, t.operatorId, users).onDelete('set null'),
  ],
);

/**
 * Each payment's idempotency key, unique in its tenant across every month of payments. A retried
 * request carries the same key: the trigger `payments_claim_key` (0068) claims it as the payment is
 * written and, when it was taken, skips the row, as ON CONFLICT DO NOTHING would: the writer reads the
 * first payment by its key. The link to the payment is checked at commit: the key is claimed before its
 * payment is written.
 */
export const paymentIdempotencyKeys = pgTable(
  'payment_idempotency_keys',
  {
    tenantId: tenantId(),
    idempotencyKey: text('idempotency_key').notNull(),
    paymentId: uuid('payment_id').notNull(),
    paymentCreatedAt: timestamp('payment_created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'payment_idempotency_keys_pkey', columns: [t.tenantId, t.idempotencyKey] }),
    uniqueIndex('payment_idempotency_keys_payment').on(t.tenantId, t.paymentId, t.paymentCreatedAt),
    foreignKey({
      name: 'payment_idempotency_keys_payment_fk',
      columns: [t.tenantId, t.paymentId, t.paymentCreatedAt],
      foreignColumns: [payments.tenantId, payments.id, payments.createdAt],
    }).onDelete('cascade'),
  ],
);

/** The month of the payment a row links to: the payment's created_at, filled from the payment by a trigger (migration 0060). */
export const paymentCreatedAt = () => timestamp('payment_created_at', { withTimezone: true });

/** A row's link to a payment by the payment's whole key (tenant, id, month): as recordKey (orders.ts) is to a record. */
export const paymentKey = (table: string, t: { tenantId: AnyPgColumn; paymentId: AnyPgColumn; paymentCreatedAt: AnyPgColumn }, onDelete: 'no action' | 'set null') => [
  foreignKey({ name: `${table}_payment_fk`, columns: [t.tenantId, t.paymentId, t.paymentCreatedAt], foreignColumns: [payments.tenantId, payments.id, payments.createdAt] }).onDelete(
    onDelete,
  ),
  check(`${table}_payment_month`, sql`(${t.paymentId} IS NULL) = (${t.paymentCreatedAt} IS NULL)`),
];

/** 退款: asked for by one user, approved or rejected by another; only an approved refund moves money. */
/**
 * What a refund gives back. A concession is given back off the stay: approving it raises the
 * record's discount by its amount (an appeal's, a complaint's, staff's goodwill). A duplicate is
 * money the stay never took (a second payment of a settled record, or what the provider took above
 * the price), given back by reconciliation's 退还重复支付: the record's discount stays, so the
 * revenue report must not take it off the stay's discount.
 */
export type RefundKind = 'concession' | 'duplicate';

export const refunds = pgTable(
  'refunds',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    paymentId: uuid('payment_id').notNull(),
    paymentCreatedAt: paymentCreatedAt(),
    recordId: recordId(),
    recordCreatedAt: recordCreatedAt(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('requested'),
    requestedBy: uuid('requested_by').notNull(),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    remark: text('remark').notNull().default(''),
    kind: text('kind').$type<RefundKind>().notNull().default('concession'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_tenant_payment').on(t.tenantId, t.paymentId),
    index('refunds_tenant_status').on(t.tenantId, t.status, t.createdAt),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
    check('refunds_kind', sql`${t.kind} in ('concession', 'duplicate')`),
    ...paymentKey('refunds', t, 'no action'),
    ...recordKey('refunds', t, 'no action'),
    primaryKey({ name: 'refunds_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('refunds_requested_by_users_id_fk', t, t.requestedBy, users).onDelete('no action'),
    tenantLink('refunds_decided_by_users_id_fk', t, t.decidedBy, users).onDelete('set null'),
  ],
);

/**
 * 支付网关订单: one attempt of a driver to pay a record at a payment provider. The provider's
 * signed notice moves it from created to paid (the payment is recorded then, keyed by the gateway
 * order no) or closed.
 */
export const gatewayOrders = pgTable(
  'gateway_orders',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** ours, sent to the provider; random, so it cannot be guessed from another */
    gatewayOrderNo: text('gateway_order_no').notNull(),
    /** sandbox */
    provider: text('provider').notNull(),
    /** what is paid for: a parking record, or a special bill (特殊账单); exactly one of the two */
    recordId: uuid('record_id'),
    recordCreatedAt: recordCreatedAt(),
    specialBillId: uuid('special_bill_id'),
    /** the exit lane the driver scanned, to release after payment; null from a PDA or lot code */
    laneId: uuid('lane_id'),
    /** fen asked for: the record's unpaid amount priced at pricedAt */
    amount: integer('amount').notNull(),
    /** the record's fee and discount as priced for this order (a car still in is priced at pricedAt) */
    amountDue: integer('amount_due').notNull(),
    discount: integer('discount').notNull(),
    pricedAt: timestamp('priced_at', { withTimezone: true }).notNull(),
    /** created | paid | closed */
    state: text('state').$type<GatewayOrderState>().notNull().default('created'),
    /** the provider's trade number, from its notice */
    tradeNo: text('trade_no'),
    paymentId: uuid('payment_id'),
    paymentCreatedAt: paymentCreatedAt(),
    /** why a paid notice recorded no payment (the record was settled another way meanwhile) */
    remark: text('remark').notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // unique in the tenant; a provider's notice and bill name the trade by its number alone, found
    // through the second (the number is random: two tenants' trades never share one)
    uniqueIndex('gateway_orders_tenant_no').on(t.tenantId, t.gatewayOrderNo),
    index('gateway_orders_by_no').on(t.gatewayOrderNo),
    index('gateway_orders_tenant_record').on(t.tenantId, t.recordId, t.createdAt),
    check('gateway_orders_amount_positive', sql`${t.amount} > 0`),
    check('gateway_orders_one_subject', sql`num_nonnulls(${t.recordId}, ${t.specialBillId}) = 1`),
    ...recordKey('gateway_orders', t, 'no action'),
    ...paymentKey('gateway_orders', t, 'set null'),
    primaryKey({ name: 'gateway_orders_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('gateway_orders_special_bill_id_special_bills_id_fk', t, t.specialBillId, specialBills).onDelete('no action'),
  ],
);

export type GatewayOrderState = 'created' | 'paid' | 'closed';

/**
 * The sandbox provider's side: what its cashier shows and where it sends its notice. Not a tenant
 * table: a real provider keeps this on its own servers.
 */
export const sandboxCashierOrders = pgTable('sandbox_cashier_orders', {
  gatewayOrderNo: text('gateway_order_no').primaryKey(),
  tradeNo: text('trade_no').notNull(),
  subject: text('subject').notNull(),
  amount: integer('amount').notNull(),
  notifyUrl: text('notify_url').notNull(),
  returnUrl: text('return_url').notNull(),
  /** pending | paid | cancelled */
  state: text('state').notNull().default('pending'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** The sandbox provider's refunds, one per merchant refund number (ours: the refund's id). Not a tenant table. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    refundNo: text('refund_no').primaryKey(),
    gatewayOrderNo: text('gateway_order_no')
      .notNull()
      .references(() => sandboxCashierOrders.gatewayOrderNo, { onDelete: 'no action' }),
    providerRefundNo: text('provider_refund_no').notNull(),
    amount: integer('amount').notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_refunds_order').on(t.gatewayOrderNo), index('sandbox_refunds_refunded_at').on(t.refundedAt), check('sandbox_refunds_amount_positive', sql`${t.amount} > 0`)],
);
