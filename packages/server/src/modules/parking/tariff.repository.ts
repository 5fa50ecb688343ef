import { and, asc, count, desc, eq, gt, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TariffListQuery } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { parkingLots, parkingRecords, tariffs, tariffVersions } from '../../db/schema/index.js';
import { containing } from '../../shared/like-pattern.js';
import { countRows, pageRows, type Page } from '../../shared/paging.js';
import { tenantRow, insertId } from '../../shared/rows.js';

type Filter = Pick<TariffListQuery, 'name' | 'sidx' | 'sort'> & { enabled?: number | undefined };
export type TariffRow = typeof tariffs.$inferSelect;
export type TariffVersionRow = typeof tariffVersions.$inferSelect;

const sortColumns = { name: tariffs.name, createdAt: tariffs.createdAt } as const;

export const pageTariffs = (db: Db, tenantId: string, filter: Filter, page: Page) => {
  const where = and(eq(tariffs.tenantId, tenantId), containing(filter.name, tariffs.name), filter.enabled === undefined ? undefined : eq(tariffs.enabled, filter.enabled === 1));
  const direction = filter.sort === 'desc' ? desc : asc;
  const rows = db
    .select()
    .from(tariffs)
    .where(where)
    .orderBy(direction(sortColumns[filter.sidx ?? 'createdAt']), asc(tariffs.id));
  return pageRows(page, countRows(db, tariffs, where), rows.$dynamic());
};

export const findTariff = async (db: Db, tenantId: string, id: string): Promise<TariffRow | undefined> => {
  const [row] = await db
    .select()
    .from(tariffs)
    .where(tenantRow(tariffs, tenantId, id))
    .limit(1);
  return row;
};

export const tariffNameTaken = async (db: Db, tenantId: string, name: string, exceptId?: string) => {
  const [row] = await db
    .select({ id: tariffs.id })
    .from(tariffs)
    .where(and(eq(tariffs.tenantId, tenantId), eq(tariffs.name, name), exceptId ? ne(tariffs.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
};

/** Every version of the tariffs, newest first. */
export const listTariffVersions = (db: Db, tenantId: string, tariffIds: string[]): Promise<TariffVersionRow[]> =>
  tariffIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(tariffVersions)
        .where(and(eq(tariffVersions.tenantId, tenantId), inArray(tariffVersions.tariffId, tariffIds)))
        .orderBy(desc(tariffVersions.versionNo));

/** The version in force at `at`: started at or before it and not yet ended. */
export const findVersionAt = async (db: Db, tenantId: string, tariffId: string, at: Date): Promise<TariffVersionRow | undefined> => {
  const where: SQL | undefined = and(
    eq(tariffVersions.tenantId, tenantId),
    eq(tariffVersions.tariffId, tariffId),
    lte(tariffVersions.effectiveFrom, at),
    or(isNull(tariffVersions.effectiveTo), gt(tariffVersions.effectiveTo, at)),
  );
  const [row] = await db.select().from(tariffVersions).where(where).orderBy(desc(tariffVersions.effectiveFrom)).limit(1);
  return row;
};

/** How many lots use each of the tariffs, in one query. */
export const tariffLotCounts = async (db: Db, tenantId: string, ids: string[]): Promise<Map<string, number>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: parkingLots.tariffId, n: count() })
    .from(parkingLots)
    .where(and(eq(parkingLots.tenantId, tenantId), inArray(parkingLots.tariffId, ids)))
    .groupBy(parkingLots.tariffId);
  return new Map(rows.map((r) => [r.id ?? '', Number(r.n)]));
};

/** How many parking records were priced, or will be, by a tariff: their history keeps it. */
export const recordsPricedBy = async (db: Db, tenantId: string, tariffId: string) => {
  const [row] = await db
    .select({ n: count() })
    .from(parkingRecords)
    .where(and(eq(parkingRecords.tenantId, tenantId), eq(parkingRecords.tariffId, tariffId)));
  return Number(row?.n ?? 0);
};

export const lotNamesUsing = async (db: Db, tenantId: string, tariffId: string) =>
  (
    await db
      .select({ name: parkingLots.name })
      .from(parkingLots)
      .where(and(eq(parkingLots.tenantId, tenantId), eq(parkingLots.tariffId, tariffId)))
      .orderBy(asc(parkingLots.name))
  ).map((r) => r.name);

export type TariffValues = Omit<typeof tariffs.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;

export const insertTariff = (db: Db, tenantId: string, values: TariffValues): Promise<string> => insertId(db, tariffs, { tenantId, ...values });

export const updateTariffRow = (db: Db, tenantId: string, id: string, values: Partial<TariffValues>) =>
  db
    .update(tariffs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(tenantRow(tariffs, tenantId, id));

export const deleteTariffRow = (db: Db, tenantId: string, id: string) => db.delete(tariffs).where(tenantRow(tariffs, tenantId, id));

export const insertTariffVersion = async (db: Db, tenantId: string, values: Pick<typeof tariffVersions.$inferInsert, 'tariffId' | 'versionNo' | 'effectiveFrom' | 'rules'>) => {
  await db.insert(tariffVersions).values({ tenantId, ...values });
};

/** The version stops applying at `effectiveTo`, where the next one starts. */
export const endTariffVersion = (db: Db, tenantId: string, id: string, effectiveTo: Date) =>
  db
    .update(tariffVersions)
    .set({ effectiveTo })
    .where(tenantRow(tariffVersions, tenantId, id));
