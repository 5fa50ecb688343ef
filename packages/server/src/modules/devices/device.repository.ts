import { and, asc, count, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { DeviceFilterValues, DeviceParkingType } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { deviceEvents, deviceNonces, devices, parkingLanes, parkingLots, parkingSpaces, tenants } from '../../db/schema/index.js';
import { turnBatch } from '../../db/turn-batch.js';
import { containing } from '../../shared/like-pattern.js';
import { countOf, pageRows, type Page } from '../../shared/paging.js';
import { tenantRow, insertId } from '../../shared/rows.js';
import { tenantEq } from '../../db/tenant-eq.js';

type Sort = { sidx?: 'sn' | 'name' | 'type' | 'lastHeartbeatAt' | 'createdAt' | undefined; sort?: 'asc' | 'desc' | undefined };
/** the list filter, with the parking types the user may see in place of the one asked for */
export type DeviceFilter = Omit<DeviceFilterValues, 'parkingType'> & { parkingTypes: readonly DeviceParkingType[] };

export type DeviceRow = {
  device: typeof devices.$inferSelect;
  lotName: string;
  lotType: number;
  laneName: string | null;
  spaceNumber: string | null;
};

/** Lot type 0 is road-side (路内); every other type is off-road (路外). */
const parkingTypeCondition = (parkingTypes: readonly DeviceParkingType[]): SQL | undefined => {
  if (parkingTypes.length === 2) return undefined;
  return parkingTypes[0] === 0 ? eq(parkingLots.type, 0) : ne(parkingLots.type, 0);
};

const deviceConditions = (tenantId: string, filter: DeviceFilter): SQL | undefined =>
  and(
    eq(devices.tenantId, tenantId),
    parkingTypeCondition(filter.parkingTypes),
    containing(filter.deviceNo, devices.sn, devices.name),
    filter.type ? eq(devices.type, filter.type) : undefined,
    filter.lotId ? eq(devices.lotId, filter.lotId) : undefined,
    filter.onlineState ? eq(devices.onlineState, filter.onlineState) : undefined,
    filter.enabled === undefined ? undefined : eq(devices.enabled, filter.enabled === 1),
  );

const sortColumns = {
  sn: devices.sn,
  name: devices.name,
  type: devices.type,
  lastHeartbeatAt: devices.lastHeartbeatAt,
  createdAt: devices.createdAt,
} as const;

const deviceColumns = {
  device: devices,
  lotName: parkingLots.name,
  lotType: parkingLots.type,
  laneName: parkingLanes.name,
  spaceNumber: parkingSpaces.number,
};

const selectDevices = (db: Db) =>
  db
    .select(deviceColumns)
    .from(devices)
    .innerJoin(parkingLots, tenantEq(parkingLots.id, devices.lotId))
    .leftJoin(parkingLanes, tenantEq(parkingLanes.id, devices.laneId))
    .leftJoin(parkingSpaces, tenantEq(parkingSpaces.id, devices.spaceId));

export const pageDevices = async (db: Db, tenantId: string, filter: DeviceFilter & Sort, page: Page) => {
  if (filter.parkingTypes.length === 0) return { rows: [] as DeviceRow[], total: 0 };
  const where = deviceConditions(tenantId, filter);
  const direction = filter.sort === 'asc' ? asc : desc;
  // the lot's type is part of the filter, so the count joins the lot too
  const total = db
    .select({ n: count() })
    .from(devices)
    .innerJoin(parkingLots, tenantEq(parkingLots.id, devices.lotId))
    .where(where)
    .then(([row]) => countOf(row));
  const rows = selectDevices(db)
    .where(where)
    .orderBy(direction(sortColumns[filter.sidx ?? 'createdAt']), asc(devices.sn), asc(devices.id));
  return pageRows(page, total, rows.$dynamic());
};

export const findDevice = async (db: Db, tenantId: string, id: string): Promise<DeviceRow | undefined> => {
  const [row] = await selectDevices(db)
    .where(tenantRow(devices, tenantId, id))
    .limit(1);
  return row;
};

export const deviceSnTaken = async (db: Db, tenantId: string, sn: string, exceptId?: string) => {
  const [row] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.sn, sn), exceptId ? ne(devices.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
};

/** The devices signed calls name, by tenant account code and sn: one statement for every call of a turn. */
const prepareDevicesBySn = (db: Db) =>
  db
    .select({ ...deviceColumns, tenantCode: tenants.code })
    .from(devices)
    .innerJoin(parkingLots, tenantEq(parkingLots.id, devices.lotId))
    .leftJoin(parkingLanes, tenantEq(parkingLanes.id, devices.laneId))
    .leftJoin(parkingSpaces, tenantEq(parkingSpaces.id, devices.spaceId))
    .innerJoin(tenants, eq(tenants.id, devices.tenantId))
    .where(sql`(${tenants.code}, ${devices.sn}) IN (SELECT k.tenant, k.sn FROM jsonb_to_recordset(${sql.placeholder('keys')}::jsonb) AS k(tenant text, sn text))`)
    .prepare('devices_by_sn');

/**
 * Per database: the lookup prepared once (planning the joins cost more than running them), and the
 * calls of one turn of the event loop looked up together, on a path every device call takes.
 */
const deviceLookups = new WeakMap<Db, (key: { tenantCode: string; sn: string }) => Promise<DeviceRow | undefined>>();
const deviceLookupOf = (db: Db) => {
  let lookup = deviceLookups.get(db);
  if (!lookup) {
    const prepared = prepareDevicesBySn(db);
    lookup = turnBatch(async (keys: { tenantCode: string; sn: string }[]) => {
      const rows = await prepared.execute({ keys: JSON.stringify(keys.map((k) => ({ tenant: k.tenantCode, sn: k.sn }))) });
      const found = new Map(rows.map(({ tenantCode, ...row }) => [`${tenantCode}\n${row.device.sn}`, row as DeviceRow]));
      return keys.map((k) => found.get(`${k.tenantCode}\n${k.sn}`));
    });
    deviceLookups.set(db, lookup);
  }
  return lookup;
};

/** The device a signed call names: by the tenant's account code and the device's sn. */
export const findDeviceOfTenant = async (db: Db, tenantCode: string, sn: string) => {
  // every device call starts here: a known device is one lookup, the tenant alone is read only for a refusal
  const row = await deviceLookupOf(db)({ tenantCode, sn });
  if (row) return { tenantId: row.device.tenantId, row };
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, tenantCode)).limit(1);
  return { tenantId: tenant?.id, row: undefined };
};

export const devicesByIds = async (db: Db, ids: readonly string[]) => (ids.length === 0 ? [] : selectDevices(db).where(inArray(devices.id, [...ids])));

type DeviceRowInsert = typeof devices.$inferInsert;
export type DeviceValues = Omit<DeviceRowInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;

export const insertDevice = (db: Db, tenantId: string, values: DeviceValues & { secret: string }): Promise<string> => insertId(db, devices, { tenantId, ...values });

export const updateDeviceRow = (db: Db, tenantId: string, id: string, values: Partial<DeviceValues>) =>
  db
    .update(devices)
    .set({ ...values, updatedAt: sql`now()` })
    .where(tenantRow(devices, tenantId, id));

export const deleteDeviceRow = (db: Db, tenantId: string, id: string) => db.delete(devices).where(tenantRow(devices, tenantId, id));

/** Marks offline, in one UPDATE, every enabled online device silent for more than `cycles` heartbeats at `now`. */
export const markSilentDevicesOffline = async (db: Db, cycles: number, now: Date): Promise<string[]> => {
  const gone = await db
    .update(devices)
    .set({ onlineState: 'offline' })
    .where(
      and(
        eq(devices.onlineState, 'online'),
        eq(devices.enabled, true),
        sql`${devices.lastHeartbeatAt} + ${devices.heartbeatCycle} * ${cycles} * interval '1 second' < ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: devices.id });
  return gone.map((g) => g.id);
};

/**
 * Records a heartbeat and answers the state the device was in before it. The row lock orders
 * this after an offline check that is marking the device offline right now.
 */
export const recordDeviceHeartbeat = async (db: Db, id: string, now: Date, status: DeviceRowInsert['lastStatus'] | undefined) => {
  const [current] = await db.select({ onlineState: devices.onlineState }).from(devices).where(eq(devices.id, id)).for('update');
  await db
    .update(devices)
    .set({ lastHeartbeatAt: now, onlineState: 'online', ...(status ? { lastStatus: status } : {}) })
    .where(eq(devices.id, id));
  return current?.onlineState;
};

export const insertDeviceEvent = async (db: Db, event: Omit<typeof deviceEvents.$inferInsert, 'id'>) => {
  await db.insert(deviceEvents).values(event);
};

/** Claims a device's nonce; false when it was used before (a replay). */
export const claimNonce = async (db: Db, nonce: typeof deviceNonces.$inferInsert): Promise<boolean> => {
  const [fresh] = await db.insert(deviceNonces).values(nonce).onConflictDoNothing().returning({ nonce: deviceNonces.nonce });
  return fresh !== undefined;
};

export const deleteNoncesSeenBefore = (db: Db, before: Date) => db.delete(deviceNonces).where(lt(deviceNonces.seenAt, before));
