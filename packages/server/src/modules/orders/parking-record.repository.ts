import { and, asc, count, desc, eq, getTableColumns, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { eventRulesOf, type ParkingRecordListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { offsetOf } from '../../shared/paging.js';
import { longRentals, parkingLanes, parkingLots, parkingRecordCounts, parkingRecords, parkingSpaces, tariffVersions, tariffs, vehicleEvents } from '../../db/schema/index.js';
import { startsWith } from '../../shared/like-pattern.js';
import { mapEach } from '../../shared/map-each.js';
import { rowsOf } from '../../db/json-row.js';
import { executeNamed, planAsBefore, planGenerically } from '../../db/prepared.js';
import { tenantEq } from '../../db/tenant-eq.js';

export type ParkingRecordRow = typeof parkingRecords.$inferSelect;
export type NewParkingRecord = typeof parkingRecords.$inferInsert;
export type ListedRecordRow = { record: ParkingRecordRow; lotName: string; entryLaneName: string | null; exitLaneName: string | null; spaceNumber: string | null };
type Filter = Omit<ParkingRecordListValues, 'currentPage' | 'pageSize'>;

/** The event a device sent with this id at this time of its own (a resend repeats both). */
export const findVehicleEvent = async (db: Db, tenantId: string, deviceId: string, deviceEventId: string, occurredAt: Date) => {
  const [row] = await db
    .select()
    .from(vehicleEvents)
    .where(and(eq(vehicleEvents.tenantId, tenantId), eq(vehicleEvents.deviceId, deviceId), eq(vehicleEvents.deviceEventId, deviceEventId), eq(vehicleEvents.occurredAt, occurredAt)))
    .limit(1);
  return row;
};

/** The lot, locked until the transaction ends: events of one lot are applied one after another. */
export const lockLot = async (db: Db, tenantId: string, lotId: string) => {
  const [lot] = await db
    .select()
    .from(parkingLots)
    .where(and(eq(parkingLots.tenantId, tenantId), eq(parkingLots.id, lotId)))
    .for('update');
  return lot;
};

/** Moves a lane lot's free count by `delta`, kept within 0 and its total. */
export const moveFreeCount = (db: Db, tenantId: string, lotId: string, delta: number) =>
  db
    .update(parkingLots)
    .set({ freeCount: sql`greatest(0, least(${parkingLots.totalSpaces}, ${parkingLots.freeCount} + ${delta}))`, updatedAt: sql`now()` })
    .where(and(eq(parkingLots.tenantId, tenantId), eq(parkingLots.id, lotId)));

export const findSpaceByNumber = async (db: Db, tenantId: string, lotId: string, number: string) => {
  const [space] = await db
    .select()
    .from(parkingSpaces)
    .where(and(eq(parkingSpaces.tenantId, tenantId), eq(parkingSpaces.lotId, lotId), eq(parkingSpaces.number, number)))
    .limit(1);
  return space;
};

export const findSpace = async (db: Db, tenantId: string, id: string) => {
  const [space] = await db
    .select()
    .from(parkingSpaces)
    .where(and(eq(parkingSpaces.tenantId, tenantId), eq(parkingSpaces.id, id)))
    .limit(1);
  return space;
};

export const setSpaceState = (db: Db, tenantId: string, spaceId: string, state: 'free' | 'occupied') =>
  db
    .update(parkingSpaces)
    .set({ state, updatedAt: sql`now()` })
    .where(and(eq(parkingSpaces.tenantId, tenantId), eq(parkingSpaces.id, spaceId)));

/** The lot a record belongs to, read without a lock so the lot can be locked first. */
export const findRecordLot = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select({ lotId: parkingRecords.lotId })
    .from(parkingRecords)
    .where(and(eq(parkingRecords.tenantId, tenantId), eq(parkingRecords.id, id)))
    .limit(1);
  return row?.lotId;
};

/** A tariff version with its tariff's name, as a record priced by it needs. */
export const findTariffVersion = async (db: Db, tenantId: string, versionId: string) => {
  const [row] = await db
    .select({ version: tariffVersions, name: tariffs.name })
    .from(tariffVersions)
    .innerJoin(tariffs, tenantEq(tariffs.id, tariffVersions.tariffId))
    .where(and(eq(tariffVersions.tenantId, tenantId), eq(tariffVersions.id, versionId)))
    .limit(1);
  return row;
};

/** Whether the lot is lane-based (barriers) or space-based; undefined for a lot not found. */
export const findLotKind = async (db: Db, tenantId: string, lotId: string) => {
  const [row] = await db
    .select({ kind: parkingLots.kind })
    .from(parkingLots)
    .where(and(eq(parkingLots.tenantId, tenantId), eq(parkingLots.id, lotId)))
    .limit(1);
  return row?.kind;
};

/** The lot's 最长计费天数 (its event rules; the default for a lot never configured or gone). */
export const findLotMaxStayDays = async (db: Db, tenantId: string, lotId: string) => {
  const [row] = await db
    .select({ eventRules: parkingLots.eventRules })
    .from(parkingLots)
    .where(and(eq(parkingLots.tenantId, tenantId), eq(parkingLots.id, lotId)))
    .limit(1);
  return eventRulesOf(row?.eventRules).maxStayDays;
};

const sortColumns = {
  enteredAt: parkingRecords.enteredAt,
  exitedAt: parkingRecords.exitedAt,
  amountDue: parkingRecords.amountDue,
  plateNumber: parkingRecords.plateNumber,
} as const;
const entryLanes = alias(parkingLanes, 'entry_lane');
const exitLanes = alias(parkingLanes, 'exit_lane');

const recordConditions = (tenantId: string, f: Filter) =>
  and(
    eq(parkingRecords.tenantId, tenantId),
    f.lotId ? eq(parkingRecords.lotId, f.lotId) : undefined,
    f.plateNumber ? (f.plateMatch === 'prefix' ? startsWith(parkingRecords.plateNumber, f.plateNumber) : eq(parkingRecords.plateNumber, f.plateNumber)) : undefined,
    f.plateColour === undefined ? undefined : eq(parkingRecords.plateColour, f.plateColour),
    f.state ? eq(parkingRecords.state, f.state) : undefined,
    f.enteredFrom ? gte(parkingRecords.enteredAt, new Date(f.enteredFrom)) : undefined,
    f.enteredTo ? lte(parkingRecords.enteredAt, new Date(f.enteredTo)) : undefined,
    f.amountMin === undefined ? undefined : gte(parkingRecords.amountDue, f.amountMin),
    f.amountMax === undefined ? undefined : lte(parkingRecords.amountDue, f.amountMax),
  );

/** The list's order, for an ORDER BY: the column asked for, then the newest written, then the id. */
const recordOrder = (filter: Filter) => {
  // newest entry first when nothing is asked for; a column asked for sorts ascending unless told otherwise
  const direction = (filter.sort ?? (filter.sidx ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  return sql.join([direction(sortColumns[filter.sidx ?? 'enteredAt']), desc(parkingRecords.createdAt), asc(parkingRecords.id)], sql`, `);
};

/** Whether the filter narrows by nothing but the lot: then the kept per-lot counts give the total. */
const countedByLot = (f: Filter) =>
  f.plateNumber === undefined &&
  f.plateColour === undefined &&
  f.state === undefined &&
  f.enteredFrom === undefined &&
  f.enteredTo === undefined &&
  f.amountMin === undefined &&
  f.amountMax === undefined;

/** How many records the filter finds: a sum over parking_record_counts for a whole tenant or lot, a count otherwise. */
const countRecords = async (db: Db, tenantId: string, filter: Filter, where: SQL | undefined) => {
  if (countedByLot(filter)) {
    const [kept] = await db
      .select({ n: sql<string>`coalesce(sum(${parkingRecordCounts.records}), 0)` })
      .from(parkingRecordCounts)
      .where(and(eq(parkingRecordCounts.tenantId, tenantId), filter.lotId ? eq(parkingRecordCounts.lotId, filter.lotId) : undefined));
    return Number(kept?.n ?? 0);
  }
  const [counted] = await db.select({ n: count() }).from(parkingRecords).where(where);
  return Number(counted?.n ?? 0);
};

/** How many records the filter finds when the kept per-lot counts answer it (no filter but the lot); otherwise unknown rather than a count of up to millions of rows. */
export const keptRecordCount = async (db: Db, tenantId: string, filter: Filter) => (countedByLot(filter) ? countRecords(db, tenantId, filter, undefined) : undefined);

/** The record's own columns by property name, and the names the list joins in, as one flat row. */
const recordColumns = Object.entries(getTableColumns(parkingRecords));
const flatColumns = sql.join(
  [
    ...recordColumns.map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
    sql`${parkingLots.name} as "lotName"`,
    sql`${entryLanes.name} as "entryLaneName"`,
    sql`${exitLanes.name} as "exitLaneName"`,
    sql`${parkingSpaces.number} as "spaceNumber"`,
  ],
  sql`, `,
);

const fromFlat = (row: Record<string, unknown>): ListedRecordRow => ({
  record: Object.fromEntries(recordColumns.map(([key, column]) => [key, row[key] === null ? null : column.mapFromDriverValue(row[key])])) as ParkingRecordRow,
  lotName: row.lotName as string,
  entryLaneName: (row.entryLaneName as string | null) ?? null,
  exitLaneName: (row.exitLaneName as string | null) ?? null,
  spaceNumber: (row.spaceNumber as string | null) ?? null,
});

/** The lot, lanes and space beside each record: joins to follow `from parking_records`. */
const namesJoined = sql`inner join ${parkingLots} on ${tenantEq(parkingLots.id, parkingRecords.lotId)}
  left join ${parkingLanes} ${entryLanes} on ${tenantEq(entryLanes.id, parkingRecords.entryLaneId)}
  left join ${parkingLanes} ${exitLanes} on ${tenantEq(exitLanes.id, parkingRecords.exitLaneId)}
  left join ${parkingSpaces} on ${tenantEq(parkingSpaces.id, parkingRecords.spaceId)}`;

/**
 * A search by plate (whole or its beginning), in one lot or all, on its first page in entry order:
 * the search an operator makes most. Its count and its page are named statements, planned once per
 * connection, generically from their first run (planGenerically), however many months the records
 * span (each month's partition costs planning otherwise).
 */
const plateSearch = (f: Filter, page: { currentPage: number; pageSize: number }) =>
  f.plateNumber !== undefined && countedByLot({ ...f, plateNumber: undefined }) && (f.sidx ?? 'enteredAt') === 'enteredAt' && offsetOf(page) === 0 && Number.isSafeInteger(page.pageSize);

/**
 * How a plate search reads its page, from how many records it found (`found`) among the tenant's
 * (`kept`): walking the newest entries until the page is full reads about pageSize × kept / found
 * records, reading every match and sorting them reads `found`. A generic plan cannot tell the two
 * apart (it takes every plate for the same share of the records), so each is its own statement
 * whose text leaves the planner one way: the page taken in entry order, or from the matches alone.
 */
export const plateSearchReads = (found: number, kept: number, pageSize: number): 'walk' | 'gather' => (found * found >= pageSize * kept ? 'walk' : 'gather');

/** The page's rows (`chosen`, named `parking_records`) with the names beside them, in list order; `also`: columns besides. */
const pageWithNames = (chosen: SQL, order: SQL, also?: SQL) => sql`select ${also ? sql`${also}, ` : sql``}${flatColumns} from ${chosen} ${namesJoined} order by ${order}`;

/**
 * A page of the records the filter finds, with the names beside them. The page is chosen from the
 * records alone, and only its rows are joined to the names: records are partitioned by month, and
 * joins planned over every month's partition cost more than reading the page (bench/RESULTS.md, the
 * 10M list before and after the monthly partitions). The chosen rows are named `parking_records`
 * outside, so the columns and the order name them there as they name the table inside.
 * A lot's page or a filtered one is planned for its values each time: a generic plan for the
 * average lot would read a small lot's records through the tenant's newest entries. A plate search
 * is planned once, in the way its count chooses (plateSearchReads).
 */
export const pageParkingRecords = async (db: Db, tenantId: string, filter: Filter, page: { currentPage: number; pageSize: number }) => {
  if (plateSearch(filter, page)) return pagePlateSearch(db, tenantId, filter, page.pageSize);
  const where = recordConditions(tenantId, filter);
  const total = await countRecords(db, tenantId, filter, where);
  const order = recordOrder(filter);
  // the list as it opens, a tenant's first page in any order, is planned once per connection (executeNamed):
  // its page size is written in the text (a parameter is costed as a tenth of the rows), so PostgreSQL
  // takes a generic plan that reads as few rows as a custom one
  const opening = countedByLot(filter) && !filter.lotId && offsetOf(page) === 0 && Number.isSafeInteger(page.pageSize);
  const window = opening ? sql.raw(`limit ${page.pageSize}`) : sql`limit ${page.pageSize} offset ${offsetOf(page)}`;
  const chosen = sql`(select * from ${parkingRecords} where ${where} order by ${order} ${window}) ${parkingRecords}`;
  const query = pageWithNames(chosen, order);
  const rows = rowsOf(opening ? await executeNamed(db, 'parking_records_first_page', query) : await db.execute(query)).map(fromFlat);
  return { rows, total };
};

/** The first page of a plate search (plateSearch), and how many records it found. */
const pagePlateSearch = async (db: Db, tenantId: string, filter: Filter, pageSize: number) => {
  const where = recordConditions(tenantId, filter);
  // the count and the tenant's kept total in one statement: the one tells the other how to read the
  // page; it makes the page planned generically, and the page (or, with none, a statement of its own) puts that back
  const counted = sql`select ${planGenerically}, (select count(*) from ${parkingRecords} where ${where}) as "found",
    (select coalesce(sum(${parkingRecordCounts.records}), 0) from ${parkingRecordCounts} where ${eq(parkingRecordCounts.tenantId, tenantId)}) as "kept"`;
  const [row] = rowsOf(await executeNamed(db, 'parking_records_plate_count', counted));
  const total = Number(row?.found ?? 0);
  if (total === 0) {
    await db.execute(sql`select ${planAsBefore(row?.planWas)}`);
    return { rows: [], total };
  }
  const order = recordOrder(filter);
  // the page size is written in the text, as the opening page's is
  const window = sql.raw(`limit ${pageSize}`);
  const reads = plateSearchReads(total, Number(row?.kept ?? 0), pageSize);
  // gather: the matches read apart (offset 0 keeps the order and limit out of their plan), then sorted
  const source = reads === 'walk' ? sql`${parkingRecords} where ${where}` : sql`(select * from ${parkingRecords} where ${where} offset 0) ${parkingRecords}`;
  const chosen = sql`(select * from ${source} order by ${order} ${window}) ${parkingRecords}`;
  const page = pageWithNames(chosen, order, planAsBefore(row?.planWas));
  const rows = rowsOf(await executeNamed(db, `parking_records_plate_${reads}`, page)).map(fromFlat);
  return { rows, total };
};

/**
 * Every record the filter finds, in list order, `batch` at a time, through a server-side cursor:
 * one query however many rows, and never more than a batch in memory. Needs a transaction (the
 * request's tenant transaction is one); the cursor closes when the transaction ends.
 */
export async function* streamParkingRecords(db: Db, tenantId: string, filter: Filter, batch = 2000, limit = Number.MAX_SAFE_INTEGER) {
  const where = recordConditions(tenantId, filter);
  const query = sql`select ${flatColumns} from ${parkingRecords} ${namesJoined} where ${where} order by ${recordOrder(filter)} limit ${limit}`;
  await db.execute(sql`declare parking_record_export no scroll cursor for ${query}`);
  try {
    for (;;) {
      const rows = rowsOf(await db.execute(sql.raw(`fetch ${batch} from parking_record_export`)));
      // mapped one row at a time as the writer takes it: a batch's rows are not held twice over
      if (rows.length > 0) yield mapEach(rows, fromFlat);
      if (rows.length < batch) return;
    }
  } finally {
    // an aborted transaction has closed it already
    await db.execute(sql`close parking_record_export`).catch(() => undefined);
  }
}

/** One record with the names the list shows beside it. */
export const findListedRecord = async (db: Db, tenantId: string, id: string): Promise<ListedRecordRow | undefined> => {
  const [row] = rowsOf(
    await db.execute(sql`select ${flatColumns} from ${parkingRecords} ${namesJoined} where ${parkingRecords.tenantId} = ${tenantId} and ${parkingRecords.id} = ${id} limit 1`),
  );
  return row && fromFlat(row);
};

/** The plate's stay open now (parked) on one of `lotIds`, the latest entry first: what a merchant's coupon is bound to. */
export const findOpenStay = async (db: Db, stay: { tenantId: string; lotIds: readonly string[]; plateNumber: string; plateColour: number }) => {
  if (stay.lotIds.length === 0) return undefined;
  const [row] = await db
    .select({ recordId: parkingRecords.id })
    .from(parkingRecords)
    .where(
      and(
        eq(parkingRecords.tenantId, stay.tenantId),
        eq(parkingRecords.plateNumber, stay.plateNumber),
        eq(parkingRecords.plateColour, stay.plateColour),
        eq(parkingRecords.state, 'parked'),
        inArray(parkingRecords.lotId, [...stay.lotIds]),
      ),
    )
    .orderBy(desc(parkingRecords.enteredAt))
    .limit(1);
  return row;
};

/** Whether the plate holds an enabled long-rental card of the lot in force on `day` (YYYY-MM-DD). */
export const holdsLongRental = async (db: Db, tenantId: string, lotId: string, plateNumber: string, day: string) => {
  const [row] = await db
    .select({ id: longRentals.id })
    .from(longRentals)
    .where(
      and(
        eq(longRentals.tenantId, tenantId),
        eq(longRentals.lotId, lotId),
        eq(longRentals.plateNumber, plateNumber),
        eq(longRentals.enabled, true),
        lte(longRentals.validFrom, day),
        gte(longRentals.validTo, day),
      ),
    )
    .limit(1);
  return row !== undefined;
};

/** The plate's latest stay on a lot, by when it ended (or began, while open). */
export const findLastStay = async (db: Db, tenantId: string, lotId: string, plateNumber: string) => {
  const [row] = await db
    .select()
    .from(parkingRecords)
    .where(and(eq(parkingRecords.tenantId, tenantId), eq(parkingRecords.lotId, lotId), eq(parkingRecords.plateNumber, plateNumber)))
    .orderBy(desc(sql`coalesce(${parkingRecords.exitedAt}, ${parkingRecords.enteredAt}, ${parkingRecords.createdAt})`), desc(parkingRecords.createdAt))
    .limit(1);
  return row;
};

export const findRecord = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select()
    .from(parkingRecords)
    .where(and(eq(parkingRecords.tenantId, tenantId), eq(parkingRecords.id, id)))
    .limit(1);
  return row;
};
