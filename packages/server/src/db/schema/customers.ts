import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CustomerSource, VehicleBindingState } from '@parking/contract';
import { createdAt, tenantLink, tenants, updatedAt } from './tenancy.js';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** 车主: one owner account per phone within a tenant. */
export const customers = pgTable(
  'customers',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    phone: text('phone').notNull(),
    nickname: text('nickname').notNull().default(''),
    source: text('source').$type<CustomerSource>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_tenant_phone').on(t.tenantId, t.phone),
    index('customers_tenant_registered').on(t.tenantId, t.registeredAt),
    primaryKey({ name: 'customers_pkey', columns: [t.id, t.tenantId] }),
  ],
);

/** 车辆: a plate and colour bound to an owner; an unbound row stays as history. */
export const customerVehicles = pgTable(
  'customer_vehicles',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    customerId: uuid('customer_id').notNull(),
    plateNumber: text('plate_number').notNull(),
    plateColour: integer('plate_colour').notNull().default(0),
    state: text('state').$type<VehicleBindingState>().notNull(),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull(),
    unboundAt: timestamp('unbound_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customer_vehicles_tenant_customer').on(t.tenantId, t.customerId),
    index('customer_vehicles_tenant_plate').on(t.tenantId, t.plateNumber, t.plateColour),
    // one owner holds a plate once while it is bound
    uniqueIndex('customer_vehicles_bound_once')
      .on(t.tenantId, t.customerId, t.plateNumber, t.plateColour)
      .where(sql`${t.state} <> 'unbound'`),
    // a plate is claimed (认证中 or 已认证) by one owner at most
    uniqueIndex('customer_vehicles_claimed_once')
      .on(t.tenantId, t.plateNumber, t.plateColour)
      .where(sql`${t.state} in ('verifying', 'verified')`),
    primaryKey({ name: 'customer_vehicles_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('customer_vehicles_customer_id_customers_id_fk', t, t.customerId, customers).onDelete('cascade'),
  ],
);
