import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { createdAt, tenantLink, tenants } from './tenancy.js';

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
    id: uuid('id').notNull().defaultRandom(),
    customerId: uuid('customer_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout | disabled */
    revokeReason: text('revoke_reason'),
  },
  (t) => [
    // a cookie's session is found by its token's hash before its tenant is known, through the second
    // index (the token is 256 random bits: two tenants' sessions never share one)
    uniqueIndex('owner_sessions_tenant_token_hash').on(t.tenantId, t.tokenHash),
    index('owner_sessions_by_token_hash').on(t.tokenHash),
    index('owner_sessions_tenant_customer').on(t.tenantId, t.customerId),
    primaryKey({ name: 'owner_sessions_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('owner_sessions_customer_id_customers_id_fk', t, t.customerId, customers).onDelete('cascade'),
  ],
);
