import { and, asc, count, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { ParkingLotFilterValues, ParkingLotKind } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { devices, longRentals, parkingAreas, parkingLanes, parkingLots, parkingRecords, parkingSpaces } from '../../db/schema/index.js';
import { containsPattern } from '../../shared/like-pattern.js';

type Filter = ParkingLotFilterValues;
type Sort = { sidx?: 'name' | 'type' | 'totalSpaces' | 'freeCount' | 'createdAt' | undefined; sort?: 'asc' | 'desc' | undefined };

export type ParkingLotRow = { lot: typeof parkingLots.$inferSelect; areaName: string | null };

const lotConditions = (tenantId: string, filter: Filter): SQL | undefined =>
  and(
    eq(parkingLots.tenantId, tenantId),
    filter.name ? ilike(parkingLots.name, containsPattern(filter.name)) : undefined,
    filter.type === undefined ? undefined : eq(parkingLots.type, filter.type),
    filter.kind ? eq(parkingLots.kind, filter.kind) : undefined,
    filter.areaId ? eq(parkingLots.areaId, filter.areaId) : undefined,
    filter.enabled === undefined ? undefined : eq(parkingLots.enabled, filter.enabled === 1),
  );

const sortColumns = {
  name: parkingLots.name,
  type: parkingLots.type,
  totalSpaces: parkingLots.totalSpaces,
  freeCount: parkingLots.freeCount,
  createdAt: parkingLots.createdAt,
} as const;

const lotColumns = { lot: parkingLots, areaName: parkingAreas.name };

export const pageParkingLots = async (db: Db, tenantId: string, filter: Filter & Sort, page: { currentPage: number; pageSize: number }) => {
  const where = lotConditions(tenantId, filter);
  const direction = filter.sort === 'desc' ? desc : asc;
  const [total] = await db.select({ n: count() }).from(parkingLots).where(where);
  const rows: ParkingLotRow[] = await db
    .select(lotColumns)
    .from(parkingLots)
    .leftJoin(parkingAreas, eq(parkingAreas.id, parkingLots.areaId))
    .where(where)
    .orderBy(direction(sortColumns[filter.sidx ?? 'createdAt']), asc(parkingLots.id))
    .limit(page.pageSize)
    .offset((page.currentPage - 1) * page.pageSize);
  return { rows, total: Number(total?.n ?? 0) };
};

export const findParkingLot = async (db: Db, tenantId: string, id: string): Promise<ParkingLotRow | undefined> => {
  const [row] = await db
    .select(lotColumns)
    .from(parkingLots)
    .leftJoin(parkingAreas, eq(parkingAreas.id, parkingLots.areaId))
    .where(and(eq(parkingLots.tenantId, tenantId), eq(parkingLots.id, id)))
    .limit(1);
  return row;
};

export const parkingLotNameTaken = async (db: Db, tenantId: string, name: string, exceptId?: string) => {
  const [row] = await db
    .select({ id: parkingLots.id })
    .from(parkingLots)
    .where(and(eq(parkingLots.tenantId, tenantId), eq(parkingLots.name, name), exceptId ? ne(parkingLots.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
};

/** Totals per kind over the filtered lots; occupied is what is not free. */
export const sumParkingLots = async (db: Db, tenantId: string, filter: Filter) =>
  (
    await db
      .select({
        kind: parkingLots.kind,
        lots: count(),
        spaces: sql<string>`coalesce(sum(${parkingLots.totalSpaces}), 0)`,
        free: sql<string>`coalesce(sum(${parkingLots.freeCount}), 0)`,
      })
      .from(parkingLots)
      .where(lotConditions(tenantId, filter))
      .groupBy(parkingLots.kind)
  ).map((r) => ({ kind: r.kind as ParkingLotKind, lots: Number(r.lots), spaces: Number(r.spaces), free: Number(r.free) }));

export const countLotBindings = async (db: Db, tenantId: string, lotId: string) => {
  const [lanes] = await db
    .select({ n: count() })
    .from(parkingLanes)
    .where(and(eq(parkingLanes.tenantId, tenantId), eq(parkingLanes.lotId, lotId)));
  const [spaces] = await db
    .select({ n: count() })
    .from(parkingSpaces)
    .where(and(eq(parkingSpaces.tenantId, tenantId), eq(parkingSpaces.lotId, lotId)));
  const [cards] = await db
    .select({ n: count() })
    .from(longRentals)
    .where(and(eq(longRentals.tenantId, tenantId), eq(longRentals.lotId, lotId)));
  const [deviceCount] = await db
    .select({ n: count() })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.lotId, lotId)));
  const [records] = await db
    .select({ n: count(), open: sql<number>`count(*) filter (where ${parkingRecords.state} not in ('closed', 'void'))` })
    .from(parkingRecords)
    .where(and(eq(parkingRecords.tenantId, tenantId), eq(parkingRecords.lotId, lotId)));
  return {
    lanes: Number(lanes?.n ?? 0),
    spaces: Number(spaces?.n ?? 0),
    longRentals: Number(cards?.n ?? 0),
    devices: Number(deviceCount?.n ?? 0),
    records: Number(records?.n ?? 0),
    openOrders: Number(records?.open ?? 0),
  };
};

/** Every lot of a tenant with the totals it keeps itself, by name: for counters over all lots. */
export const lotTotals = (db: Db, tenantId: string) =>
  db
    .select({
      id: parkingLots.id,
      name: parkingLots.name,
      kind: parkingLots.kind,
      totalSpaces: parkingLots.totalSpaces,
      freeCount: parkingLots.freeCount,
      longRentalSpaces: parkingLots.longRentalSpaces,
      longRentalSpaceLeave: parkingLots.longRentalSpaceLeave,
    })
    .from(parkingLots)
    .where(eq(parkingLots.tenantId, tenantId))
    .orderBy(asc(parkingLots.name), asc(parkingLots.id));
