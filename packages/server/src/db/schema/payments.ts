import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PaymentChannel, PaymentStatus, RefundStatus } from '@parking/contract';
import { users } from './identity.js';
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_tenant_payment').on(t.tenantId, t.paymentId),
    index('refunds_tenant_status').on(t.tenantId, t.status, t.createdAt),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);
