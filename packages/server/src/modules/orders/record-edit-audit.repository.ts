import { and, asc, count, desc, eq, gte, like, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RecordEditListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { countOf, offsetOf, type Page } from '../../shared/paging.js';
import { parkingLots, parkingRecords, recordEditRequests, users } from '../../db/schema/index.js';
import { prefixPattern } from '../../shared/like-pattern.js';
import { linkedRecord } from '../../db/linked-record.js';
import { tenantEq } from '../../db/tenant-eq.js';

export type RecordEditRow = typeof recordEditRequests.$inferSelect;
export type ListedRecordEditRow = {
  request: RecordEditRow;
  plateNumber: string;
  plateColour: number;
  lotId: string;
  lotName: string;
  requestedByName: string | null;
  decidedByName: string | null;
};
type Filter = Omit<RecordEditListValues, 'currentPage' | 'pageSize'>;

const requesters = alias(users, 'requester');
const deciders = alias(users, 'decider');
const listedColumns = {
  request: recordEditRequests,
  plateNumber: parkingRecords.plateNumber,
  plateColour: parkingRecords.plateColour,
  lotId: parkingRecords.lotId,
  lotName: parkingLots.name,
  requestedByName: requesters.realName,
  decidedByName: deciders.realName,
};

const listed = (db: Db) =>
  db
    .select(listedColumns)
    .from(recordEditRequests)
    .innerJoin(parkingRecords, linkedRecord(recordEditRequests))
    .innerJoin(parkingLots, tenantEq(parkingLots.id, parkingRecords.lotId))
    .leftJoin(requesters, tenantEq(requesters.id, recordEditRequests.requestedBy))
    .leftJoin(deciders, tenantEq(deciders.id, recordEditRequests.decidedBy));

/** Inserts a request unless the record already has an open one; undefined then. */
export const claimRecordEdit = async (db: Db, values: typeof recordEditRequests.$inferInsert) => {
  const [row] = await db
    .insert(recordEditRequests)
    .values(values)
    .onConflictDoNothing({ target: [recordEditRequests.tenantId, recordEditRequests.recordId], where: sql`${recordEditRequests.status} = 'requested'` })
    .returning();
  return row;
};

export const findRecordEdit = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select()
    .from(recordEditRequests)
    .where(and(eq(recordEditRequests.tenantId, tenantId), eq(recordEditRequests.id, id)))
    .limit(1);
  return row;
};

export const findOpenRecordEdit = async (db: Db, tenantId: string, recordId: string) => {
  const [row] = await db
    .select({ id: recordEditRequests.id, kind: recordEditRequests.kind })
    .from(recordEditRequests)
    .where(and(eq(recordEditRequests.tenantId, tenantId), eq(recordEditRequests.recordId, recordId), eq(recordEditRequests.status, 'requested')))
    .limit(1);
  return row;
};

export const findListedRecordEdit = async (db: Db, tenantId: string, id: string): Promise<ListedRecordEditRow | undefined> => {
  const [row] = await listed(db)
    .where(and(eq(recordEditRequests.tenantId, tenantId), eq(recordEditRequests.id, id)))
    .limit(1);
  return row;
};

/** Decides a request still open; undefined when someone decided it first. */
export const decideRecordEdit = async (db: Db, tenantId: string, id: string, values: Pick<RecordEditRow, 'status' | 'decidedBy' | 'decisionRemark' | 'before' | 'after'>) => {
  const [row] = await db
    .update(recordEditRequests)
    .set({ ...values, decidedAt: sql`now()` })
    .where(and(eq(recordEditRequests.tenantId, tenantId), eq(recordEditRequests.id, id), eq(recordEditRequests.status, 'requested')))
    .returning({ id: recordEditRequests.id });
  return row;
};

const sortColumns = { createdAt: recordEditRequests.createdAt, decidedAt: recordEditRequests.decidedAt } as const;

const conditions = (tenantId: string, f: Filter) =>
  and(
    eq(recordEditRequests.tenantId, tenantId),
    f.status ? eq(recordEditRequests.status, f.status) : undefined,
    f.kind ? eq(recordEditRequests.kind, f.kind) : undefined,
    f.recordId ? eq(recordEditRequests.recordId, f.recordId) : undefined,
    f.lotId ? eq(parkingRecords.lotId, f.lotId) : undefined,
    f.plateNumber ? like(parkingRecords.plateNumber, prefixPattern(f.plateNumber)) : undefined,
    f.createdFrom ? gte(recordEditRequests.createdAt, new Date(f.createdFrom)) : undefined,
    f.createdTo ? lte(recordEditRequests.createdAt, new Date(f.createdTo)) : undefined,
  );

export const pageRecordEdits = async (db: Db, tenantId: string, filter: Filter, page: Page) => {
  const where = conditions(tenantId, filter);
  // newest request first unless a column is asked for
  const direction = (filter.sort ?? (filter.sidx ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const [total] = await db.select({ n: count() }).from(recordEditRequests).innerJoin(parkingRecords, linkedRecord(recordEditRequests)).where(where);
  const rows: ListedRecordEditRow[] = await listed(db)
    .where(where)
    .orderBy(direction(sortColumns[filter.sidx ?? 'createdAt']), desc(recordEditRequests.createdAt), asc(recordEditRequests.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  return { rows, total: countOf(total) };
};
