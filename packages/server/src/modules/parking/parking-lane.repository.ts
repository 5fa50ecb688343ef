import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { ParkingLaneListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { parkingLanes, parkingLots } from '../../db/schema/index.js';
import { containing } from '../../shared/like-pattern.js';
import { countRows, pageRows, type Page } from '../../shared/paging.js';
import { tenantRow, insertId } from '../../shared/rows.js';
import { tenantEq } from '../../db/tenant-eq.js';

type Filter = Omit<ParkingLaneListValues, 'currentPage' | 'pageSize'>;
export type ParkingLaneRow = { lane: typeof parkingLanes.$inferSelect; lotName: string };

const laneConditions = (tenantId: string, filter: Filter): SQL | undefined =>
  and(
    eq(parkingLanes.tenantId, tenantId),
    filter.lotId ? eq(parkingLanes.lotId, filter.lotId) : undefined,
    filter.direction ? eq(parkingLanes.direction, filter.direction) : undefined,
    containing(filter.name, parkingLanes.name),
    filter.enabled === undefined ? undefined : eq(parkingLanes.enabled, filter.enabled === 1),
  );

const sortColumns = { sortCode: parkingLanes.sortCode, name: parkingLanes.name, createdAt: parkingLanes.createdAt } as const;
const laneColumns = { lane: parkingLanes, lotName: parkingLots.name };

export const pageParkingLanes = (db: Db, tenantId: string, filter: Filter, page: Page) => {
  const where = laneConditions(tenantId, filter);
  const direction = filter.sort === 'desc' ? desc : asc;
  const rows = db
    .select(laneColumns)
    .from(parkingLanes)
    .innerJoin(parkingLots, tenantEq(parkingLots.id, parkingLanes.lotId))
    .where(where)
    .orderBy(direction(sortColumns[filter.sidx ?? 'sortCode']), asc(parkingLanes.createdAt), asc(parkingLanes.id));
  return pageRows(page, countRows(db, parkingLanes, where), rows.$dynamic());
};

export const findParkingLane = async (db: Db, tenantId: string, id: string): Promise<ParkingLaneRow | undefined> => {
  const [row] = await db
    .select(laneColumns)
    .from(parkingLanes)
    .innerJoin(parkingLots, tenantEq(parkingLots.id, parkingLanes.lotId))
    .where(tenantRow(parkingLanes, tenantId, id))
    .limit(1);
  return row;
};

export const parkingLaneNameTaken = async (db: Db, tenantId: string, lotId: string, name: string, exceptId?: string) => {
  const [row] = await db
    .select({ id: parkingLanes.id })
    .from(parkingLanes)
    .where(and(eq(parkingLanes.tenantId, tenantId), eq(parkingLanes.lotId, lotId), eq(parkingLanes.name, name), exceptId ? ne(parkingLanes.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
};

/** A lot's lanes for the device form's picker. */
export const lanesOfLot = (db: Db, tenantId: string, lotId: string) =>
  db
    .select({ id: parkingLanes.id, name: parkingLanes.name })
    .from(parkingLanes)
    .where(and(eq(parkingLanes.tenantId, tenantId), eq(parkingLanes.lotId, lotId)))
    .orderBy(asc(parkingLanes.sortCode), asc(parkingLanes.name));

export const findLane = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select({ lotId: parkingLanes.lotId, name: parkingLanes.name })
    .from(parkingLanes)
    .where(tenantRow(parkingLanes, tenantId, id))
    .limit(1);
  return row;
};

export type ParkingLaneValues = Omit<typeof parkingLanes.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;

export const insertParkingLane = (db: Db, tenantId: string, values: ParkingLaneValues): Promise<string> => insertId(db, parkingLanes, { tenantId, ...values });

export const updateParkingLaneRow = (db: Db, tenantId: string, id: string, values: Partial<ParkingLaneValues>) =>
  db
    .update(parkingLanes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(tenantRow(parkingLanes, tenantId, id));

export const deleteParkingLaneRow = (db: Db, tenantId: string, id: string) => db.delete(parkingLanes).where(tenantRow(parkingLanes, tenantId, id));
