import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ReconciliationBatchState, ReconciliationMistakeKind, ReconciliationMistakeStatus, ReconciliationResolution } from '@parking/contract';
import { users } from './identity.js';
import { createdAt, tenantLink, tenants } from './tenancy.js';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** 对账批次: one tenant's payments and refunds of one channel on one Shanghai business day, against the provider's bill. */
export const reconciliationBatches = pgTable(
  'reconciliation_batches',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    batchNo: text('batch_no').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    channel: text('channel').notNull(),
    state: text('state').$type<ReconciliationBatchState>().notNull(),
    ourCount: integer('our_count').notNull().default(0),
    ourAmount: integer('our_amount').notNull().default(0),
    ourRefundCount: integer('our_refund_count').notNull().default(0),
    ourRefundAmount: integer('our_refund_amount').notNull().default(0),
    channelCount: integer('channel_count').notNull().default(0),
    channelAmount: integer('channel_amount').notNull().default(0),
    channelRefundCount: integer('channel_refund_count').notNull().default(0),
    channelRefundAmount: integer('channel_refund_amount').notNull().default(0),
    mistakeCount: integer('mistake_count').notNull().default(0),
    unhandledCount: integer('unhandled_count').notNull().default(0),
    /** why a batch failed (the bill could not be read) */
    remark: text('remark').notNull().default(''),
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reconciliation_batches_tenant_day_channel').on(t.tenantId, t.day, t.channel),
    uniqueIndex('reconciliation_batches_tenant_batch_no').on(t.tenantId, t.batchNo),
    check('reconciliation_batches_state', sql`${t.state} in ('succeeded', 'failed', 'no_bill')`),
    primaryKey({ name: 'reconciliation_batches_pkey', columns: [t.id, t.tenantId] }),
  ],
);

/**
 * 对账差错: one trade or refund on which our records and the provider's bill disagree. A 渠道漏单
 * near midnight waits (pending) for the next day's bill before it counts.
 */
export const reconciliationMistakes = pgTable(
  'reconciliation_mistakes',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    batchId: uuid('batch_id').notNull(),
    kind: text('kind').$type<ReconciliationMistakeKind>().notNull(),
    /** 商户订单号: our gateway order no */
    orderNo: text('order_no').notNull(),
    /** 商户退款单号, for a refund's mistake */
    refundNo: text('refund_no').notNull().default(''),
    tradeNo: text('trade_no').notNull().default(''),
    recordId: uuid('record_id'),
    paymentId: uuid('payment_id'),
    refundId: uuid('refund_id'),
    ourAmount: integer('our_amount').notNull().default(0),
    channelAmount: integer('channel_amount').notNull().default(0),
    tradedAt: timestamp('traded_at', { withTimezone: true }).notNull(),
    status: text('status').$type<ReconciliationMistakeStatus>().notNull(),
    resolution: text('resolution').$type<ReconciliationResolution>(),
    remark: text('remark').notNull().default(''),
    resolvedBy: uuid('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reconciliation_mistakes_batch_item').on(t.tenantId, t.batchId, t.kind, t.orderNo, t.refundNo),
    index('reconciliation_mistakes_tenant_status').on(t.tenantId, t.status, t.createdAt),
    check('reconciliation_mistakes_kind', sql`${t.kind} in ('our_missing', 'channel_missing', 'amount_mismatch', 'state_mismatch')`),
    check('reconciliation_mistakes_status', sql`${t.status} in ('pending', 'unhandled', 'resolved')`),
    check('reconciliation_mistakes_resolution', sql`${t.resolution} is null or ${t.resolution} in ('channel', 'ours', 'refund')`),
    primaryKey({ name: 'reconciliation_mistakes_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('reconciliation_mistakes_batch_id_reconciliation_batches_id_fk', t, t.batchId, reconciliationBatches).onDelete('cascade'),
    tenantLink('reconciliation_mistakes_resolved_by_users_id_fk', t, t.resolvedBy, users).onDelete('set null'),
  ],
);
