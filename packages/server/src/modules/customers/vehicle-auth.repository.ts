import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { VehicleAuthListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { customerNotices, customers, customerVehicles, users, vehicleAuthRequests } from '../../db/schema/index.js';
import { containing } from '../../shared/like-pattern.js';
import { countOf, pageRows, type Page } from '../../shared/paging.js';
import { insertId, tenantRow } from '../../shared/rows.js';
import { tenantEq } from '../../db/tenant-eq.js';

export type VehicleAuthRow = typeof vehicleAuthRequests.$inferSelect;
export type ListedVehicleAuthRow = {
  request: VehicleAuthRow;
  customerPhone: string;
  customerNickname: string;
  vehicleState: (typeof customerVehicles.$inferSelect)['state'] | null;
  holderPhone: string | null;
  submittedByName: string | null;
  decidedByName: string | null;
};
export type VehicleAuthFilter = Omit<VehicleAuthListValues, 'currentPage' | 'pageSize' | 'createdFrom' | 'createdTo'> & {
  /** the submitted range as moments: since included, until excluded */
  createdSince?: Date;
  createdUntil?: Date;
};

const holders = alias(customers, 'holder');
const submitters = alias(users, 'submitter');
const deciders = alias(users, 'decider');

const listedColumns = {
  request: vehicleAuthRequests,
  customerPhone: customers.phone,
  customerNickname: customers.nickname,
  vehicleState: customerVehicles.state,
  holderPhone: holders.phone,
  submittedByName: submitters.realName,
  decidedByName: deciders.realName,
};

const listed = (db: Db) =>
  db
    .select(listedColumns)
    .from(vehicleAuthRequests)
    .innerJoin(customers, and(eq(customers.tenantId, vehicleAuthRequests.tenantId), eq(customers.id, vehicleAuthRequests.customerId)))
    .leftJoin(customerVehicles, tenantEq(customerVehicles.id, vehicleAuthRequests.vehicleId))
    .leftJoin(holders, tenantEq(holders.id, vehicleAuthRequests.holderCustomerId))
    .leftJoin(submitters, tenantEq(submitters.id, vehicleAuthRequests.submittedBy))
    .leftJoin(deciders, tenantEq(deciders.id, vehicleAuthRequests.decidedBy));

const conditions = (tenantId: string, f: VehicleAuthFilter): SQL | undefined =>
  and(
    eq(vehicleAuthRequests.tenantId, tenantId),
    f.status ? eq(vehicleAuthRequests.status, f.status) : undefined,
    f.kind ? eq(vehicleAuthRequests.kind, f.kind) : undefined,
    containing(f.plateNumber, vehicleAuthRequests.plateNumber),
    containing(f.phone, customers.phone),
    f.createdSince ? gte(vehicleAuthRequests.createdAt, f.createdSince) : undefined,
    f.createdUntil ? lt(vehicleAuthRequests.createdAt, f.createdUntil) : undefined,
  );

const sortColumns = { createdAt: vehicleAuthRequests.createdAt, decidedAt: vehicleAuthRequests.decidedAt } as const;

export const pageVehicleAuths = async (db: Db, tenantId: string, filter: VehicleAuthFilter, page: Page) => {
  const where = conditions(tenantId, filter);
  // newest first unless a column is asked for
  const direction = (filter.sort ?? (filter.sidx ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const total = db
    .select({ n: count() })
    .from(vehicleAuthRequests)
    .innerJoin(customers, and(eq(customers.tenantId, vehicleAuthRequests.tenantId), eq(customers.id, vehicleAuthRequests.customerId)))
    .where(where)
    .then(([row]) => countOf(row));
  const { rows, total: n } = await pageRows(
    page,
    total,
    listed(db)
      .where(where)
      .orderBy(direction(sortColumns[filter.sidx ?? 'createdAt']), desc(vehicleAuthRequests.createdAt), asc(vehicleAuthRequests.id))
      .$dynamic(),
  );
  return { rows: rows as ListedVehicleAuthRow[], total: n };
};

export const findListedVehicleAuth = async (db: Db, tenantId: string, id: string): Promise<ListedVehicleAuthRow | undefined> => {
  const [row] = await listed(db)
    .where(tenantRow(vehicleAuthRequests, tenantId, id))
    .limit(1);
  return row;
};

/** The request row, locked for the rest of the transaction: a second reviewer waits here, then finds it decided. */
export const lockVehicleAuth = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select()
    .from(vehicleAuthRequests)
    .where(tenantRow(vehicleAuthRequests, tenantId, id))
    .for('update');
  return row;
};

/** Several requests locked in one order (by id), so two batches over the same rows never deadlock. */
export const lockVehicleAuths = (db: Db, tenantId: string, ids: readonly string[]) =>
  db
    .select()
    .from(vehicleAuthRequests)
    .where(and(eq(vehicleAuthRequests.tenantId, tenantId), inArray(vehicleAuthRequests.id, [...ids])))
    .orderBy(asc(vehicleAuthRequests.id))
    .for('update');

/** The owner's open request on a plate, if any. */
export const findOpenVehicleAuth = async (db: Db, tenantId: string, customerId: string, plateNumber: string, plateColour: number) => {
  const [row] = await db
    .select({ id: vehicleAuthRequests.id })
    .from(vehicleAuthRequests)
    .where(
      and(
        eq(vehicleAuthRequests.tenantId, tenantId),
        eq(vehicleAuthRequests.customerId, customerId),
        eq(vehicleAuthRequests.plateNumber, plateNumber),
        eq(vehicleAuthRequests.plateColour, plateColour),
        eq(vehicleAuthRequests.status, 'pending'),
      ),
    )
    .limit(1);
  return row;
};

export const insertVehicleAuth = (db: Db, values: typeof vehicleAuthRequests.$inferInsert) => insertId(db, vehicleAuthRequests, values);

/** Decides a request still pending; undefined when another decision came first. */
export const decideVehicleAuth = async (
  db: Db,
  tenantId: string,
  id: string,
  values: Pick<VehicleAuthRow, 'status' | 'decidedBy' | 'decidedAt' | 'rejectReason'> & { vehicleId?: string },
) => {
  const [row] = await db
    .update(vehicleAuthRequests)
    .set(values)
    .where(and(tenantRow(vehicleAuthRequests, tenantId, id), eq(vehicleAuthRequests.status, 'pending')))
    .returning({ id: vehicleAuthRequests.id });
  return row;
};

/** Locks a vehicle row (a plate's move reads and writes it under the lock). */
export const lockVehicleRow = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select()
    .from(customerVehicles)
    .where(tenantRow(customerVehicles, tenantId, id))
    .for('update');
  return row;
};

export const setVehicleState = (db: Db, tenantId: string, id: string, state: (typeof customerVehicles.$inferSelect)['state'], unboundAt?: Date) =>
  db
    .update(customerVehicles)
    .set({ state, ...(unboundAt ? { unboundAt } : {}), updatedAt: sql`now()` })
    .where(tenantRow(customerVehicles, tenantId, id));

/** The requests whose photo is due for removal at `cutoff` (decided at or before it), every tenant. */
export const photosDue = (db: Db, cutoff: Date, limit: number) =>
  db
    .select({ id: vehicleAuthRequests.id, tenantId: vehicleAuthRequests.tenantId, photoPath: vehicleAuthRequests.photoPath })
    .from(vehicleAuthRequests)
    .where(and(isNotNull(vehicleAuthRequests.photoPath), ne(vehicleAuthRequests.status, 'pending'), lte(vehicleAuthRequests.decidedAt, cutoff)))
    .orderBy(asc(vehicleAuthRequests.decidedAt))
    .limit(limit);

export const markPhotoRemoved = (db: Db, id: string, at: Date) => db.update(vehicleAuthRequests).set({ photoPath: null, photoRemovedAt: at }).where(eq(vehicleAuthRequests.id, id));

export const insertCustomerNotice = (db: Db, values: typeof customerNotices.$inferInsert) => insertId(db, customerNotices, values);

/** An owner's notices, newest first. */
export const noticesOfCustomer = (db: Db, tenantId: string, customerId: string, limit: number) =>
  db
    .select()
    .from(customerNotices)
    .where(and(eq(customerNotices.tenantId, tenantId), eq(customerNotices.customerId, customerId)))
    .orderBy(desc(customerNotices.createdAt), asc(customerNotices.id))
    .limit(limit);
