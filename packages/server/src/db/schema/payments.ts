import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PaymentChannel, PaymentStatus, RefundStatus } from '@parking/contract';
import { users } from './identity.js';
import { specialBills } from './marketing.js';
import { parkingRecords } from './orders.js';
import { createdAt, tenants, updatedAt } from './tenancy.js';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const recordId = () =>
  uuid('record_id')
    .notNull()
    .references(() => parkingRecords.id, { onDelete: 'no action' });

/** 支付记录: money taken for a parking record, once per idempotency key of the tenant. */
export const payments = pgTable(
  'payments',
  {
    tenantId: tenantId(),
    id: uuid('id').primaryKey().defaultRandom(),
    recordId: recordId(),
    channel: text('channel').$type<PaymentChannel>().notNull(),
    amount: integer('amount').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('succeeded'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    /** the staff member who recorded it; null for a payment the driver made */
    operatorId: uuid('operator_id').references(() => users.id, { onDelete: 'set null' }),
    payer: text('payer').notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    // a retried request carries the same key: the index makes the second insert a no-op
    uniqueIndex('payments_tenant_idempotency_key').on(t.tenantId, t.idempotencyKey),
    index('payments_tenant_record').on(t.tenantId, t.recordId),
    index('payments_tenant_paid_at').on(t.tenantId, t.paidAt),
    check('payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

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
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'no action' }),
    recordId: recordId(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('requested'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'no action' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
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
    id: uuid('id').primaryKey().defaultRandom(),
    /** ours, sent to the provider; random, so it cannot be guessed from another */
    gatewayOrderNo: text('gateway_order_no').notNull(),
    /** sandbox */
    provider: text('provider').notNull(),
    /** what is paid for: a parking record, or a special bill (特殊账单); exactly one of the two */
    recordId: uuid('record_id').references(() => parkingRecords.id, { onDelete: 'no action' }),
    specialBillId: uuid('special_bill_id').references(() => specialBills.id, { onDelete: 'no action' }),
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
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** why a paid notice recorded no payment (the record was settled another way meanwhile) */
    remark: text('remark').notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('gateway_orders_no').on(t.gatewayOrderNo),
    index('gateway_orders_tenant_record').on(t.tenantId, t.recordId, t.createdAt),
    check('gateway_orders_amount_positive', sql`${t.amount} > 0`),
    check('gateway_orders_one_subject', sql`num_nonnulls(${t.recordId}, ${t.specialBillId}) = 1`),
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
