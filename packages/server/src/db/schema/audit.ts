import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenancy.js';

/**
 * Who changed what, when, from where, with the row before and after (issue #4 operation log).
 * Partitioned by month of created_at (migrations 0053–0056, db/month-partitions.ts): its key carries
 * the tenant and the month.
 */
export const operationLogs = pgTable(
  'operation_logs',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id'),
    account: text('account').notNull(),
    /** the business module, e.g. system, messages, parking */
    module: text('module').notNull(),
    /** create | update | delete | login | logout | export | other */
    action: text('action').notNull(),
    /** what kind of thing: user, systemMessage, parkingLot… */
    target: text('target').notNull(),
    targetId: text('target_id').notNull().default(''),
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'operation_logs_pkey', columns: [t.tenantId, t.id, t.createdAt] }),
    index('operation_logs_tenant_time').on(t.tenantId, t.createdAt),
    index('operation_logs_tenant_target').on(t.tenantId, t.target, t.targetId),
  ],
);
