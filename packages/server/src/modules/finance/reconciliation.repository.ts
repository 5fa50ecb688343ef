import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { ReconciliationBatchListValues, ReconciliationMistakeListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { parkingRecords, reconciliationBatches, reconciliationMistakes, tenants, users } from '../../db/schema/index.js';
import { countOf, offsetOf, type Page } from '../../shared/paging.js';
import { tenantEq } from '../../db/tenant-eq.js';

export type ReconciliationBatchRow = typeof reconciliationBatches.$inferSelect;
export type ReconciliationMistakeRow = typeof reconciliationMistakes.$inferSelect;

export const tenantIds = async (db: Db) => (await db.select({ id: tenants.id }).from(tenants)).map((t) => t.id);

export const findBatch = async (db: Db, tenantId: string, day: string, channel: string) => {
  const [row] = await db
    .select()
    .from(reconciliationBatches)
    .where(and(eq(reconciliationBatches.tenantId, tenantId), eq(reconciliationBatches.day, day), eq(reconciliationBatches.channel, channel)));
  return row;
};

/** The batch of the tenant's day and channel, created on its first run. */
export const upsertBatch = async (db: Db, values: typeof reconciliationBatches.$inferInsert) => {
  const [row] = await db
    .insert(reconciliationBatches)
    .values(values)
    .onConflictDoUpdate({
      target: [reconciliationBatches.tenantId, reconciliationBatches.day, reconciliationBatches.channel],
      set: { state: values.state, remark: values.remark },
    })
    .returning();
  return row!;
};

export const updateBatch = (db: Db, id: string, values: Partial<typeof reconciliationBatches.$inferInsert>) =>
  db.update(reconciliationBatches).set(values).where(eq(reconciliationBatches.id, id));

export const batchMistakes = (db: Db, tenantId: string, batchId: string) =>
  db
    .select()
    .from(reconciliationMistakes)
    .where(and(eq(reconciliationMistakes.tenantId, tenantId), eq(reconciliationMistakes.batchId, batchId)));

export const insertMistake = (db: Db, values: typeof reconciliationMistakes.$inferInsert) => db.insert(reconciliationMistakes).values(values).onConflictDoNothing();

export const updateMistake = (db: Db, id: string, values: Partial<typeof reconciliationMistakes.$inferInsert>) =>
  db.update(reconciliationMistakes).set(values).where(eq(reconciliationMistakes.id, id));

export const deleteMistakes = async (db: Db, ids: string[]) => {
  if (ids.length > 0) await db.delete(reconciliationMistakes).where(inArray(reconciliationMistakes.id, ids));
};

/** Counts a batch shows: mistakes found (those waiting for the next day's bill are not yet) and those not handled. */
export const countBatchMistakes = async (db: Db, batchId: string) => {
  const [row] = await db
    .select({
      found: sql<number>`count(*) filter (where ${reconciliationMistakes.status} <> 'pending')`,
      unhandled: sql<number>`count(*) filter (where ${reconciliationMistakes.status} = 'unhandled')`,
    })
    .from(reconciliationMistakes)
    .where(eq(reconciliationMistakes.batchId, batchId));
  return { mistakeCount: Number(row?.found ?? 0), unhandledCount: Number(row?.unhandled ?? 0) };
};

/** Days with a 渠道漏单 still waiting for the next day's bill. */
export const daysWithPendingMistakes = async (db: Db) => {
  const rows = await db
    .selectDistinct({ day: reconciliationBatches.day, channel: reconciliationBatches.channel })
    .from(reconciliationMistakes)
    .innerJoin(reconciliationBatches, tenantEq(reconciliationBatches.id, reconciliationMistakes.batchId))
    .where(eq(reconciliationMistakes.status, 'pending'))
    .orderBy(asc(reconciliationBatches.day));
  return rows;
};

const batchFilter = (tenantId: string, f: Omit<ReconciliationBatchListValues, keyof Page | 'sidx' | 'sort'>): SQL | undefined =>
  and(
    eq(reconciliationBatches.tenantId, tenantId),
    f.batchNo ? eq(reconciliationBatches.batchNo, f.batchNo) : undefined,
    f.channel ? eq(reconciliationBatches.channel, f.channel) : undefined,
    f.state ? eq(reconciliationBatches.state, f.state) : undefined,
    f.dayFrom ? gte(reconciliationBatches.day, f.dayFrom) : undefined,
    f.dayTo ? lte(reconciliationBatches.day, f.dayTo) : undefined,
  );

export const pageBatches = async (db: Db, tenantId: string, filter: Omit<ReconciliationBatchListValues, keyof Page>, page: Page) => {
  const where = batchFilter(tenantId, filter);
  const [total] = await db.select({ n: count() }).from(reconciliationBatches).where(where);
  const order = filter.sort === 'asc' ? asc(reconciliationBatches.day) : desc(reconciliationBatches.day);
  const rows = await db.select().from(reconciliationBatches).where(where).orderBy(order, asc(reconciliationBatches.channel)).limit(page.pageSize).offset(offsetOf(page));
  return { rows, total: countOf(total) };
};

const mistakeColumns = {
  mistake: reconciliationMistakes,
  batchNo: reconciliationBatches.batchNo,
  day: reconciliationBatches.day,
  channel: reconciliationBatches.channel,
  plateNumber: parkingRecords.plateNumber,
  recordState: parkingRecords.state,
  recordUnpaid: parkingRecords.unpaid,
  resolvedByName: users.realName,
};
export type ListedMistakeRow = {
  mistake: ReconciliationMistakeRow;
  batchNo: string;
  day: string;
  channel: string;
  plateNumber: string | null;
  /** the record's state and what it owes now: whether it can take the provider's money decides the resolutions */
  recordState: string | null;
  recordUnpaid: number | null;
  resolvedByName: string | null;
};

const listedMistakes = (db: Db) =>
  db
    .select(mistakeColumns)
    .from(reconciliationMistakes)
    .innerJoin(reconciliationBatches, tenantEq(reconciliationBatches.id, reconciliationMistakes.batchId))
    .leftJoin(parkingRecords, tenantEq(parkingRecords.id, reconciliationMistakes.recordId))
    .leftJoin(users, tenantEq(users.id, reconciliationMistakes.resolvedBy));

export const pageMistakes = async (db: Db, tenantId: string, f: Omit<ReconciliationMistakeListValues, keyof Page>, page: Page) => {
  const where = and(
    eq(reconciliationMistakes.tenantId, tenantId),
    // a 渠道漏单 waiting for the next day's bill is not yet a mistake, unless asked for
    f.status ? eq(reconciliationMistakes.status, f.status) : ne(reconciliationMistakes.status, 'pending'),
    f.batchNo ? eq(reconciliationBatches.batchNo, f.batchNo) : undefined,
    f.kind ? eq(reconciliationMistakes.kind, f.kind) : undefined,
    f.orderNo ? eq(reconciliationMistakes.orderNo, f.orderNo) : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(reconciliationMistakes)
    .innerJoin(reconciliationBatches, tenantEq(reconciliationBatches.id, reconciliationMistakes.batchId))
    .where(where);
  const order = f.sort === 'asc' ? asc(reconciliationMistakes.tradedAt) : desc(reconciliationMistakes.tradedAt);
  const rows = await listedMistakes(db).where(where).orderBy(order, asc(reconciliationMistakes.orderNo)).limit(page.pageSize).offset(offsetOf(page));
  return { rows: rows as ListedMistakeRow[], total: countOf(total) };
};

export const findListedMistake = async (db: Db, tenantId: string, id: string) => {
  const [row] = await listedMistakes(db).where(and(eq(reconciliationMistakes.tenantId, tenantId), eq(reconciliationMistakes.id, id)));
  return row;
};

export const lockMistake = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select()
    .from(reconciliationMistakes)
    .where(and(eq(reconciliationMistakes.tenantId, tenantId), eq(reconciliationMistakes.id, id)))
    .for('update');
  return row;
};
