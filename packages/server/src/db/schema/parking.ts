import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LotEventRulesInput, TariffRules } from '@parking/contract';
import { createdAt, tenantLink, tenants, updatedAt } from './tenancy.js';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** user ids kept as an array: inspectors and managers are picked, never queried by user */
const userIds = (name: string) =>
  uuid(name)
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`);

/** 片区: a street or zone that groups lots and is walked by inspectors. */
export const parkingAreas = pgTable(
  'parking_areas',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    floor: text('floor').notNull().default(''),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    inspectorIds: userIds('inspector_ids'),
    /** how far from the area an inspector may check in, metres */
    checkInRange: integer('check_in_range').notNull().default(100),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('parking_areas_tenant_name').on(t.tenantId, t.name), primaryKey({ name: 'parking_areas_pkey', columns: [t.id, t.tenantId] })],
);

/** 计费规则: the name and state; the rules live in its versions. */
export const tariffs = pgTable(
  'tariffs',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('tariffs_tenant_name').on(t.tenantId, t.name), primaryKey({ name: 'tariffs_pkey', columns: [t.id, t.tenantId] })],
);

/** One version of a tariff's rules, in force over [effective_from, effective_to); a record keeps the one in force at entry. */
export const tariffVersions = pgTable(
  'tariff_versions',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    tariffId: uuid('tariff_id').notNull(),
    versionNo: integer('version_no').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    /** null: in force until a newer version starts */
    effectiveTo: timestamp('effective_to', { withTimezone: true }),
    /** validated by the contract's tariffRules before it is written */
    rules: jsonb('rules').$type<TariffRules>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tariff_versions_tenant_tariff_no').on(t.tenantId, t.tariffId, t.versionNo),
    index('tariff_versions_tenant_tariff_from').on(t.tenantId, t.tariffId, t.effectiveFrom),
    primaryKey({ name: 'tariff_versions_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('tariff_versions_tariff_id_tariffs_id_fk', t, t.tariffId, tariffs).onDelete('cascade'),
  ],
);

/** 停车场: one lot of a tenant, with the totals it keeps itself. */
export const parkingLots = pgTable(
  'parking_lots',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** no action: checked at statement end, so deleting a tenant cascades through lots and their lanes */
    areaId: uuid('area_id'),
    name: text('name').notNull(),
    /** 0 road-side, 1 commercial, 2 residential, 3 office, 4 transport hub */
    type: integer('type').notNull(),
    /** 'lane' gated with lanes, 'space' counted per space */
    kind: text('kind').notNull(),
    address: text('address').notNull().default(''),
    provinceCode: text('province_code').notNull().default(''),
    cityCode: text('city_code').notNull().default(''),
    districtCode: text('district_code').notNull().default(''),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    totalSpaces: integer('total_spaces').notNull().default(0),
    longRentalSpaces: integer('long_rental_spaces').notNull().default(0),
    reservedSpaces: integer('reserved_spaces').notNull().default(0),
    chargingSpaces: integer('charging_spaces').notNull().default(0),
    freeCount: integer('free_count').notNull().default(0),
    selfOperated: boolean('self_operated').notNull().default(true),
    prepay: boolean('prepay').notNull().default(false),
    managerIds: userIds('manager_ids'),
    enabled: boolean('enabled').notNull().default(true),
    /** a long-rental car leaving frees its space for temporary parkers */
    longRentalSpaceLeave: boolean('long_rental_space_leave').notNull().default(false),
    /** no action: a tariff in use cannot be deleted; the service says which lots use it */
    tariffId: uuid('tariff_id'),
    /** the lot's answers to vehicle-event edge cases; read through the contract's eventRulesOf, so {} means the defaults */
    eventRules: jsonb('event_rules').$type<LotEventRulesInput>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('parking_lots_tenant_name').on(t.tenantId, t.name),
    index('parking_lots_tenant_area').on(t.tenantId, t.areaId),
    index('parking_lots_tenant_tariff').on(t.tenantId, t.tariffId),
    primaryKey({ name: 'parking_lots_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('parking_lots_area_id_parking_areas_id_fk', t, t.areaId, parkingAreas).onDelete('no action'),
    tenantLink('parking_lots_tariff_id_tariffs_id_fk', t, t.tariffId, tariffs).onDelete('no action'),
  ],
);

/** 车道 of a lane-based lot. */
export const parkingLanes = pgTable(
  'parking_lanes',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    lotId: uuid('lot_id').notNull(),
    name: text('name').notNull(),
    /** 'in' or 'out' */
    direction: text('direction').notNull(),
    releaseAfterPayment: boolean('release_after_payment').notNull().default(true),
    enabled: boolean('enabled').notNull().default(true),
    sortCode: integer('sort_code').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('parking_lanes_tenant_lot_name').on(t.tenantId, t.lotId, t.name),
    primaryKey({ name: 'parking_lanes_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('parking_lanes_lot_id_parking_lots_id_fk', t, t.lotId, parkingLots).onDelete('no action'),
  ],
);

/** 泊位 of a lot; once a lot has spaces its totals and (space-based) free count are counted from them. */
export const parkingSpaces = pgTable(
  'parking_spaces',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    lotId: uuid('lot_id').notNull(),
    number: text('number').notNull(),
    /** 0 normal, 1 long-rental, 2 reserved, 3 accessible; charging is a separate flag */
    type: integer('type').notNull().default(0),
    charging: boolean('charging').notNull().default(false),
    sensorSn: text('sensor_sn').notNull().default(''),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    /** 'free', 'occupied' or 'fault' */
    state: text('state').notNull().default('free'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('parking_spaces_tenant_lot_number').on(t.tenantId, t.lotId, t.number),
    // one sensor watches one space
    uniqueIndex('parking_spaces_tenant_sensor')
      .on(t.tenantId, t.sensorSn)
      .where(sql`${t.sensorSn} <> ''`),
    primaryKey({ name: 'parking_spaces_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('parking_spaces_lot_id_parking_lots_id_fk', t, t.lotId, parkingLots).onDelete('no action'),
  ],
);

/** 长租车位: a plate's monthly card on a lot over [valid_from, valid_to], Shanghai business days. */
export const longRentals = pgTable(
  'long_rentals',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** no action: a lot with cards cannot be deleted; the lot service says how many hold it */
    lotId: uuid('lot_id').notNull(),
    plateNumber: text('plate_number').notNull(),
    /** dictionary plate_colour: 1 white, 2 yellow, 3 green, 4 black, otherwise blue */
    plateColour: integer('plate_colour').notNull().default(0),
    ownerName: text('owner_name').notNull(),
    phone: text('phone').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    /** fen */
    monthlyPrice: integer('monthly_price').notNull(),
    spaceCount: integer('space_count').notNull().default(1),
    remark: text('remark').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // the overlap check looks up one plate on one lot
    index('long_rentals_tenant_lot_plate').on(t.tenantId, t.lotId, t.plateNumber),
    index('long_rentals_tenant_valid_to').on(t.tenantId, t.validTo),
    primaryKey({ name: 'long_rentals_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('long_rentals_lot_id_parking_lots_id_fk', t, t.lotId, parkingLots).onDelete('no action'),
  ],
);
