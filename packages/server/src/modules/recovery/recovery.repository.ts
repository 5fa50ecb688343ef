import { and, asc, count, desc, eq, gte, like, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { RecoveryRecordListValues, ArrearsListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { countOf, offsetOf, type Page } from '../../shared/paging.js';
import { arrearsReminders, parkingLots, parkingRecords, payments, recoveryRecords, refunds, users } from '../../db/schema/index.js';
import { prefixPattern } from '../../shared/like-pattern.js';
import { linkedRecord } from '../../db/linked-record.js';
import { tenantEq } from '../../db/tenant-eq.js';

export type ArrearsReminderRow = typeof arrearsReminders.$inferSelect;
export type RecoveryRecordRow = typeof recoveryRecords.$inferSelect;
type ArrearsFilter = Omit<ArrearsListValues, 'currentPage' | 'pageSize'>;
type RecoveryRecordFilter = Omit<RecoveryRecordListValues, 'currentPage' | 'pageSize'>;

/** pg answers timestamps of an aggregate as Date, PGlite may as text: one shape for both */
const isoOf = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const plateCondition = (column: typeof parkingRecords.plateNumber | typeof recoveryRecords.plateNumber, plate: string | undefined, match: 'exact' | 'prefix') =>
  plate ? (match === 'prefix' ? like(column, prefixPattern(plate)) : eq(column, plate)) : undefined;

/** A record in arrears: left without paying, not yet settled. A stay with no plate read cannot be pursued by plate. */
const inArrears = (tenantId: string) => and(eq(parkingRecords.tenantId, tenantId), eq(parkingRecords.state, 'unpaid'), ne(parkingRecords.plateNumber, ''));

const owedSum = sql<string>`sum(${parkingRecords.unpaid})`;
const recordCount = sql<string>`count(*)`;
const lastExit = sql<Date | string | null>`max(${parkingRecords.exitedAt})`;
const arrearsSort: Record<NonNullable<ArrearsFilter['sidx']>, SQL> = { owed: owedSum, recordCount, lastExitedAt: lastExit };

/** Arrears grouped by plate across every lot of the tenant: one row per plate with what it owes and where. */
export const pageArrears = async (db: Db, tenantId: string, f: ArrearsFilter, page: Page) => {
  const where = and(
    inArrears(tenantId),
    plateCondition(parkingRecords.plateNumber, f.plateNumber, f.plateMatch),
    f.lotId ? eq(parkingRecords.lotId, f.lotId) : undefined,
    f.exitedFrom ? gte(parkingRecords.exitedAt, new Date(f.exitedFrom)) : undefined,
    f.exitedTo ? lte(parkingRecords.exitedAt, new Date(f.exitedTo)) : undefined,
  );
  const having = and(f.owedMin === undefined ? undefined : sql`${owedSum} >= ${f.owedMin}`, f.owedMax === undefined ? undefined : sql`${owedSum} <= ${f.owedMax}`);
  const grouped = db
    .select({
      plateNumber: parkingRecords.plateNumber,
      recordCount: recordCount.as('record_count'),
      owed: owedSum.as('owed'),
      firstExitedAt: sql<Date | string | null>`min(${parkingRecords.exitedAt})`.as('first_exited_at'),
      lastExitedAt: lastExit.as('last_exited_at'),
      lots: sql<{ id: string; name: string }[]>`jsonb_agg(distinct jsonb_build_object('id', ${parkingLots.id}, 'name', ${parkingLots.name}))`.as('lots'),
    })
    .from(parkingRecords)
    .innerJoin(parkingLots, tenantEq(parkingLots.id, parkingRecords.lotId))
    .where(where)
    .groupBy(parkingRecords.plateNumber)
    .having(having);
  const [total] = await db.select({ n: count() }).from(grouped.as('plates'));
  // the biggest debts first when nothing is asked for; a column asked for sorts ascending unless told otherwise
  const direction = (f.sort ?? (f.sidx ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const rows = await grouped
    .orderBy(direction(arrearsSort[f.sidx ?? 'owed']), asc(parkingRecords.plateNumber))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  return {
    rows: rows.map((r) => ({
      plateNumber: r.plateNumber,
      recordCount: Number(r.recordCount),
      owed: Number(r.owed),
      firstExitedAt: isoOf(r.firstExitedAt),
      lastExitedAt: isoOf(r.lastExitedAt),
      lots: [...r.lots].sort((a, b) => a.name.localeCompare(b.name, 'zh-CN')),
    })),
    total: countOf(total),
  };
};

/** fen the plate owes now, over every lot of the tenant */
export const owedByPlate = async (db: Db, tenantId: string, plateNumber: string) => {
  const [row] = await db
    .select({ owed: sql<string>`coalesce(${owedSum}, 0)`, records: recordCount })
    .from(parkingRecords)
    .where(and(inArrears(tenantId), eq(parkingRecords.plateNumber, plateNumber)));
  return { owed: Number(row?.owed ?? 0), records: Number(row?.records ?? 0) };
};

export const insertReminder = async (db: Db, values: typeof arrearsReminders.$inferInsert) => {
  const [row] = await db.insert(arrearsReminders).values(values).returning();
  return row!;
};

export type ListedReminderRow = { reminder: ArrearsReminderRow; operatorName: string | null };

/** the plate's reminders, newest first */
export const remindersOfPlate = (db: Db, tenantId: string, plateNumber: string): Promise<ListedReminderRow[]> =>
  db
    .select({ reminder: arrearsReminders, operatorName: users.realName })
    .from(arrearsReminders)
    .leftJoin(users, tenantEq(users.id, arrearsReminders.operatorId))
    .where(and(eq(arrearsReminders.tenantId, tenantId), eq(arrearsReminders.plateNumber, plateNumber)))
    .orderBy(desc(arrearsReminders.createdAt), desc(arrearsReminders.id));

export const insertRecoveryRecord = async (db: Db, values: typeof recoveryRecords.$inferInsert) => {
  const [row] = await db
    .insert(recoveryRecords)
    .values(values)
    .onConflictDoNothing({ target: [recoveryRecords.tenantId, recoveryRecords.paymentId] })
    .returning();
  return row;
};

/** Removes the recovery a payment made, answering it (undefined when the payment recovered nothing). */
export const deleteRecoveryOfPayment = async (db: Db, tenantId: string, paymentId: string) => {
  const [row] = await db
    .delete(recoveryRecords)
    .where(and(eq(recoveryRecords.tenantId, tenantId), eq(recoveryRecords.paymentId, paymentId)))
    .returning();
  return row;
};

/** fen recovered from the plate so far, and how many payments brought it */
export const recoveredOfPlate = async (db: Db, tenantId: string, plateNumber: string) => {
  const [row] = await db
    .select({ amount: sql<string>`coalesce(sum(${recoveryRecords.amount}), 0)`, n: count() })
    .from(recoveryRecords)
    .where(and(eq(recoveryRecords.tenantId, tenantId), eq(recoveryRecords.plateNumber, plateNumber)));
  return { amount: Number(row?.amount ?? 0), count: Number(row?.n ?? 0) };
};

export type ListedRecoveryRow = { recovery: RecoveryRecordRow; lotName: string; exitedAt: Date | null; operatorName: string | null; refunded: number | string };
const listedRecovery = {
  recovery: recoveryRecords,
  lotName: parkingLots.name,
  exitedAt: parkingRecords.exitedAt,
  operatorName: users.realName,
  // a recovery stays as written; what was refunded of its payment since is read beside it
  refunded: sql<
    number | string
  >`(SELECT coalesce(sum(f.amount), 0) FROM ${refunds} f WHERE f.tenant_id = ${recoveryRecords.tenantId} AND f.payment_id = ${recoveryRecords.paymentId} AND f.status = 'approved')`,
};
const recoverySort = { recoveredAt: recoveryRecords.recoveredAt, amount: recoveryRecords.amount } as const;

export const pageRecoveryRecords = async (db: Db, tenantId: string, f: RecoveryRecordFilter, page: Page) => {
  const where = and(
    eq(recoveryRecords.tenantId, tenantId),
    plateCondition(recoveryRecords.plateNumber, f.plateNumber, f.plateMatch),
    f.lotId ? eq(recoveryRecords.lotId, f.lotId) : undefined,
    f.recordId ? eq(recoveryRecords.recordId, f.recordId) : undefined,
    f.channel ? eq(recoveryRecords.channel, f.channel) : undefined,
    f.recoveredFrom ? gte(recoveryRecords.recoveredAt, new Date(f.recoveredFrom)) : undefined,
    f.recoveredTo ? lte(recoveryRecords.recoveredAt, new Date(f.recoveredTo)) : undefined,
  );
  const direction = (f.sort ?? (f.sidx ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const [total] = await db.select({ n: count() }).from(recoveryRecords).where(where);
  const rows: ListedRecoveryRow[] = await db
    .select(listedRecovery)
    .from(recoveryRecords)
    .innerJoin(parkingLots, tenantEq(parkingLots.id, recoveryRecords.lotId))
    .innerJoin(parkingRecords, linkedRecord(recoveryRecords))
    .innerJoin(payments, tenantEq(payments.id, recoveryRecords.paymentId))
    .leftJoin(users, tenantEq(users.id, payments.operatorId))
    .where(where)
    .orderBy(direction(recoverySort[f.sidx ?? 'recoveredAt']), asc(recoveryRecords.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  return { rows, total: countOf(total) };
};
