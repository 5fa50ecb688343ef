import { and, asc, desc, eq, gte, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { merchantOptionsLimit, type MerchantListValues, type MerchantLedgerListValues, type MerchantOptionsQuery } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { coupons, merchantLedger, merchantSessions, merchants } from '../../db/schema/index.js';
import { containsPattern } from '../../shared/like-pattern.js';
import { countRows, pageRows, type Page } from '../../shared/paging.js';
import { insertId, insertRow, tenantRow } from '../../shared/rows.js';
import { tenantEq } from '../../db/tenant-eq.js';

type Filter = Omit<MerchantListValues, 'currentPage' | 'pageSize'>;
export type MerchantRow = typeof merchants.$inferSelect;

/** What a merchant has issued since the start of its business day and of its month. */
export interface IssueCounts {
  issuedToday: number;
  issuedThisMonth: number;
  amountThisMonth: number;
}
export type MerchantWithCounts = { merchant: MerchantRow } & IssueCounts;

/** The start of the day and of the month the counts are of. */
export interface CountWindow {
  dayStart: Date;
  monthStart: Date;
}

const conditions = (tenantId: string, filter: Filter): SQL | undefined =>
  and(
    eq(merchants.tenantId, tenantId),
    filter.name ? sql`${merchants.name} ilike ${containsPattern(filter.name)}` : undefined,
    filter.kind ? eq(merchants.kind, filter.kind) : undefined,
    filter.settlement ? eq(merchants.settlement, filter.settlement) : undefined,
    filter.lotId ? sql`${filter.lotId}::uuid = any(${merchants.lotIds})` : undefined,
    filter.enabled === undefined ? undefined : eq(merchants.enabled, filter.enabled === 1),
  );

const sortColumns = { name: merchants.name, balance: merchants.balance, createdAt: merchants.createdAt } as const;

// revoked coupons count against no limit: their price went back
const counted = sql`c.tenant_id = "merchants"."tenant_id" and c.merchant_id = "merchants"."id" and c.state <> 'revoked'`;
const columns = (window: CountWindow) => ({
  merchant: merchants,
  issuedToday: sql<string>`(select count(*) from coupons c where ${counted} and c.issued_at >= ${window.dayStart.toISOString()}::timestamptz)`,
  issuedThisMonth: sql<string>`(select count(*) from coupons c where ${counted} and c.issued_at >= ${window.monthStart.toISOString()}::timestamptz)`,
  amountThisMonth: sql<string>`(select coalesce(sum(c.price), 0) from coupons c where ${counted} and c.issued_at >= ${window.monthStart.toISOString()}::timestamptz)`,
});
type Selected = { merchant: MerchantRow; issuedToday: string | number; issuedThisMonth: string | number; amountThisMonth: string | number };
const toRow = (r: Selected): MerchantWithCounts => ({
  merchant: r.merchant,
  issuedToday: Number(r.issuedToday),
  issuedThisMonth: Number(r.issuedThisMonth),
  amountThisMonth: Number(r.amountThisMonth),
});

export const pageMerchants = async (db: Db, tenantId: string, filter: Filter, window: CountWindow, page: Page) => {
  const where = conditions(tenantId, filter);
  const direction = (filter.sort ?? (filter.sidx ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const { rows, total } = await pageRows(
    page,
    countRows(db, merchants, where),
    db
      .select(columns(window))
      .from(merchants)
      .where(where)
      .orderBy(direction(sortColumns[filter.sidx ?? 'createdAt']), asc(merchants.id))
      .$dynamic(),
  );
  return { rows: rows.map(toRow), total };
};

/** The merchant pickers' options: names containing the keyword, enabled ones first, at most merchantOptionsLimit. */
export const merchantOptionRows = (db: Db, tenantId: string, query: MerchantOptionsQuery) =>
  db
    .select({ id: merchants.id, name: merchants.name, enabled: merchants.enabled, settlement: merchants.settlement })
    .from(merchants)
    .where(conditions(tenantId, { name: query.keyword, settlement: query.settlement }))
    .orderBy(desc(merchants.enabled), asc(merchants.name), asc(merchants.id))
    .limit(merchantOptionsLimit);

export const findMerchant = async (db: Db, tenantId: string, id: string, window: CountWindow): Promise<MerchantWithCounts | undefined> => {
  const [row] = await db
    .select(columns(window))
    .from(merchants)
    .where(tenantRow(merchants, tenantId, id))
    .limit(1);
  return row ? toRow(row) : undefined;
};

/** Holds the merchant's row until the transaction ends: one balance move, one issue check at a time. */
export const lockMerchant = async (db: Db, tenantId: string, id: string): Promise<MerchantRow | undefined> => {
  const [row] = await db
    .select()
    .from(merchants)
    .where(tenantRow(merchants, tenantId, id))
    .for('update');
  return row;
};

export const merchantNamed = async (db: Db, tenantId: string, column: 'name' | 'account', value: string, exceptId?: string) => {
  const [row] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.tenantId, tenantId), eq(merchants[column], value), exceptId ? ne(merchants.id, exceptId) : undefined))
    .limit(1);
  return row;
};

/** A merchant signing in: by its account, in any tenant the caller names. */
export const merchantByAccount = async (db: Db, tenantId: string, account: string) => {
  const [row] = await db
    .select()
    .from(merchants)
    .where(and(eq(merchants.tenantId, tenantId), eq(merchants.account, account)))
    .limit(1);
  return row;
};

export type MerchantValues = Omit<typeof merchants.$inferInsert, 'id' | 'tenantId' | 'balance' | 'createdAt' | 'updatedAt'>;

export const insertMerchant = (db: Db, tenantId: string, values: MerchantValues): Promise<string> => insertId(db, merchants, { tenantId, ...values });

export const updateMerchantRow = (db: Db, tenantId: string, id: string, values: Partial<MerchantValues>) =>
  db
    .update(merchants)
    .set({ ...values, updatedAt: sql`now()` })
    .where(tenantRow(merchants, tenantId, id));

export const deleteMerchantRow = (db: Db, tenantId: string, id: string) => db.delete(merchants).where(tenantRow(merchants, tenantId, id));

export const hasCoupons = async (db: Db, tenantId: string, merchantId: string) => {
  const [row] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.tenantId, tenantId), eq(coupons.merchantId, merchantId)))
    .limit(1);
  return row !== undefined;
};

export type LedgerLine = Omit<typeof merchantLedger.$inferInsert, 'id' | 'tenantId' | 'merchantId' | 'balanceBefore' | 'balanceAfter' | 'createdAt'> & { at: Date };

/**
 * Moves the balance of a merchant locked by lockMerchant by `line.amount` and writes the line with
 * the balance before and after, in the caller's transaction.
 */
export const moveBalance = async (db: Db, merchant: MerchantRow, line: LedgerLine) => {
  const balanceAfter = merchant.balance + line.amount;
  await db
    .update(merchants)
    .set({ balance: balanceAfter, updatedAt: line.at })
    .where(tenantRow(merchants, merchant.tenantId, merchant.id));
  const { at, ...rest } = line;
  const row = await insertRow(db, merchantLedger, { tenantId: merchant.tenantId, merchantId: merchant.id, ...rest, balanceBefore: merchant.balance, balanceAfter, createdAt: at });
  merchant.balance = balanceAfter;
  return row;
};

type LedgerFilter = Omit<MerchantLedgerListValues, 'currentPage' | 'pageSize'>;
const ledgerConditions = (tenantId: string, filter: LedgerFilter) =>
  and(
    eq(merchantLedger.tenantId, tenantId),
    filter.merchantId ? eq(merchantLedger.merchantId, filter.merchantId) : undefined,
    filter.kind ? eq(merchantLedger.kind, filter.kind) : undefined,
    filter.createdFrom ? gte(merchantLedger.createdAt, new Date(filter.createdFrom)) : undefined,
    filter.createdTo ? lt(merchantLedger.createdAt, new Date(filter.createdTo)) : undefined,
  );

export type LedgerRow = { line: typeof merchantLedger.$inferSelect; merchantName: string };

export const pageLedger = async (db: Db, tenantId: string, filter: LedgerFilter, page: Page): Promise<{ rows: LedgerRow[]; total: number }> => {
  const where = ledgerConditions(tenantId, filter);
  return pageRows(
    page,
    countRows(db, merchantLedger, where),
    db
      .select({ line: merchantLedger, merchantName: merchants.name })
      .from(merchantLedger)
      .innerJoin(merchants, tenantEq(merchants.id, merchantLedger.merchantId))
      .where(where)
      .orderBy(desc(merchantLedger.seq))
      .$dynamic(),
  );
};

/** Ends every live phone session of a merchant whose password was reset: its next call asks it to sign in. */
export const endMerchantSessions = (db: Db, tenantId: string, merchantId: string) =>
  db
    .update(merchantSessions)
    .set({ revokedAt: sql`now()`, revokeReason: 'logout' })
    .where(and(eq(merchantSessions.tenantId, tenantId), eq(merchantSessions.merchantId, merchantId), isNull(merchantSessions.revokedAt)));
