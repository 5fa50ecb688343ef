import { and, asc, desc, eq, gte, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ComplaintListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { complaintReplies, complaints, complaintSettings, customers, users } from '../../db/schema/index.js';
import { containing } from '../../shared/like-pattern.js';
import { countRows, pageRows, type Page } from '../../shared/paging.js';
import { insertId, tenantRow } from '../../shared/rows.js';
import { tenantEq } from '../../db/tenant-eq.js';

export type ComplaintRow = typeof complaints.$inferSelect;
export type ComplaintReplyRow = typeof complaintReplies.$inferSelect;
export type ListedComplaintRow = { complaint: ComplaintRow; replyCount: number; completedByName: string | null; createdByName: string | null };
export type ComplaintFilter = Omit<ComplaintListValues, 'currentPage' | 'pageSize' | 'receivedFrom' | 'receivedTo'> & {
  /** the received range as moments: since included, until excluded */
  receivedSince?: Date;
  receivedUntil?: Date;
};

const completer = alias(users, 'complaint_completer');
const creator = alias(users, 'complaint_creator');

const listedColumns = {
  complaint: complaints,
  replyCount: sql<number>`(select count(*)::int from ${complaintReplies} where ${complaintReplies.tenantId} = ${complaints.tenantId} and ${complaintReplies.complaintId} = ${complaints.id})`,
  completedByName: completer.realName,
  createdByName: creator.realName,
};

const listed = (db: Db) =>
  db.select(listedColumns).from(complaints).leftJoin(completer, tenantEq(completer.id, complaints.completedBy)).leftJoin(creator, tenantEq(creator.id, complaints.createdBy));

/** Open past its deadline at `now`, or completed after it: what the list highlights. */
export const overdueAt = (now: Date): SQL =>
  or(and(ne(complaints.status, 'done'), lt(complaints.deadlineAt, now)), and(eq(complaints.status, 'done'), sql`${complaints.completedAt} > ${complaints.deadlineAt}`))!;
const onTimeAt = (now: Date): SQL => sql`not (${overdueAt(now)})`;

const conditions = (tenantId: string, f: ComplaintFilter, now: Date): SQL | undefined =>
  and(
    eq(complaints.tenantId, tenantId),
    f.status ? eq(complaints.status, f.status) : undefined,
    f.category ? eq(complaints.category, f.category) : undefined,
    f.channel ? eq(complaints.channel, f.channel) : undefined,
    f.phone ? containing(f.phone, complaints.contactPhone) : undefined,
    f.plateNumber ? containing(f.plateNumber, complaints.plateNumber) : undefined,
    f.overdue === 1 ? overdueAt(now) : f.overdue === 0 ? onTimeAt(now) : undefined,
    f.receivedSince ? gte(complaints.receivedAt, f.receivedSince) : undefined,
    f.receivedUntil ? lt(complaints.receivedAt, f.receivedUntil) : undefined,
  );

const sortColumns = { receivedAt: complaints.receivedAt, deadlineAt: complaints.deadlineAt } as const;

export const pageComplaints = async (db: Db, tenantId: string, filter: ComplaintFilter, page: Page, now: Date) => {
  const where = conditions(tenantId, filter, now);
  const direction = (filter.sort ?? (filter.sidx ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const { rows, total } = await pageRows(
    page,
    countRows(db, complaints, where),
    listed(db)
      .where(where)
      .orderBy(direction(sortColumns[filter.sidx ?? 'receivedAt']), desc(complaints.receivedAt), asc(complaints.id))
      .$dynamic(),
  );
  return { rows: rows as ListedComplaintRow[], total };
};

/** How many of the tenant's complaints are open past their deadline at `now`. */
export const countOverdueOpen = (db: Db, tenantId: string, now: Date) =>
  countRows(db, complaints, and(eq(complaints.tenantId, tenantId), ne(complaints.status, 'done'), lt(complaints.deadlineAt, now)));

export const findListedComplaint = async (db: Db, tenantId: string, id: string): Promise<ListedComplaintRow | undefined> => {
  const [row] = await listed(db)
    .where(tenantRow(complaints, tenantId, id))
    .limit(1);
  return row;
};

/** The complaint row, locked for the rest of the transaction: two people replying or completing at once take turns. */
export const lockComplaint = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select()
    .from(complaints)
    .where(tenantRow(complaints, tenantId, id))
    .for('update');
  return row;
};

export const insertComplaint = (db: Db, values: typeof complaints.$inferInsert) => insertId(db, complaints, values);

export const updateComplaint = (db: Db, tenantId: string, id: string, values: Partial<Pick<ComplaintRow, 'status' | 'completedAt' | 'completedBy' | 'result' | 'updatedAt'>>) =>
  db
    .update(complaints)
    .set(values)
    .where(tenantRow(complaints, tenantId, id));

export const repliesOf = (db: Db, tenantId: string, complaintId: string) =>
  db
    .select()
    .from(complaintReplies)
    .where(and(eq(complaintReplies.tenantId, tenantId), eq(complaintReplies.complaintId, complaintId)))
    .orderBy(asc(complaintReplies.createdAt), asc(complaintReplies.id));

export const insertReply = (db: Db, values: typeof complaintReplies.$inferInsert) => insertId(db, complaintReplies, values);

/** The complaints an owner filed or that name their phone, newest first. */
export const complaintsOfCustomer = (db: Db, tenantId: string, customerId: string, limit = 50) =>
  db
    .select()
    .from(complaints)
    .where(and(eq(complaints.tenantId, tenantId), eq(complaints.customerId, customerId)))
    .orderBy(desc(complaints.receivedAt), asc(complaints.id))
    .limit(limit);

/** The owner account of a phone in the tenant, if it is one. */
export const customerIdOfPhone = async (db: Db, tenantId: string, phone: string) => {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.phone, phone)))
    .limit(1);
  return row?.id;
};

/** The tenant's 处理时限 in hours, when it has set one. */
export const complaintDeadlineHours = async (db: Db, tenantId: string) => {
  const [row] = await db.select({ hours: complaintSettings.deadlineHours }).from(complaintSettings).where(eq(complaintSettings.tenantId, tenantId)).limit(1);
  return row?.hours;
};

export const setComplaintDeadlineHours = (db: Db, tenantId: string, hours: number, now: Date) =>
  db
    .insert(complaintSettings)
    .values({ tenantId, deadlineHours: hours, updatedAt: now })
    .onConflictDoUpdate({ target: complaintSettings.tenantId, set: { deadlineHours: hours, updatedAt: now } });

/** A staff member's name as the thread shows it. */
export const realNameOf = async (db: Db, tenantId: string, userId: string) => {
  const [row] = await db
    .select({ name: users.realName })
    .from(users)
    .where(tenantRow(users, tenantId, userId))
    .limit(1);
  return row?.name;
};

/** An open complaint about this stay from this phone, if there is one. */
export const openComplaintOfRecord = async (db: Db, tenantId: string, recordId: string, phone: string) => {
  const [row] = await db
    .select({ id: complaints.id })
    .from(complaints)
    .where(and(eq(complaints.tenantId, tenantId), eq(complaints.recordId, recordId), eq(complaints.contactPhone, phone), ne(complaints.status, 'done')))
    .limit(1);
  return row;
};
