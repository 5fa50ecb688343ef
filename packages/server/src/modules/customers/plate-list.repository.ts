import { aliasedTable, and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PlateListQueryValues, PlateListState, PlateListType } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { parkingLots, plateListEntries, users } from '../../db/schema/index.js';
import { containing } from '../../shared/like-pattern.js';
import { countRows, pageRows, type Page } from '../../shared/paging.js';
import { insertId, tenantRow } from '../../shared/rows.js';
import { tenantEq } from '../../db/tenant-eq.js';

type Entry = typeof plateListEntries.$inferSelect;
export type PlateListRow = { entry: Entry; createdByName: string | null; removedByName: string | null };
export type PlateListFilter = Omit<PlateListQueryValues, 'currentPage' | 'pageSize'>;

const e = plateListEntries;
const remover = aliasedTable(users, 'remover');
const columns = { entry: e, createdByName: users.realName, removedByName: remover.realName };

/** An entry's state at `now`, as a condition: removal first, then where `now` falls in its validity. */
const stateIs = (state: PlateListState, now: Date): SQL => {
  if (state === 'removed') return isNotNull(e.removedAt);
  if (state === 'pending') return and(isNull(e.removedAt), gt(e.validFrom, now))!;
  if (state === 'expired') return and(isNull(e.removedAt), lte(e.validTo, now))!;
  return and(isNull(e.removedAt), or(isNull(e.validFrom), lte(e.validFrom, now)), or(isNull(e.validTo), gt(e.validTo, now)))!;
};

const conditions = (tenantId: string, filter: PlateListFilter, now: Date): SQL | undefined =>
  and(
    eq(e.tenantId, tenantId),
    filter.type ? eq(e.type, filter.type) : undefined,
    containing(filter.plateNumber, e.plateNumber),
    filter.state ? stateIs(filter.state, now) : undefined,
    // an entry of every lot applies at the lot too
    filter.lotId ? or(isNull(e.lotIds), sql`${filter.lotId}::uuid = ANY(${e.lotIds})`) : undefined,
  );

const withNames = (db: Db) => db.select(columns).from(e).leftJoin(users, tenantEq(users.id, e.createdBy)).leftJoin(remover, tenantEq(remover.id, e.removedBy));

const sortColumns = { createdAt: e.createdAt, plateNumber: e.plateNumber } as const;

export const pagePlateList = async (db: Db, tenantId: string, filter: PlateListFilter, page: Page, now: Date) => {
  const where = conditions(tenantId, filter, now);
  const direction = (filter.sort ?? (filter.sidx ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const { rows, total } = await pageRows(
    page,
    countRows(db, e, where),
    withNames(db)
      .where(where)
      .orderBy(direction(sortColumns[filter.sidx ?? 'createdAt']), asc(e.id))
      .$dynamic(),
  );
  return { rows: rows as PlateListRow[], total };
};

export const findPlateListEntry = async (db: Db, tenantId: string, id: string): Promise<PlateListRow | undefined> => {
  const [row] = await withNames(db)
    .where(tenantRow(e, tenantId, id))
    .limit(1);
  return row;
};

/** The names of the tenant's lots among `ids`; a foreign or unknown id is missing from the answer. */
export const lotNamesOf = async (db: Db, tenantId: string, ids: readonly string[]) => {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: parkingLots.id, name: parkingLots.name })
    .from(parkingLots)
    .where(and(eq(parkingLots.tenantId, tenantId), inArray(parkingLots.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.name]));
};

/** Entries of one plate and colour take turns being written, so two at once cannot both miss each other's clash. */
export const lockPlate = async (db: Db, tenantId: string, plateNumber: string, plateColour: number) => {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`plate-list:${tenantId}:${plateNumber}:${plateColour}`}, 0))`);
};

export interface PlateListSpan {
  plateNumber: string;
  plateColour: number;
  lotIds: string[] | null;
  validFrom: Date | null;
  validTo: Date | null;
}

/**
 * The first entry (not removed) of the same plate and colour whose scope and validity meet the
 * span's: some lot in both (every lot meets any), and some moment in both (长期 meets any).
 */
export const findClash = async (db: Db, tenantId: string, span: PlateListSpan, exceptId: string | null) => {
  const lots = span.lotIds ? sql`(${e.lotIds} IS NULL OR ${e.lotIds} && ${`{${span.lotIds.join(',')}}`}::uuid[])` : sql`true`;
  const [row] = await withNames(db)
    .where(
      and(
        eq(e.tenantId, tenantId),
        eq(e.plateNumber, span.plateNumber),
        eq(e.plateColour, span.plateColour),
        isNull(e.removedAt),
        exceptId ? sql`${e.id} <> ${exceptId}` : undefined,
        lots,
        sql`coalesce(${e.validFrom}, '-infinity'::timestamptz) < coalesce(${span.validTo?.toISOString() ?? null}::timestamptz, 'infinity'::timestamptz)`,
        sql`coalesce(${span.validFrom?.toISOString() ?? null}::timestamptz, '-infinity'::timestamptz) < coalesce(${e.validTo}, 'infinity'::timestamptz)`,
      ),
    )
    .orderBy(asc(e.createdAt))
    .limit(1);
  return row;
};

export interface PlateListValuesRow extends PlateListSpan {
  type: PlateListType;
  reason: string;
}

export const insertPlateListEntry = (db: Db, tenantId: string, values: PlateListValuesRow & { createdBy: string | null; createdAt?: Date }) => insertId(db, e, { tenantId, ...values });

export const updatePlateListRow = (db: Db, tenantId: string, id: string, values: PlateListValuesRow) =>
  db
    .update(e)
    .set({ ...values, updatedAt: sql`now()` })
    .where(tenantRow(e, tenantId, id));

/** 移除: marks the entry removed at `at`, unless it was already; answers whether it did. */
export const markPlateListRemoved = async (db: Db, tenantId: string, id: string, removal: { at: Date; by: string | null; reason: string }) => {
  const rows = await db
    .update(e)
    .set({ removedAt: removal.at, removedBy: removal.by, removalReason: removal.reason, updatedAt: sql`now()` })
    .where(and(tenantRow(e, tenantId, id), isNull(e.removedAt)))
    .returning({ id: e.id });
  return rows.length > 0;
};

/** A white entry's time at a lot, as it bears on a stay: from (null: since ever) until (null: for ever), removal ending it. */
export interface WhiteListWindow {
  from: Date | null;
  until: Date | null;
}

/** The white entries of a plate and colour at a lot that were in force at some moment of [from, to]. */
export const whiteWindowsOf = async (db: Db, tenantId: string, stay: { lotId: string; plateNumber: string; plateColour: number; from: Date; to: Date }) => {
  const until = sql<Date | null>`least(${e.validTo}, ${e.removedAt})`;
  const rows = await db
    .select({ from: e.validFrom, until })
    .from(e)
    .where(
      and(
        eq(e.tenantId, tenantId),
        eq(e.plateNumber, stay.plateNumber),
        eq(e.plateColour, stay.plateColour),
        eq(e.type, 'white'),
        or(isNull(e.lotIds), sql`${stay.lotId}::uuid = ANY(${e.lotIds})`),
        or(isNull(e.validFrom), lte(e.validFrom, stay.to)),
        sql`coalesce(${until}, 'infinity'::timestamptz) > ${stay.from.toISOString()}::timestamptz`,
      ),
    );
  return rows.map((r): WhiteListWindow => ({ from: r.from, until: r.until === null ? null : new Date(r.until as unknown as string) }));
};
