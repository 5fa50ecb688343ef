import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AbnormalReason, ParkingRecordState, RecordEditKind, RecordEditRequested, RecordEditSnapshot, RecordEditStatus, VehicleEventResult } from '@parking/contract';
import { devices } from './devices.js';
import { users } from './identity.js';
import { parkingLanes, parkingLots, parkingSpaces, tariffVersions, tariffs } from './parking.js';
import { createdAt, tenantLink, tenants, updatedAt } from './tenancy.js';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const fen = (name: string) => integer(name).notNull().default(0);

/**
 * 停车记录: one stay of one plate on one lot, and what it owes. Partitioned by month of created_at,
 * which is never changed (migrations 0064–0067, db/month-partitions.ts): its key carries the row, the
 * tenant and the month, and what links to a record names all three (recordKey).
 */
export const parkingRecords = pgTable(
  'parking_records',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    lotId: uuid('lot_id').notNull(),
    entryLaneId: uuid('entry_lane_id'),
    exitLaneId: uuid('exit_lane_id'),
    spaceId: uuid('space_id'),
    /** '' when a sensor saw a car but no plate */
    plateNumber: text('plate_number').notNull(),
    plateColour: integer('plate_colour').notNull().default(0),
    /** null for an exit with no entry on record */
    enteredAt: timestamp('entered_at', { withTimezone: true }),
    exitedAt: timestamp('exited_at', { withTimezone: true }),
    entryEventId: text('entry_event_id'),
    exitEventId: text('exit_event_id'),
    entryConfidence: doublePrecision('entry_confidence'),
    exitConfidence: doublePrecision('exit_confidence'),
    /** paths under DATA_DIR/photos */
    entryPhoto: text('entry_photo'),
    exitPhoto: text('exit_photo'),
    /** the tariff and version in force at entry: the stay is priced by them whatever changes later */
    tariffId: uuid('tariff_id'),
    tariffVersionId: uuid('tariff_version_id'),
    vehicleClass: text('vehicle_class'),
    /** why the vehicle was taken for its class (黄牌按大型车, 设备识别为大型车), shown with the fee */
    vehicleClassWhy: text('vehicle_class_why'),
    state: text('state').$type<ParkingRecordState>().notNull().default('parked'),
    amountDue: fen('amount_due'),
    discount: fen('discount'),
    paid: fen('paid'),
    /** still owed: what is due after discounts and not yet paid */
    unpaid: fen('unpaid'),
    /**
     * the parts of the discount a long-rental card (长租), a white-list entry (白名单) and a waiver of
     * arrears (申诉减免) gave, for 营收报表; within the discount, set by the one writer that prices the stay
     * (stay-quote.ts discountKinds) or waives it (record-correction.ts); coupons and group cards keep theirs in their own tables
     */
    longRentalDiscount: fen('long_rental_discount'),
    whiteListDiscount: fen('white_list_discount'),
    waiverDiscount: fen('waiver_discount'),
    abnormal: boolean('abnormal').notNull().default(false),
    abnormalReasons: text('abnormal_reasons')
      .array()
      .$type<AbnormalReason[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('parking_records_tenant_lot_plate').on(t.tenantId, t.lotId, t.plateNumber),
    index('parking_records_tenant_entered').on(t.tenantId, t.enteredAt),
    index('parking_records_tenant_state').on(t.tenantId, t.state),
    // the open stay of a space (a space lot's exit), found by the space whatever the planner knows of the table
    index('parking_records_tenant_space_parked')
      .on(t.tenantId, t.spaceId)
      .where(sql`${t.state} = 'parked'`),
    // the few records time moves (record-clock.job): left at the barrier owing, or paid at it, found without reading the rest
    index('parking_records_at_barrier')
      .on(t.exitedAt)
      .where(sql`${t.state} in ('awaiting_payment', 'paid')`),
    // exits by time (数据大屏's exits per hour and its latest exits, a list filtered by exit time); cars still in hold none
    index('parking_records_tenant_exited')
      .on(t.tenantId, t.exitedAt)
      .where(sql`${t.exitedAt} is not null`),
    // plate prefix search (粤B…) whatever the database's collation
    // the retention job's settled records whose photos are still kept, oldest exit first
    index('parking_records_tenant_photo_exited')
      .on(t.tenantId, t.exitedAt)
      .where(sql`${t.exitedAt} IS NOT NULL AND (${t.entryPhoto} IS NOT NULL OR ${t.exitPhoto} IS NOT NULL)`),
    index('parking_records_tenant_plate_prefix').on(t.tenantId, t.plateNumber.op('text_pattern_ops')),
    // the record's whole key: the row, the tenant and the month its monthly partitions are cut by (created_at, never changed);
    // what links to a record names all three (recordKey). The id first: started by the tenant, it would be one more index a
    // plan could take to read all of a tenant's records for one of them
    primaryKey({ name: 'parking_records_pkey', columns: [t.id, t.tenantId, t.createdAt] }),
    // the money invariant of every record, held by the database whatever code writes it
    check('parking_records_money', sql`${t.amountDue} - ${t.discount} = ${t.paid} + ${t.unpaid}`),
    check('parking_records_money_non_negative', sql`${t.amountDue} >= 0 AND ${t.discount} >= 0 AND ${t.paid} >= 0 AND ${t.unpaid} >= 0`),
    // the discount's long-rental, white-list and waiver parts are parts of it (营收报表 takes them out of the rest)
    check(
      'parking_records_discount_kinds',
      sql`${t.longRentalDiscount} >= 0 AND ${t.whiteListDiscount} >= 0 AND ${t.waiverDiscount} >= 0 AND ${t.longRentalDiscount} + ${t.whiteListDiscount} + ${t.waiverDiscount} <= ${t.discount}`,
    ),
    tenantLink('parking_records_entry_lane_id_parking_lanes_id_fk', t, t.entryLaneId, parkingLanes).onDelete('set null'),
    tenantLink('parking_records_exit_lane_id_parking_lanes_id_fk', t, t.exitLaneId, parkingLanes).onDelete('set null'),
    tenantLink('parking_records_lot_id_parking_lots_id_fk', t, t.lotId, parkingLots).onDelete('no action'),
    tenantLink('parking_records_space_id_parking_spaces_id_fk', t, t.spaceId, parkingSpaces).onDelete('set null'),
    tenantLink('parking_records_tariff_version_id_tariff_versions_id_fk', t, t.tariffVersionId, tariffVersions).onDelete('set null'),
    tenantLink('parking_records_tariff_id_tariffs_id_fk', t, t.tariffId, tariffs).onDelete('set null'),
  ],
);

/** The month of the record a row links to: the record's created_at, filled from the record by a trigger (migration 0060). */
export const recordCreatedAt = () => timestamp('record_created_at', { withTimezone: true });

/**
 * A row's link to a parking record, by the record's whole key (tenant, id, month), as a foreign key
 * to a table partitioned by month must be: the row's code writes the record's id alone, and a
 * trigger (parking_fill_record_month, migration 0060) fills the month from the record of the row's
 * tenant, or refuses an id that names none. The check keeps the id and its month set or unset
 * together. In SQL, `set null` empties the id and the month, not the tenant (ON DELETE SET NULL (record_id, record_created_at)).
 */
export const recordKey = (table: string, t: { tenantId: AnyPgColumn; recordId: AnyPgColumn; recordCreatedAt: AnyPgColumn }, onDelete: 'no action' | 'cascade' | 'set null') => [
  foreignKey({
    name: `${table}_record_fk`,
    columns: [t.tenantId, t.recordId, t.recordCreatedAt],
    foreignColumns: [parkingRecords.tenantId, parkingRecords.id, parkingRecords.createdAt],
  }).onDelete(onDelete),
  check(`${table}_record_month`, sql`(${t.recordId} IS NULL) = (${t.recordCreatedAt} IS NULL)`),
];

/**
 * How many records each lot holds, kept by statement triggers on parking_records (migration
 * 0017), so the list's total for a whole tenant or lot is a sum of a few rows, not a count of millions.
 */
export const parkingRecordCounts = pgTable(
  'parking_record_counts',
  {
    tenantId: tenantId(),
    lotId: uuid('lot_id').notNull(),
    records: bigint('records', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.lotId] }), tenantLink('parking_record_counts_lot_id_parking_lots_id_fk', t, t.lotId, parkingLots).onDelete('cascade')],
);

/**
 * Every vehicle event a device sent, once per device event id and device time, with the answer it
 * got: a resend (the same id, sent with the same time) gets the same answer. Partitioned by month of
 * occurred_at, the device's own time, which every resend repeats (migrations 0053–0056,
 * db/month-partitions.ts): so the key that finds a resend carries the month, and the tenant.
 */
export const vehicleEvents = pgTable(
  'vehicle_events',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    deviceId: uuid('device_id').notNull(),
    deviceEventId: text('device_event_id').notNull(),
    kind: text('kind').notNull(),
    plateNumber: text('plate_number').notNull().default(''),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** the record the event made or moved; a log's mention, with no foreign key (an event is kept only for the tenant's retention) */
    recordId: uuid('record_id'),
    result: jsonb('result').$type<VehicleEventResult>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'vehicle_events_pkey', columns: [t.tenantId, t.id, t.occurredAt] }),
    uniqueIndex('vehicle_events_tenant_device_event').on(t.tenantId, t.deviceId, t.deviceEventId, t.occurredAt),
    // the retention job removes a tenant's oldest events first
    index('vehicle_events_tenant_created').on(t.tenantId, t.createdAt),
    // the event's answer is written by its id: the one index that serves it (vehicle-event.repository.ts)
    index('vehicle_events_id').on(t.id),
    tenantLink('vehicle_events_device_id_devices_id_fk', t, t.deviceId, devices).onDelete('cascade'),
  ],
);

/**
 * 订单修改审核: a correction of a parking record, asked for by one user and decided by another.
 * Only an approved request changes the record; before/after keep what it changed.
 */
export const recordEditRequests = pgTable(
  'record_edit_requests',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    recordId: uuid('record_id').notNull(),
    recordCreatedAt: recordCreatedAt(),
    kind: text('kind').$type<RecordEditKind>().notNull(),
    requested: jsonb('requested').$type<RecordEditRequested>().notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<RecordEditStatus>().notNull().default('requested'),
    requestedBy: uuid('requested_by').notNull(),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionRemark: text('decision_remark').notNull().default(''),
    before: jsonb('before').$type<RecordEditSnapshot>(),
    after: jsonb('after').$type<RecordEditSnapshot>(),
    createdAt: createdAt(),
  },
  (t) => [
    // one open correction per record: two cannot race to change it
    uniqueIndex('record_edit_requests_tenant_record_open')
      .on(t.tenantId, t.recordId)
      .where(sql`${t.status} = 'requested'`),
    index('record_edit_requests_tenant_record').on(t.tenantId, t.recordId, t.createdAt),
    index('record_edit_requests_tenant_status').on(t.tenantId, t.status, t.createdAt),
    ...recordKey('record_edit_requests', t, 'cascade'),
    primaryKey({ name: 'record_edit_requests_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('record_edit_requests_requested_by_users_id_fk', t, t.requestedBy, users).onDelete('no action'),
    tenantLink('record_edit_requests_decided_by_users_id_fk', t, t.decidedBy, users).onDelete('set null'),
  ],
);
