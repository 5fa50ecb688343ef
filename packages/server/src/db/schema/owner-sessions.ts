import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { createdAt, tenants } from './tenancy.js';

/**
 * A car owner's signed-in session on the phone pages, apart from staff sessions: its own token,
 * stored only as its SHA-256, reaching only its owner's data.
 */
export const ownerSessions = pgTable(
  'owner_sessions',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout | disabled */
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('owner_sessions_tenant_customer').on(t.tenantId, t.customerId)],
);
