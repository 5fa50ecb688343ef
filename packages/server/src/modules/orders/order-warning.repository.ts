import { and, asc, count, desc, eq, gte, isNull, like, lte, sum } from 'drizzle-orm';
import type { OrderWarningKind, OrderWarningListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { countOf, offsetOf } from '../../shared/paging.js';
import { orderWarnings, parkingLots, parkingRecords, users } from '../../db/schema/index.js';
import { prefixPattern } from '../../shared/like-pattern.js';
import { tenantEq } from '../../db/tenant-eq.js';

export type OrderWarningRow = typeof orderWarnings.$inferSelect;
export type ListedWarningRow = { warning: OrderWarningRow; lotName: string; handledByName: string | null };
type Filter = Omit<OrderWarningListValues, 'currentPage' | 'pageSize'>;

/** Inserts a warning; undefined when the record already has one of that kind. */
export const insertWarning = async (db: Db, values: typeof orderWarnings.$inferInsert) => {
  const [row] = await db.insert(orderWarnings).values(values).onConflictDoNothing().returning();
  return row;
};

/** An unhandled warning of a refused entry (no record) for the plate at the lot: a plate retrying at the barrier raises no second one. */
export const findOpenRecordlessWarning = async (db: Db, tenantId: string, lotId: string, plateNumber: string, kind: OrderWarningKind) => {
  const [row] = await db
    .select({ id: orderWarnings.id })
    .from(orderWarnings)
    .where(
      and(
        eq(orderWarnings.tenantId, tenantId),
        eq(orderWarnings.lotId, lotId),
        eq(orderWarnings.plateNumber, plateNumber),
        eq(orderWarnings.kind, kind),
        eq(orderWarnings.state, 'open'),
        isNull(orderWarnings.recordId),
      ),
    )
    .limit(1);
  return row;
};

export const lotName = async (db: Db, tenantId: string, lotId: string) => {
  const [row] = await db
    .select({ name: parkingLots.name })
    .from(parkingLots)
    .where(and(eq(parkingLots.tenantId, tenantId), eq(parkingLots.id, lotId)))
    .limit(1);
  return row?.name ?? '';
};

/** What the plate owes across the tenant: records left unpaid, and their sum in fen. */
export const arrearsOf = async (db: Db, tenantId: string, plateNumber: string) => {
  const [row] = await db
    .select({ n: count(), owed: sum(parkingRecords.unpaid) })
    .from(parkingRecords)
    .where(and(eq(parkingRecords.tenantId, tenantId), eq(parkingRecords.plateNumber, plateNumber), eq(parkingRecords.state, 'unpaid')));
  return { records: Number(row?.n ?? 0), owed: Number(row?.owed ?? 0) };
};

const warningConditions = (tenantId: string, f: Filter) =>
  and(
    eq(orderWarnings.tenantId, tenantId),
    f.category === undefined ? undefined : eq(orderWarnings.category, f.category),
    f.kind ? eq(orderWarnings.kind, f.kind) : undefined,
    f.state ? eq(orderWarnings.state, f.state) : undefined,
    f.lotId ? eq(orderWarnings.lotId, f.lotId) : undefined,
    f.recordId ? eq(orderWarnings.recordId, f.recordId) : undefined,
    f.plateNumber ? like(orderWarnings.plateNumber, prefixPattern(f.plateNumber)) : undefined,
    f.createdFrom ? gte(orderWarnings.createdAt, new Date(f.createdFrom)) : undefined,
    f.createdTo ? lte(orderWarnings.createdAt, new Date(f.createdTo)) : undefined,
  );

const sortColumns = { createdAt: orderWarnings.createdAt, plateNumber: orderWarnings.plateNumber } as const;
const listedColumns = { warning: orderWarnings, lotName: parkingLots.name, handledByName: users.realName };

export const pageWarnings = async (db: Db, tenantId: string, filter: Filter, page: { currentPage: number; pageSize: number }) => {
  const where = warningConditions(tenantId, filter);
  // newest first when nothing is asked for; a column asked for sorts ascending unless told otherwise
  const direction = (filter.sort ?? (filter.sidx ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const [total] = await db.select({ n: count() }).from(orderWarnings).where(where);
  const rows: ListedWarningRow[] = await db
    .select(listedColumns)
    .from(orderWarnings)
    .innerJoin(parkingLots, tenantEq(parkingLots.id, orderWarnings.lotId))
    .leftJoin(users, tenantEq(users.id, orderWarnings.handledBy))
    .where(where)
    .orderBy(direction(sortColumns[filter.sidx ?? 'createdAt']), desc(orderWarnings.createdAt), asc(orderWarnings.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  return { rows, total: countOf(total) };
};

export const findListedWarning = async (db: Db, tenantId: string, id: string): Promise<ListedWarningRow | undefined> => {
  const [row] = await db
    .select(listedColumns)
    .from(orderWarnings)
    .innerJoin(parkingLots, tenantEq(parkingLots.id, orderWarnings.lotId))
    .leftJoin(users, tenantEq(users.id, orderWarnings.handledBy))
    .where(and(eq(orderWarnings.tenantId, tenantId), eq(orderWarnings.id, id)))
    .limit(1);
  return row;
};

/** Closes an open warning; undefined when it was closed already (by this request's rival, too). */
export const closeWarning = async (db: Db, tenantId: string, id: string, values: { remark: string; handledBy: string; handledAt: Date }) => {
  const [row] = await db
    .update(orderWarnings)
    .set({ ...values, state: 'closed' })
    .where(and(eq(orderWarnings.tenantId, tenantId), eq(orderWarnings.id, id), eq(orderWarnings.state, 'open')))
    .returning({ id: orderWarnings.id });
  return row;
};
