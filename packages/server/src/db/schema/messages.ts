import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenancy.js';

/** A system message produced by the domain; `status` 0 is unhandled. */
export const systemMessages = pgTable(
  'system_messages',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    messageName: text('message_name').notNull(),
    messageText: text('message_text').notNull(),
    messageType: integer('message_type').notNull(),
    /** the id of the record, audit, complaint… the message is about */
    businessId: text('business_id').notNull().default(''),
    status: integer('status').notNull().default(0),
    creatorTime: timestamp('creator_time', { withTimezone: true }).notNull().defaultNow(),
    lastModifyTime: timestamp('last_modify_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('system_messages_tenant_status_type').on(t.tenantId, t.status, t.messageType, t.creatorTime), primaryKey({ name: 'system_messages_pkey', columns: [t.id, t.tenantId] })],
);

/** An open task for a device that stopped sending heartbeats; closed when it comes back. */
export const deviceOfflineTasks = pgTable(
  'device_offline_tasks',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    taskTypeName: text('task_type_name').notNull(),
    content: text('content').notNull(),
    deviceSn: text('device_sn').notNull(),
    /** 0 on-road, 1 off-road */
    parkingType: integer('parking_type').notNull(),
    creatorTime: timestamp('creator_time', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('device_offline_tasks_tenant_open').on(t.tenantId, t.parkingType, t.closedAt),
    // one open task per device: an outage is reported once, however many checks see it
    uniqueIndex('device_offline_tasks_tenant_open_sn')
      .on(t.tenantId, t.deviceSn)
      .where(sql`${t.closedAt} is null`),
    primaryKey({ name: 'device_offline_tasks_pkey', columns: [t.id, t.tenantId] }),
  ],
);

/** One weather reading per location and business day: fetched once a day, then read from here. */
export const weatherCache = pgTable(
  'weather_cache',
  {
    location: text('location').notNull(),
    day: text('day').notNull(),
    info: text('info').notNull(),
    temperature: text('temperature').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.location, t.day] })],
);
