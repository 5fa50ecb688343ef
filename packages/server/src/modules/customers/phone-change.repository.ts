import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PhoneChangeListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { customers, gatewayOrders, ownerSessions, parkingLots, parkingRecords, phoneChangeRequests, users } from '../../db/schema/index.js';
import { containing } from '../../shared/like-pattern.js';
import { countOf, pageRows, type Page } from '../../shared/paging.js';
import { insertId, tenantRow } from '../../shared/rows.js';
import { tenantEq } from '../../db/tenant-eq.js';

export type PhoneChangeRow = typeof phoneChangeRequests.$inferSelect;
export type ListedPhoneChangeRow = { request: PhoneChangeRow; customerPhone: string; customerNickname: string; decidedByName: string | null };
export type PhoneChangeFilter = Omit<PhoneChangeListValues, 'currentPage' | 'pageSize' | 'createdFrom' | 'createdTo'> & {
  /** the filed range as moments: since included, until excluded */
  createdSince?: Date;
  createdUntil?: Date;
};

const listedColumns = {
  request: phoneChangeRequests,
  customerPhone: customers.phone,
  customerNickname: customers.nickname,
  decidedByName: users.realName,
};

const ownerJoin = and(eq(customers.tenantId, phoneChangeRequests.tenantId), eq(customers.id, phoneChangeRequests.customerId));

const listed = (db: Db) => db.select(listedColumns).from(phoneChangeRequests).innerJoin(customers, ownerJoin).leftJoin(users, tenantEq(users.id, phoneChangeRequests.decidedBy));

const conditions = (tenantId: string, f: PhoneChangeFilter): SQL | undefined =>
  and(
    eq(phoneChangeRequests.tenantId, tenantId),
    f.status ? eq(phoneChangeRequests.status, f.status) : undefined,
    // a number typed matches the old one or the new one
    f.phone ? or(containing(f.phone, phoneChangeRequests.oldPhone), containing(f.phone, phoneChangeRequests.newPhone)) : undefined,
    f.createdSince ? gte(phoneChangeRequests.createdAt, f.createdSince) : undefined,
    f.createdUntil ? lt(phoneChangeRequests.createdAt, f.createdUntil) : undefined,
  );

const sortColumns = { createdAt: phoneChangeRequests.createdAt, decidedAt: phoneChangeRequests.decidedAt } as const;

export const pagePhoneChanges = async (db: Db, tenantId: string, filter: PhoneChangeFilter, page: Page) => {
  const where = conditions(tenantId, filter);
  const direction = (filter.sort ?? (filter.sidx ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const total = db
    .select({ n: count() })
    .from(phoneChangeRequests)
    .where(where)
    .then(([row]) => countOf(row));
  const { rows, total: n } = await pageRows(
    page,
    total,
    listed(db)
      .where(where)
      .orderBy(direction(sortColumns[filter.sidx ?? 'createdAt']), desc(phoneChangeRequests.createdAt), asc(phoneChangeRequests.id))
      .$dynamic(),
  );
  return { rows: rows as ListedPhoneChangeRow[], total: n };
};

export const findListedPhoneChange = async (db: Db, tenantId: string, id: string): Promise<ListedPhoneChangeRow | undefined> => {
  const [row] = await listed(db)
    .where(tenantRow(phoneChangeRequests, tenantId, id))
    .limit(1);
  return row;
};

/** The request row, locked for the rest of the transaction: a second reviewer waits here, then finds it decided. */
export const lockPhoneChange = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select()
    .from(phoneChangeRequests)
    .where(tenantRow(phoneChangeRequests, tenantId, id))
    .for('update');
  return row;
};

export const findOpenPhoneChange = async (db: Db, tenantId: string, customerId: string) => {
  const [row] = await db
    .select({ id: phoneChangeRequests.id })
    .from(phoneChangeRequests)
    .where(and(eq(phoneChangeRequests.tenantId, tenantId), eq(phoneChangeRequests.customerId, customerId), eq(phoneChangeRequests.status, 'pending')))
    .limit(1);
  return row;
};

export const insertPhoneChange = (db: Db, values: typeof phoneChangeRequests.$inferInsert) => insertId(db, phoneChangeRequests, values);

/** Decides a request still pending; undefined when another decision came first. */
export const decidePhoneChange = async (db: Db, tenantId: string, id: string, values: Pick<PhoneChangeRow, 'status' | 'decidedBy' | 'decidedAt' | 'rejectReason'>) => {
  const [row] = await db
    .update(phoneChangeRequests)
    .set(values)
    .where(and(tenantRow(phoneChangeRequests, tenantId, id), eq(phoneChangeRequests.status, 'pending')))
    .returning({ id: phoneChangeRequests.id });
  return row;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The stay an order number names in the tenant: a parking record's id, or the order number a payment
 * of it went to the gateway with (what the cashier shows as 订单号). Read here, as evidence only.
 */
export const stayOfOrderNo = async (db: Db, tenantId: string, orderNo: string) => {
  const columns = {
    recordId: parkingRecords.id,
    plateNumber: parkingRecords.plateNumber,
    plateColour: parkingRecords.plateColour,
    lotName: parkingLots.name,
    enteredAt: parkingRecords.enteredAt,
    exitedAt: parkingRecords.exitedAt,
  };
  const stays = () => db.select(columns).from(parkingRecords).leftJoin(parkingLots, tenantEq(parkingLots.id, parkingRecords.lotId));
  if (uuidPattern.test(orderNo)) {
    const [row] = await stays()
      .where(tenantRow(parkingRecords, tenantId, orderNo.toLowerCase()))
      .limit(1);
    if (row) return row;
  }
  const [paid] = await db
    .select({ recordId: gatewayOrders.recordId })
    .from(gatewayOrders)
    .where(and(eq(gatewayOrders.tenantId, tenantId), eq(gatewayOrders.gatewayOrderNo, orderNo), isNotNull(gatewayOrders.recordId)))
    .limit(1);
  if (!paid?.recordId) return undefined;
  const [row] = await stays()
    .where(tenantRow(parkingRecords, tenantId, paid.recordId))
    .limit(1);
  return row;
};

/** The requests whose photo is due for removal at `cutoff` (decided at or before it), every tenant. */
export const phoneChangePhotosDue = (db: Db, cutoff: Date, limit: number) =>
  db
    .select({ id: phoneChangeRequests.id, photoPath: phoneChangeRequests.photoPath })
    .from(phoneChangeRequests)
    .where(and(isNotNull(phoneChangeRequests.photoPath), ne(phoneChangeRequests.status, 'pending'), lte(phoneChangeRequests.decidedAt, cutoff)))
    .orderBy(asc(phoneChangeRequests.decidedAt))
    .limit(limit);

export const markPhoneChangePhotoRemoved = (db: Db, id: string, at: Date) =>
  db.update(phoneChangeRequests).set({ photoPath: null, photoRemovedAt: at }).where(eq(phoneChangeRequests.id, id));

/** Ends every live session of the owner: the number they signed in with is no longer theirs. */
export const endOwnerSessionsForPhoneChange = (db: Db, tenantId: string, customerId: string) =>
  db
    .update(ownerSessions)
    .set({ revokedAt: sql`now()`, revokeReason: 'phone-changed' })
    .where(and(eq(ownerSessions.tenantId, tenantId), eq(ownerSessions.customerId, customerId), isNull(ownerSessions.revokedAt)));
