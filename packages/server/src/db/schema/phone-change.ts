import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PhoneChangeStatus } from '@parking/contract';
import { customers } from './customers.js';
import { users } from './identity.js';
import { tenantLink, tenants } from './tenancy.js';

/**
 * 手机号变更申请: an owner who lost the old number asks for their account to move to a new one (whose
 * SMS code they gave), with a 行驶证 photo and one of their order numbers as evidence. The photo lies
 * under DATA_DIR (photo_path) until some days after the decision.
 */
export const phoneChangeRequests = pgTable(
  'phone_change_requests',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    status: text('status').$type<PhoneChangeStatus>().notNull().default('pending'),
    customerId: uuid('customer_id').notNull(),
    /** the owner's number when the request was filed, and the number asked for */
    oldPhone: text('old_phone').notNull(),
    newPhone: text('new_phone').notNull(),
    /** as the owner typed it: a stay's record id or a payment's order number */
    orderNo: text('order_no').notNull(),
    /** relative to DATA_DIR; null once removed */
    photoPath: text('photo_path'),
    photoRemovedAt: timestamp('photo_removed_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectReason: text('reject_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // one open request per owner: a second waits for the decision
    uniqueIndex('phone_change_requests_open_once')
      .on(t.tenantId, t.customerId)
      .where(sql`${t.status} = 'pending'`),
    index('phone_change_requests_tenant_status').on(t.tenantId, t.status, t.createdAt),
    // the photo cleanup finds decided requests still holding a photo without reading the rest
    index('phone_change_requests_photo_due')
      .on(t.decidedAt)
      .where(sql`${t.photoPath} is not null and ${t.status} <> 'pending'`),
    primaryKey({ name: 'phone_change_requests_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('phone_change_requests_customer_id_customers_id_fk', t, t.customerId, customers).onDelete('cascade'),
    tenantLink('phone_change_requests_decided_by_users_id_fk', t, t.decidedBy, users).onDelete('set null'),
  ],
);
