import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ServicePhotoAuthor } from '@parking/contract';
import { appeals, complaints } from './service.js';
import { tenantLink, tenants } from './tenancy.js';
import { users } from './identity.js';

/**
 * 投诉/申诉照片: the evidence a complaint or an appeal carries, up to 4 each. The file lies under
 * DATA_DIR (path relative to it) and is served only through the module's authorised routes; the row
 * goes with its complaint or appeal.
 */
export const servicePhotos = pgTable(
  'service_photos',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    complaintId: uuid('complaint_id'),
    appealId: uuid('appeal_id'),
    path: text('path').notNull(),
    /** who added it: staff of the page, the owner on the phone, or the driver on the order page */
    addedBy: text('added_by').$type<ServicePhotoAuthor>().notNull(),
    userId: uuid('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('service_photos_one_item', sql`num_nonnulls(${t.complaintId}, ${t.appealId}) = 1`),
    check('service_photos_added_by', sql`${t.addedBy} in ('staff', 'owner', 'driver')`),
    index('service_photos_tenant_complaint').on(t.tenantId, t.complaintId, t.createdAt),
    index('service_photos_tenant_appeal').on(t.tenantId, t.appealId, t.createdAt),
    primaryKey({ name: 'service_photos_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('service_photos_appeal_id_appeals_id_fk', t, t.appealId, appeals).onDelete('cascade'),
    tenantLink('service_photos_complaint_id_complaints_id_fk', t, t.complaintId, complaints).onDelete('cascade'),
    tenantLink('service_photos_user_id_users_id_fk', t, t.userId, users).onDelete('set null'),
  ],
);
