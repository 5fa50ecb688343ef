import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ParkingLotFilterValues, ParkingLotKind } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { devices, groupCards, longRentals, parkingAreas, parkingLanes, parkingLots, parkingRecords, parkingSpaces } from '../../db/schema/index.js';
import { rowsOf } from '../../db/json-row.js';
import { containing } from '../../shared/like-pattern.js';
import { countRows, pageRows, type Page } from '../../shared/paging.js';
import { tenantRow, insertId } from '../../shared/rows.js';
import { tenantEq } from '../../db/tenant-eq.js';

type Filter = ParkingLotFilterValues;
type Sort = { sidx?: 'name' | 'type' | 'totalSpaces' | 'freeCount' | 'createdAt' | undefined; sort?: 'asc' | 'desc' | undefined };

export type ParkingLotRow = { lot: typeof parkingLots.$inferSelect; areaName: string | null };

const lotConditions = (tenantId: string, filter: Filter): SQL | undefined => {
  // the contract has made sure the two names of the 启用/停用 filter agree when both are given
  const enabled = filter.enabled ?? filter.enabledmark;
  return and(
    eq(parkingLots.tenantId, tenantId),
    containing(filter.name, parkingLots.name),
    filter.type === undefined ? undefined : eq(parkingLots.type, filter.type),
    filter.kind ? eq(parkingLots.kind, filter.kind) : undefined,
    filter.areaId ? eq(parkingLots.areaId, filter.areaId) : undefined,
    enabled === undefined ? undefined : eq(parkingLots.enabled, enabled === 1),
  );
};

const sortColumns = {
  name: parkingLots.name,
  type: parkingLots.type,
  totalSpaces: parkingLots.totalSpaces,
  freeCount: parkingLots.freeCount,
  createdAt: parkingLots.createdAt,
} as const;

const lotColumns = { lot: parkingLots, areaName: parkingAreas.name };

export const pageParkingLots = (db: Db, tenantId: string, filter: Filter & Sort, page: Page) => {
  const where = lotConditions(tenantId, filter);
  const direction = filter.sort === 'desc' ? desc : asc;
  const rows = db
    .select(lotColumns)
    .from(parkingLots)
    .leftJoin(parkingAreas, tenantEq(parkingAreas.id, parkingLots.areaId))
    .where(where)
    .orderBy(direction(sortColumns[filter.sidx ?? 'createdAt']), asc(parkingLots.id));
  return pageRows(page, countRows(db, parkingLots, where), rows.$dynamic());
};

export const findParkingLot = async (db: Db, tenantId: string, id: string): Promise<ParkingLotRow | undefined> => {
  const [row] = await db
    .select(lotColumns)
    .from(parkingLots)
    .leftJoin(parkingAreas, tenantEq(parkingAreas.id, parkingLots.areaId))
    .where(tenantRow(parkingLots, tenantId, id))
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

/** What is bound to a lot, counted in one statement. */
export const countLotBindings = async (db: Db, tenantId: string, lotId: string) => {
  const [row] = rowsOf(
    await db.execute(sql`
      SELECT
        (SELECT count(*) FROM ${parkingLanes} WHERE tenant_id = ${tenantId} AND lot_id = ${lotId}) AS lanes,
        (SELECT count(*) FROM ${parkingSpaces} WHERE tenant_id = ${tenantId} AND lot_id = ${lotId}) AS spaces,
        (SELECT count(*) FROM ${longRentals} WHERE tenant_id = ${tenantId} AND lot_id = ${lotId}) AS long_rentals,
        (SELECT count(*) FROM ${devices} WHERE tenant_id = ${tenantId} AND lot_id = ${lotId}) AS devices,
        (SELECT count(*) FROM ${groupCards} WHERE tenant_id = ${tenantId} AND ${lotId}::uuid = ANY(lot_ids)) AS group_cards,
        r.records, r.open_records
      FROM (SELECT count(*) AS records, count(*) FILTER (WHERE state NOT IN ('closed', 'void')) AS open_records
              FROM ${parkingRecords} WHERE tenant_id = ${tenantId} AND lot_id = ${lotId}) r`),
  );
  return {
    lanes: Number(row?.lanes ?? 0),
    spaces: Number(row?.spaces ?? 0),
    longRentals: Number(row?.long_rentals ?? 0),
    devices: Number(row?.devices ?? 0),
    groupCards: Number(row?.group_cards ?? 0),
    records: Number(row?.records ?? 0),
    openRecords: Number(row?.open_records ?? 0),
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

export type ParkingLotValues = Omit<typeof parkingLots.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;

export const insertParkingLot = (db: Db, tenantId: string, values: ParkingLotValues): Promise<string> => insertId(db, parkingLots, { tenantId, ...values });

export const updateParkingLotRow = (db: Db, tenantId: string, id: string, values: Partial<ParkingLotValues>) =>
  db
    .update(parkingLots)
    .set({ ...values, updatedAt: sql`now()` })
    .where(tenantRow(parkingLots, tenantId, id));

export const deleteParkingLotRow = (db: Db, tenantId: string, id: string) => db.delete(parkingLots).where(tenantRow(parkingLots, tenantId, id));

/** The names of the tenant's lots among `ids` (cards and bills name the lots they apply to). */
export const lotNamesOf = async (db: Db, tenantId: string, ids: readonly string[]) => {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: parkingLots.id, name: parkingLots.name })
    .from(parkingLots)
    .where(and(eq(parkingLots.tenantId, tenantId), inArray(parkingLots.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.name]));
};

export const lotOfTenant = async (db: Db, tenantId: string, lotId: string) => {
  const [row] = await db
    .select({ id: parkingLots.id })
    .from(parkingLots)
    .where(tenantRow(parkingLots, tenantId, lotId))
    .limit(1);
  return row;
};
