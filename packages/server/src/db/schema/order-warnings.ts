import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { OrderWarningCategory, OrderWarningKind, OrderWarningState } from '@parking/contract';
import { users } from './identity.js';
import { recordCreatedAt, recordKey } from './orders.js';
import { parkingLots } from './parking.js';
import { createdAt, tenantLink, tenants } from './tenancy.js';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** 订单预警: something about a stay or an arriving plate that staff should look at; each raises a system message. */
export const orderWarnings = pgTable(
  'order_warnings',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** null for an entry that was refused and opened no record */
    recordId: uuid('record_id'),
    recordCreatedAt: recordCreatedAt(),
    lotId: uuid('lot_id').notNull(),
    plateNumber: text('plate_number').notNull(),
    kind: text('kind').$type<OrderWarningKind>().notNull(),
    /** 1 订单异常 (message type 1), 2 车辆布控 (message type 8) */
    category: integer('category').$type<OrderWarningCategory>().notNull(),
    state: text('state').$type<OrderWarningState>().notNull().default('open'),
    detail: text('detail').notNull().default(''),
    /** what staff wrote when they handled it */
    remark: text('remark').notNull().default(''),
    handledBy: uuid('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // one warning per record and kind, however many events see the same thing
    uniqueIndex('order_warnings_tenant_record_kind')
      .on(t.tenantId, t.recordId, t.kind)
      .where(sql`${t.recordId} is not null`),
    index('order_warnings_tenant_category_created').on(t.tenantId, t.category, t.createdAt),
    index('order_warnings_tenant_plate').on(t.tenantId, t.plateNumber),
    check('order_warnings_category', sql`${t.category} in (1, 2)`),
    check('order_warnings_state', sql`${t.state} in ('open', 'closed')`),
    ...recordKey('order_warnings', t, 'set null'),
    primaryKey({ name: 'order_warnings_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('order_warnings_lot_id_parking_lots_id_fk', t, t.lotId, parkingLots).onDelete('no action'),
    tenantLink('order_warnings_handled_by_users_id_fk', t, t.handledBy, users).onDelete('set null'),
  ],
);
