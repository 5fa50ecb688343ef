import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PlateListType } from '@parking/contract';
import { users } from './identity.js';
import { createdAt, tenantLink, tenants, updatedAt } from './tenancy.js';

/**
 * 黑白名单: a plate and colour the lanes refuse (black) or let stay free (white), at every lot of the
 * tenant (lot_ids null) or the lots listed, for ever (valid_from and valid_to null) or from–to. A
 * removed entry stays, with who took it off and why; it is in force until removed_at.
 */
export const plateListEntries = pgTable(
  'plate_list_entries',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    type: text('type').$type<PlateListType>().notNull(),
    plateNumber: text('plate_number').notNull(),
    plateColour: integer('plate_colour').notNull().default(0),
    lotIds: uuid('lot_ids').array(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: uuid('removed_by'),
    removalReason: text('removal_reason'),
  },
  // a lane reads a plate's entries by plate and colour
  (t) => [
    index('plate_list_entries_tenant_plate').on(t.tenantId, t.plateNumber, t.plateColour),
    index('plate_list_entries_tenant_created').on(t.tenantId, t.createdAt),
    primaryKey({ name: 'plate_list_entries_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('plate_list_entries_created_by_users_id_fk', t, t.createdBy, users).onDelete('set null'),
    tenantLink('plate_list_entries_removed_by_users_id_fk', t, t.removedBy, users).onDelete('set null'),
  ],
);
