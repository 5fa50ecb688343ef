import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppealListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { appeals, parkingLots, parkingRecords, payments, refunds, users } from '../../db/schema/index.js';
import { containing } from '../../shared/like-pattern.js';
import { countRows, pageRows, type Page } from '../../shared/paging.js';
import { tenantRow } from '../../shared/rows.js';
import { linkedRecord } from '../../db/linked-record.js';
import { tenantEq } from '../../db/tenant-eq.js';

export type AppealRow = typeof appeals.$inferSelect;
export type ListedAppealRow = { appeal: AppealRow; lotName: string | null; claimedByName: string | null; decidedByName: string | null };
export type AppealFilter = Omit<AppealListValues, 'currentPage' | 'pageSize' | 'filedFrom' | 'filedTo'> & {
  /** the filed range as moments: since included, until excluded */
  filedSince?: Date;
  filedUntil?: Date;
};

const claimer = alias(users, 'appeal_claimer');
const decider = alias(users, 'appeal_decider');

const listed = (db: Db) =>
  db
    .select({ appeal: appeals, lotName: parkingLots.name, claimedByName: claimer.realName, decidedByName: decider.realName })
    .from(appeals)
    .leftJoin(parkingRecords, linkedRecord(appeals))
    .leftJoin(parkingLots, tenantEq(parkingLots.id, parkingRecords.lotId))
    .leftJoin(claimer, tenantEq(claimer.id, appeals.claimedBy))
    .leftJoin(decider, tenantEq(decider.id, appeals.decidedBy));

const conditions = (tenantId: string, f: AppealFilter): SQL | undefined =>
  and(
    eq(appeals.tenantId, tenantId),
    f.status ? eq(appeals.status, f.status) : undefined,
    f.recordId ? eq(appeals.recordId, f.recordId) : undefined,
    f.plateNumber ? containing(f.plateNumber, appeals.plateNumber) : undefined,
    f.phone ? containing(f.phone, appeals.phone) : undefined,
    f.filedSince ? gte(appeals.filedAt, f.filedSince) : undefined,
    f.filedUntil ? lt(appeals.filedAt, f.filedUntil) : undefined,
  );

const sortColumns = { filedAt: appeals.filedAt, decidedAt: appeals.decidedAt } as const;

export const pageAppeals = async (db: Db, tenantId: string, filter: AppealFilter, page: Page) => {
  const where = conditions(tenantId, filter);
  const direction = (filter.sort ?? (filter.sidx ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  return pageRows(
    page,
    countRows(db, appeals, where),
    listed(db)
      .where(where)
      .orderBy(direction(sortColumns[filter.sidx ?? 'filedAt']), desc(appeals.filedAt), asc(appeals.id))
      .$dynamic(),
  );
};

export const findListedAppeal = async (db: Db, tenantId: string, id: string): Promise<ListedAppealRow | undefined> => {
  const [row] = await listed(db)
    .where(tenantRow(appeals, tenantId, id))
    .limit(1);
  return row;
};

/** The appeal row, locked for the rest of the transaction: two reviewers claiming or deciding at once take turns. */
export const lockAppeal = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select()
    .from(appeals)
    .where(tenantRow(appeals, tenantId, id))
    .for('update');
  return row;
};

/** Inserts the appeal unless its record already has an open one (the partial unique index); undefined then. */
export const claimAppealSlot = async (db: Db, values: typeof appeals.$inferInsert) => {
  const [row] = await db
    .insert(appeals)
    .values(values)
    .onConflictDoNothing({ target: [appeals.tenantId, appeals.recordId], where: sql`${appeals.status} = 'pending'` })
    .returning({ id: appeals.id });
  return row?.id;
};

export const openAppealOfRecord = async (db: Db, tenantId: string, recordId: string) => {
  const [row] = await db
    .select({ id: appeals.id })
    .from(appeals)
    .where(and(eq(appeals.tenantId, tenantId), eq(appeals.recordId, recordId), eq(appeals.status, 'pending')))
    .limit(1);
  return row;
};

type AppealChange = Partial<
  Pick<AppealRow, 'status' | 'outcome' | 'decision' | 'result' | 'rejectReason' | 'remark' | 'before' | 'after' | 'claimedBy' | 'claimedUntil' | 'decidedBy' | 'decidedAt' | 'updatedAt'>
>;

export const updateAppeal = (db: Db, tenantId: string, id: string, values: AppealChange) =>
  db
    .update(appeals)
    .set(values)
    .where(tenantRow(appeals, tenantId, id));

/** The appeals an owner filed, newest first. */
export const appealsOfCustomer = (db: Db, tenantId: string, customerId: string, limit = 50) =>
  listed(db)
    .where(and(eq(appeals.tenantId, tenantId), eq(appeals.customerId, customerId)))
    .orderBy(desc(appeals.filedAt), asc(appeals.id))
    .limit(limit);

/** The stay's payments, newest first. */
export const paymentsOfRecord = (db: Db, tenantId: string, recordId: string) =>
  db
    .select({ id: payments.id, channel: payments.channel, amount: payments.amount, paidAt: payments.paidAt })
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), eq(payments.recordId, recordId), eq(payments.status, 'succeeded')))
    .orderBy(desc(payments.paidAt), asc(payments.id));

/** The stay's refunds, newest first. */
export const refundsOfRecord = (db: Db, tenantId: string, recordId: string) =>
  db
    .select({ id: refunds.id, paymentId: refunds.paymentId, amount: refunds.amount, status: refunds.status, createdAt: refunds.createdAt })
    .from(refunds)
    .where(and(eq(refunds.tenantId, tenantId), eq(refunds.recordId, recordId)))
    .orderBy(desc(refunds.createdAt), asc(refunds.id));

/** A staff member's name as the appeal shows it. */
export const realNameOf = async (db: Db, tenantId: string, userId: string) => {
  const [row] = await db
    .select({ name: users.realName })
    .from(users)
    .where(tenantRow(users, tenantId, userId))
    .limit(1);
  return row?.name;
};
