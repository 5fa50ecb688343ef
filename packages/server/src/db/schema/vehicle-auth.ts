import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { VehicleAuthKind, VehicleAuthStatus } from '@parking/contract';
import { customers, customerVehicles } from './customers.js';
import { users } from './identity.js';
import { tenantLink, tenants } from './tenancy.js';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/**
 * 车辆认证申请: an owner's 行驶证 photo for a plate, 认证 of their own vehicle or 过户申诉 of a plate
 * another owner holds. The photo lies under DATA_DIR (photo_path) until some days after the decision.
 */
export const vehicleAuthRequests = pgTable(
  'vehicle_auth_requests',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    kind: text('kind').$type<VehicleAuthKind>().notNull(),
    status: text('status').$type<VehicleAuthStatus>().notNull().default('pending'),
    customerId: uuid('customer_id').notNull(),
    /** the owner's vehicle; a claim gets one when approved */
    vehicleId: uuid('vehicle_id'),
    plateNumber: text('plate_number').notNull(),
    plateColour: integer('plate_colour').notNull().default(0),
    /** a claim: the owner and vehicle holding the plate when it was filed */
    holderCustomerId: uuid('holder_customer_id'),
    holderVehicleId: uuid('holder_vehicle_id'),
    /** relative to DATA_DIR; null once removed */
    photoPath: text('photo_path'),
    photoRemovedAt: timestamp('photo_removed_at', { withTimezone: true }),
    /** 后台录入: the staff member; null when the owner submitted it */
    submittedBy: uuid('submitted_by'),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectReason: text('reject_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // one open request per owner and plate: a second submission waits for the decision
    uniqueIndex('vehicle_auth_requests_open_once')
      .on(t.tenantId, t.customerId, t.plateNumber, t.plateColour)
      .where(sql`${t.status} = 'pending'`),
    index('vehicle_auth_requests_tenant_status').on(t.tenantId, t.status, t.createdAt),
    // the photo cleanup finds decided requests still holding a photo without reading the rest
    index('vehicle_auth_requests_photo_due')
      .on(t.decidedAt)
      .where(sql`${t.photoPath} is not null and ${t.status} <> 'pending'`),
    primaryKey({ name: 'vehicle_auth_requests_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('vehicle_auth_requests_vehicle_id_customer_vehicles_id_fk', t, t.vehicleId, customerVehicles).onDelete('set null'),
    tenantLink('vehicle_auth_requests_holder_vehicle_id_customer_vehicles_id_fk', t, t.holderVehicleId, customerVehicles).onDelete('set null'),
    tenantLink('vehicle_auth_requests_holder_customer_id_customers_id_fk', t, t.holderCustomerId, customers).onDelete('set null'),
    tenantLink('vehicle_auth_requests_customer_id_customers_id_fk', t, t.customerId, customers).onDelete('cascade'),
    tenantLink('vehicle_auth_requests_submitted_by_users_id_fk', t, t.submittedBy, users).onDelete('set null'),
    tenantLink('vehicle_auth_requests_decided_by_users_id_fk', t, t.decidedBy, users).onDelete('set null'),
  ],
);

/**
 * What an owner is told (a claim decided, a request approved or rejected), until a channel to their
 * phone exists: the owner's phone pages list these.
 */
export const customerNotices = pgTable(
  'customer_notices',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    customerId: uuid('customer_id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** the request it is about */
    businessId: uuid('business_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('customer_notices_tenant_customer').on(t.tenantId, t.customerId, t.createdAt),
    primaryKey({ name: 'customer_notices_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('customer_notices_customer_id_customers_id_fk', t, t.customerId, customers).onDelete('cascade'),
  ],
);
