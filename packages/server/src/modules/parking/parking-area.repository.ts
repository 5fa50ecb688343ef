import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ParkingAreaListQuery } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { parkingAreas, parkingLots } from '../../db/schema/index.js';
import { containing } from '../../shared/like-pattern.js';
import { countRows, pageRows, type Page } from '../../shared/paging.js';
import { tenantRow, insertId } from '../../shared/rows.js';

type Filter = Omit<ParkingAreaListQuery, 'currentPage' | 'pageSize'>;
export type ParkingAreaRow = typeof parkingAreas.$inferSelect;

const areaConditions = (tenantId: string, filter: Filter): SQL | undefined =>
  and(eq(parkingAreas.tenantId, tenantId), containing(filter.name, parkingAreas.name), filter.enabled === undefined ? undefined : eq(parkingAreas.enabled, filter.enabled === 1));

const sortColumns = { name: parkingAreas.name, createdAt: parkingAreas.createdAt } as const;

export const pageParkingAreas = (db: Db, tenantId: string, filter: Filter, page: Page) => {
  const where = areaConditions(tenantId, filter);
  const direction = filter.sort === 'desc' ? desc : asc;
  const rows = db
    .select()
    .from(parkingAreas)
    .where(where)
    .orderBy(direction(sortColumns[filter.sidx ?? 'createdAt']), asc(parkingAreas.id));
  return pageRows(page, countRows(db, parkingAreas, where), rows.$dynamic());
};

export const findParkingArea = async (db: Db, tenantId: string, id: string): Promise<ParkingAreaRow | undefined> => {
  const [row] = await db
    .select()
    .from(parkingAreas)
    .where(tenantRow(parkingAreas, tenantId, id))
    .limit(1);
  return row;
};

export const parkingAreaNameTaken = async (db: Db, tenantId: string, name: string, exceptId?: string) => {
  const [row] = await db
    .select({ id: parkingAreas.id })
    .from(parkingAreas)
    .where(and(eq(parkingAreas.tenantId, tenantId), eq(parkingAreas.name, name), exceptId ? ne(parkingAreas.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
};

/** How many lots each area holds, in one query. */
export const areaLotCounts = async (db: Db, tenantId: string, ids: string[]): Promise<Map<string, number>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: parkingLots.areaId, n: count() })
    .from(parkingLots)
    .where(and(eq(parkingLots.tenantId, tenantId), inArray(parkingLots.areaId, ids)))
    .groupBy(parkingLots.areaId);
  return new Map(rows.flatMap((r) => (r.id ? [[r.id, Number(r.n)] as const] : [])));
};

export type ParkingAreaValues = Omit<typeof parkingAreas.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;

export const insertParkingArea = (db: Db, tenantId: string, values: ParkingAreaValues): Promise<string> => insertId(db, parkingAreas, { tenantId, ...values });

export const updateParkingAreaRow = (db: Db, tenantId: string, id: string, values: Partial<ParkingAreaValues>) =>
  db
    .update(parkingAreas)
    .set({ ...values, updatedAt: sql`now()` })
    .where(tenantRow(parkingAreas, tenantId, id));

export const deleteParkingAreaRow = (db: Db, tenantId: string, id: string) => db.delete(parkingAreas).where(tenantRow(parkingAreas, tenantId, id));
