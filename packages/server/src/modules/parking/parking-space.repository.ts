import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ParkingSpaceListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { parkingLots, parkingSpaces } from '../../db/schema/index.js';
import { containing } from '../../shared/like-pattern.js';
import { countRows, pageRows, type Page } from '../../shared/paging.js';
import { tenantRow, insertId } from '../../shared/rows.js';
import { tenantEq } from '../../db/tenant-eq.js';

type Filter = Omit<ParkingSpaceListValues, 'currentPage' | 'pageSize'>;
export type ParkingSpaceRow = { space: typeof parkingSpaces.$inferSelect; lotName: string };

const spaceConditions = (tenantId: string, filter: Filter): SQL | undefined =>
  and(
    eq(parkingSpaces.tenantId, tenantId),
    filter.lotId ? eq(parkingSpaces.lotId, filter.lotId) : undefined,
    containing(filter.number, parkingSpaces.number),
    filter.type === undefined ? undefined : eq(parkingSpaces.type, filter.type),
    filter.state ? eq(parkingSpaces.state, filter.state) : undefined,
    filter.charging === undefined ? undefined : eq(parkingSpaces.charging, filter.charging === 1),
    containing(filter.sensorSn, parkingSpaces.sensorSn),
  );

const sortColumns = { number: parkingSpaces.number, type: parkingSpaces.type, state: parkingSpaces.state, createdAt: parkingSpaces.createdAt } as const;
const spaceColumns = { space: parkingSpaces, lotName: parkingLots.name };

export const pageParkingSpaces = (db: Db, tenantId: string, filter: Filter, page: Page) => {
  const where = spaceConditions(tenantId, filter);
  const direction = filter.sort === 'desc' ? desc : asc;
  const rows = db
    .select(spaceColumns)
    .from(parkingSpaces)
    .innerJoin(parkingLots, tenantEq(parkingLots.id, parkingSpaces.lotId))
    .where(where)
    .orderBy(direction(sortColumns[filter.sidx ?? 'number']), asc(parkingLots.name), asc(parkingSpaces.id));
  return pageRows(page, countRows(db, parkingSpaces, where), rows.$dynamic());
};

export const findParkingSpace = async (db: Db, tenantId: string, id: string): Promise<ParkingSpaceRow | undefined> => {
  const [row] = await db
    .select(spaceColumns)
    .from(parkingSpaces)
    .innerJoin(parkingLots, tenantEq(parkingLots.id, parkingSpaces.lotId))
    .where(tenantRow(parkingSpaces, tenantId, id))
    .limit(1);
  return row;
};

/** Which of `numbers` the lot already has, in the order asked. */
export const takenSpaceNumbers = async (db: Db, tenantId: string, lotId: string, numbers: string[], exceptId?: string) => {
  if (numbers.length === 0) return [];
  const rows = await db
    .select({ number: parkingSpaces.number })
    .from(parkingSpaces)
    .where(and(eq(parkingSpaces.tenantId, tenantId), eq(parkingSpaces.lotId, lotId), inArray(parkingSpaces.number, numbers), exceptId ? ne(parkingSpaces.id, exceptId) : undefined));
  const taken = new Set(rows.map((r) => r.number));
  return numbers.filter((n) => taken.has(n));
};

/** The space (number and lot name) that the tenant's sensor already watches, other than `exceptId`. */
export const spaceOfSensor = async (db: Db, tenantId: string, sensorSn: string, exceptId?: string) => {
  const [row] = await db
    .select({ number: parkingSpaces.number, lotName: parkingLots.name })
    .from(parkingSpaces)
    .innerJoin(parkingLots, tenantEq(parkingLots.id, parkingSpaces.lotId))
    .where(and(eq(parkingSpaces.tenantId, tenantId), eq(parkingSpaces.sensorSn, sensorSn), exceptId ? ne(parkingSpaces.id, exceptId) : undefined))
    .limit(1);
  return row;
};

/** A lot's spaces counted the way its totals are kept: all, by type, with a charger, free. */
export const countLotSpaces = async (db: Db, tenantId: string, lotId: string) => {
  const [row] = await db
    .select({
      total: count(),
      longRental: sql<string>`count(*) filter (where ${parkingSpaces.type} = 1)`,
      reserved: sql<string>`count(*) filter (where ${parkingSpaces.type} = 2)`,
      charging: sql<string>`count(*) filter (where ${parkingSpaces.charging})`,
      free: sql<string>`count(*) filter (where ${parkingSpaces.state} = 'free')`,
    })
    .from(parkingSpaces)
    .where(and(eq(parkingSpaces.tenantId, tenantId), eq(parkingSpaces.lotId, lotId)));
  return {
    total: Number(row?.total ?? 0),
    longRental: Number(row?.longRental ?? 0),
    reserved: Number(row?.reserved ?? 0),
    charging: Number(row?.charging ?? 0),
    free: Number(row?.free ?? 0),
  };
};

/** Every lot's spaces of a tenant counted by state and long-rental type; lots without spaces are absent. */
export const spaceCountsByLot = async (db: Db, tenantId: string) =>
  (
    await db
      .select({
        lotId: parkingSpaces.lotId,
        total: count(),
        free: sql<string>`count(*) filter (where ${parkingSpaces.state} = 'free')`,
        occupied: sql<string>`count(*) filter (where ${parkingSpaces.state} = 'occupied')`,
        fault: sql<string>`count(*) filter (where ${parkingSpaces.state} = 'fault')`,
        longRental: sql<string>`count(*) filter (where ${parkingSpaces.type} = 1)`,
      })
      .from(parkingSpaces)
      .where(eq(parkingSpaces.tenantId, tenantId))
      .groupBy(parkingSpaces.lotId)
  ).map((r) => ({
    lotId: r.lotId,
    total: Number(r.total),
    free: Number(r.free),
    occupied: Number(r.occupied),
    fault: Number(r.fault),
    longRental: Number(r.longRental),
  }));

/** a lot's spaces for the picker; lots have at most a few thousand */
export const spacesOfLot = (db: Db, tenantId: string, lotId: string, limit = 5000) =>
  db
    .select({ id: parkingSpaces.id, number: parkingSpaces.number })
    .from(parkingSpaces)
    .where(and(eq(parkingSpaces.tenantId, tenantId), eq(parkingSpaces.lotId, lotId)))
    .orderBy(asc(parkingSpaces.number))
    .limit(limit);

export const findSpace = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select({ lotId: parkingSpaces.lotId, number: parkingSpaces.number })
    .from(parkingSpaces)
    .where(tenantRow(parkingSpaces, tenantId, id))
    .limit(1);
  return row;
};

export type ParkingSpaceValues = Omit<typeof parkingSpaces.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;

export const insertParkingSpace = (db: Db, tenantId: string, values: ParkingSpaceValues): Promise<string> => insertId(db, parkingSpaces, { tenantId, ...values });

export const updateParkingSpaceRow = (db: Db, tenantId: string, id: string, values: Partial<ParkingSpaceValues>) =>
  db
    .update(parkingSpaces)
    .set({ ...values, updatedAt: sql`now()` })
    .where(tenantRow(parkingSpaces, tenantId, id));

export const deleteParkingSpaceRow = (db: Db, tenantId: string, id: string) => db.delete(parkingSpaces).where(tenantRow(parkingSpaces, tenantId, id));

export const insertParkingSpaces = async (db: Db, tenantId: string, values: ParkingSpaceValues[]) => {
  await db.insert(parkingSpaces).values(values.map((v) => ({ tenantId, ...v })));
};
