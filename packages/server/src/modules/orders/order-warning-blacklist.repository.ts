import { and, asc, count, desc, eq, like } from 'drizzle-orm';
import type { PlateBlacklistListValues, PlateBlacklistValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { plateBlacklist, users } from '../../db/schema/index.js';
import { prefixPattern } from '../../shared/like-pattern.js';
import { countOf, offsetOf, type Page } from '../../shared/paging.js';

export type PlateBlacklistRow = { entry: typeof plateBlacklist.$inferSelect; createdByName: string | null };
type Filter = Omit<PlateBlacklistListValues, 'currentPage' | 'pageSize'>;

const columns = { entry: plateBlacklist, createdByName: users.realName };
const sortColumns = { createdAt: plateBlacklist.createdAt, plateNumber: plateBlacklist.plateNumber } as const;

/** 车辆布控 entries of the tenant, by plate prefix; newest first unless a column is asked for. */
export const pagePlateBlacklist = async (db: Db, tenantId: string, filter: Filter, page: Page) => {
  const { plateNumber, sidx, sort } = filter;
  const where = and(eq(plateBlacklist.tenantId, tenantId), plateNumber ? like(plateBlacklist.plateNumber, prefixPattern(plateNumber)) : undefined);
  const direction = (sort ?? (sidx ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const [total] = await db.select({ n: count() }).from(plateBlacklist).where(where);
  const rows: PlateBlacklistRow[] = await db
    .select(columns)
    .from(plateBlacklist)
    .leftJoin(users, eq(users.id, plateBlacklist.createdBy))
    .where(where)
    .orderBy(direction(sortColumns[sidx ?? 'createdAt']), asc(plateBlacklist.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  return { rows, total: countOf(total) };
};

export const findPlateBlacklistEntry = async (db: Db, tenantId: string, id: string): Promise<PlateBlacklistRow | undefined> => {
  const [row] = await db
    .select(columns)
    .from(plateBlacklist)
    .leftJoin(users, eq(users.id, plateBlacklist.createdBy))
    .where(and(eq(plateBlacklist.tenantId, tenantId), eq(plateBlacklist.id, id)))
    .limit(1);
  return row;
};

/** Inserts the entry unless the plate is listed already; undefined then. */
export const insertPlateBlacklistEntry = async (db: Db, values: typeof plateBlacklist.$inferInsert) => {
  const [row] = await db.insert(plateBlacklist).values(values).onConflictDoNothing().returning({ id: plateBlacklist.id });
  return row;
};

export const plateBlacklisted = async (db: Db, tenantId: string, plateNumber: string) => {
  const [row] = await db
    .select({ id: plateBlacklist.id })
    .from(plateBlacklist)
    .where(and(eq(plateBlacklist.tenantId, tenantId), eq(plateBlacklist.plateNumber, plateNumber)))
    .limit(1);
  return row !== undefined;
};

export const updatePlateBlacklistRow = (db: Db, tenantId: string, id: string, values: PlateBlacklistValues) =>
  db
    .update(plateBlacklist)
    .set(values)
    .where(and(eq(plateBlacklist.tenantId, tenantId), eq(plateBlacklist.id, id)));

export const deletePlateBlacklistRow = (db: Db, tenantId: string, id: string) => db.delete(plateBlacklist).where(and(eq(plateBlacklist.tenantId, tenantId), eq(plateBlacklist.id, id)));
