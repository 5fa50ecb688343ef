import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ServicePhotoAuthor } from '@parking/contract';
import { appeals, complaints } from './service.js';
import { tenants } from './tenancy.js';
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
    id: uuid('id').primaryKey().defaultRandom(),
    complaintId: uuid('complaint_id').references(() => complaints.id, { onDelete: 'cascade' }),
    appealId: uuid('appeal_id').references(() => appeals.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    /** who added it: staff of the page, the owner on the phone, or the driver on the order page */
    addedBy: text('added_by').$type<ServicePhotoAuthor>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('service_photos_one_item', sql`num_nonnulls(${t.complaintId}, ${t.appealId}) = 1`),
    check('service_photos_added_by', sql`${t.addedBy} in ('staff', 'owner', 'driver')`),
    index('service_photos_tenant_complaint').on(t.tenantId, t.complaintId, t.createdAt),
    index('service_photos_tenant_appeal').on(t.tenantId, t.appealId, t.createdAt),
  ],
);
