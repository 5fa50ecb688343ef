import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { SpecialBillListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { parkingLots, specialBills } from '../../db/schema/index.js';
import { startsWith } from '../../shared/like-pattern.js';
import { countRows, pageRows, type Page } from '../../shared/paging.js';
import { tenantRow, insertId } from '../../shared/rows.js';

type Filter = Omit<SpecialBillListValues, 'currentPage' | 'pageSize'>;
export type SpecialBillRow = { bill: typeof specialBills.$inferSelect; lotName: string };

const conditions = (tenantId: string, filter: Filter): SQL | undefined =>
  and(
    eq(specialBills.tenantId, tenantId),
    filter.lotId ? eq(specialBills.lotId, filter.lotId) : undefined,
    filter.plateNumber ? startsWith(specialBills.plateNumber, filter.plateNumber) : undefined,
    filter.status ? eq(specialBills.status, filter.status) : undefined,
    filter.createdFrom ? gte(specialBills.createdAt, new Date(filter.createdFrom)) : undefined,
    filter.createdTo ? lte(specialBills.createdAt, new Date(filter.createdTo)) : undefined,
  );

const sortColumns = { createdAt: specialBills.createdAt, amount: specialBills.amount } as const;
/** a bill outlives its lot: a deleted one reads as such */
const columns = { bill: specialBills, lotName: sql<string>`coalesce(${parkingLots.name}, '已删除的停车场')` };

export const pageSpecialBills = (db: Db, tenantId: string, filter: Filter, page: Page) => {
  const where = conditions(tenantId, filter);
  const direction = (filter.sort ?? (filter.sidx ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const rows = db
    .select(columns)
    .from(specialBills)
    .leftJoin(parkingLots, and(eq(parkingLots.tenantId, specialBills.tenantId), eq(parkingLots.id, specialBills.lotId)))
    .where(where)
    .orderBy(direction(sortColumns[filter.sidx ?? 'createdAt']), asc(specialBills.id));
  return pageRows(page, countRows(db, specialBills, where), rows.$dynamic());
};

/** The bill with its lot's name; `lock` holds the row until the transaction ends, so a pay and a cancel go one at a time. */
export const findSpecialBill = async (db: Db, tenantId: string, id: string, lock = false): Promise<SpecialBillRow | undefined> => {
  const query = db
    .select(columns)
    .from(specialBills)
    .leftJoin(parkingLots, and(eq(parkingLots.tenantId, specialBills.tenantId), eq(parkingLots.id, specialBills.lotId)))
    .where(tenantRow(specialBills, tenantId, id))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: specialBills }) : await query;
  return row;
};

export const insertSpecialBill = (db: Db, bill: typeof specialBills.$inferInsert): Promise<string> => insertId(db, specialBills, bill);

export const updateSpecialBill = (db: Db, tenantId: string, id: string, set: Partial<typeof specialBills.$inferInsert>) =>
  db
    .update(specialBills)
    .set({ ...set, updatedAt: new Date() })
    .where(tenantRow(specialBills, tenantId, id));
