import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DeviceFilterValues, DeviceParkingType } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { devices, parkingLanes, parkingLots, parkingSpaces, tenants } from '../../db/schema/index.js';
import { turnBatch } from '../../db/turn-batch.js';
import { containsPattern } from '../../shared/like-pattern.js';

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
    filter.deviceNo ? or(ilike(devices.sn, containsPattern(filter.deviceNo)), ilike(devices.name, containsPattern(filter.deviceNo))) : undefined,
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
    .innerJoin(parkingLots, eq(parkingLots.id, devices.lotId))
    .leftJoin(parkingLanes, eq(parkingLanes.id, devices.laneId))
    .leftJoin(parkingSpaces, eq(parkingSpaces.id, devices.spaceId));

export const pageDevices = async (db: Db, tenantId: string, filter: DeviceFilter & Sort, page: { currentPage: number; pageSize: number }) => {
  if (filter.parkingTypes.length === 0) return { rows: [] as DeviceRow[], total: 0 };
  const where = deviceConditions(tenantId, filter);
  const direction = filter.sort === 'asc' ? asc : desc;
  const [total] = await db
    .select({ n: count() })
    .from(devices)
    .innerJoin(parkingLots, eq(parkingLots.id, devices.lotId))
    .where(where);
  const rows: DeviceRow[] = await selectDevices(db)
    .where(where)
    .orderBy(direction(sortColumns[filter.sidx ?? 'createdAt']), asc(devices.sn), asc(devices.id))
    .limit(page.pageSize)
    .offset((page.currentPage - 1) * page.pageSize);
  return { rows, total: Number(total?.n ?? 0) };
};

export const findDevice = async (db: Db, tenantId: string, id: string): Promise<DeviceRow | undefined> => {
  const [row] = await selectDevices(db)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.id, id)))
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

export const lanesOfLot = (db: Db, tenantId: string, lotId: string) =>
  db
    .select({ id: parkingLanes.id, name: parkingLanes.name })
    .from(parkingLanes)
    .where(and(eq(parkingLanes.tenantId, tenantId), eq(parkingLanes.lotId, lotId)))
    .orderBy(asc(parkingLanes.sortCode), asc(parkingLanes.name));

/** a lot's spaces for the picker; lots have at most a few thousand */
export const spacesOfLot = (db: Db, tenantId: string, lotId: string, limit = 5000) =>
  db
    .select({ id: parkingSpaces.id, number: parkingSpaces.number })
    .from(parkingSpaces)
    .where(and(eq(parkingSpaces.tenantId, tenantId), eq(parkingSpaces.lotId, lotId)))
    .orderBy(asc(parkingSpaces.number))
    .limit(limit);

export const findLane = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select({ lotId: parkingLanes.lotId, name: parkingLanes.name })
    .from(parkingLanes)
    .where(and(eq(parkingLanes.tenantId, tenantId), eq(parkingLanes.id, id)))
    .limit(1);
  return row;
};

export const findSpace = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select({ lotId: parkingSpaces.lotId, number: parkingSpaces.number })
    .from(parkingSpaces)
    .where(and(eq(parkingSpaces.tenantId, tenantId), eq(parkingSpaces.id, id)))
    .limit(1);
  return row;
};

/** The devices signed calls name, by tenant account code and sn: one statement for every call of a turn. */
const prepareDevicesBySn = (db: Db) =>
  db
    .select({ ...deviceColumns, tenantCode: tenants.code })
    .from(devices)
    .innerJoin(parkingLots, eq(parkingLots.id, devices.lotId))
    .leftJoin(parkingLanes, eq(parkingLanes.id, devices.laneId))
    .leftJoin(parkingSpaces, eq(parkingSpaces.id, devices.spaceId))
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

export const devicesByIds = async (db: Db, ids: readonly string[]) =>
  ids.length === 0 ? [] : selectDevices(db).where(inArray(devices.id, [...ids]));
