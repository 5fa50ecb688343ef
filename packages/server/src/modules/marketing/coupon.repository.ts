import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CouponDailyReportValues, CouponListValues, CouponMonthlyBillValues, CouponTemplateListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/json-row.js';
import { couponTemplates, coupons, merchants } from '../../db/schema/index.js';
import { containsPattern } from '../../shared/like-pattern.js';
import { countOf, countRows, offsetOf, pageRows, type Page } from '../../shared/paging.js';
import { insertId, insertRow, tenantRow } from '../../shared/rows.js';
import { tenantEq } from '../../db/tenant-eq.js';

export type CouponTemplateRow = typeof couponTemplates.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

type TemplateFilter = Omit<CouponTemplateListValues, 'currentPage' | 'pageSize'>;

export const pageCouponTemplates = async (db: Db, tenantId: string, filter: TemplateFilter, page: Page) => {
  const where = and(
    eq(couponTemplates.tenantId, tenantId),
    filter.name ? sql`${couponTemplates.name} ilike ${containsPattern(filter.name)}` : undefined,
    filter.kind ? eq(couponTemplates.kind, filter.kind) : undefined,
    filter.enabled === undefined ? undefined : eq(couponTemplates.enabled, filter.enabled === 1),
  );
  const direction = (filter.sort ?? (filter.sidx ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const column = filter.sidx === 'name' ? couponTemplates.name : couponTemplates.createdAt;
  return pageRows(page, countRows(db, couponTemplates, where), db.select().from(couponTemplates).where(where).orderBy(direction(column), asc(couponTemplates.id)).$dynamic());
};

export const findCouponTemplate = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select()
    .from(couponTemplates)
    .where(tenantRow(couponTemplates, tenantId, id))
    .limit(1);
  return row;
};

export const templateNamed = async (db: Db, tenantId: string, name: string, exceptId?: string) => {
  const [row] = await db
    .select({ id: couponTemplates.id })
    .from(couponTemplates)
    .where(and(eq(couponTemplates.tenantId, tenantId), eq(couponTemplates.name, name), exceptId ? ne(couponTemplates.id, exceptId) : undefined))
    .limit(1);
  return row;
};

export type CouponTemplateValues = Omit<typeof couponTemplates.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;
export const insertCouponTemplate = (db: Db, tenantId: string, values: CouponTemplateValues) => insertId(db, couponTemplates, { tenantId, ...values });
export const updateCouponTemplateRow = (db: Db, tenantId: string, id: string, values: CouponTemplateValues) =>
  db
    .update(couponTemplates)
    .set({ ...values, updatedAt: sql`now()` })
    .where(tenantRow(couponTemplates, tenantId, id));
export const deleteCouponTemplateRow = (db: Db, tenantId: string, id: string) => db.delete(couponTemplates).where(tenantRow(couponTemplates, tenantId, id));

export const insertCoupon = (db: Db, values: typeof coupons.$inferInsert) => insertRow(db, coupons, values);

type CouponFilter = Omit<CouponListValues, 'currentPage' | 'pageSize'>;

/** A coupon's state as shown at `now`: an unused or bound coupon past its expiry is 已过期. */
const stateCondition = (state: CouponFilter['state'], now: Date): SQL | undefined => {
  const live = and(inArray(coupons.state, ['unused', 'in_use']), gt(coupons.expiresAt, now));
  switch (state) {
    case undefined:
      return undefined;
    case 'expired':
      return and(inArray(coupons.state, ['unused', 'in_use']), lte(coupons.expiresAt, now));
    case 'unused':
    case 'in_use':
      return and(eq(coupons.state, state), live);
    default:
      return eq(coupons.state, state);
  }
};

const couponConditions = (tenantId: string, filter: CouponFilter, now: Date) =>
  and(
    eq(coupons.tenantId, tenantId),
    filter.couponNo ? eq(coupons.seq, Number(filter.couponNo)) : undefined,
    filter.merchantId ? eq(coupons.merchantId, filter.merchantId) : undefined,
    filter.templateId ? eq(coupons.templateId, filter.templateId) : undefined,
    filter.recordId ? eq(coupons.recordId, filter.recordId) : undefined,
    filter.plateNumber ? sql`${coupons.plateNumber} ilike ${containsPattern(filter.plateNumber)}` : undefined,
    filter.kind ? eq(coupons.kind, filter.kind) : undefined,
    stateCondition(filter.state, now),
    filter.issuedFrom ? gte(coupons.issuedAt, new Date(filter.issuedFrom)) : undefined,
    filter.issuedTo ? lt(coupons.issuedAt, new Date(filter.issuedTo)) : undefined,
  );

export const pageCoupons = (db: Db, tenantId: string, filter: CouponFilter, now: Date, page: Page) => {
  const where = couponConditions(tenantId, filter, now);
  return pageRows(page, countRows(db, coupons, where), db.select().from(coupons).where(where).orderBy(desc(coupons.issuedAt), desc(coupons.seq)).$dynamic());
};

export const findCoupon = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select()
    .from(coupons)
    .where(tenantRow(coupons, tenantId, id))
    .limit(1);
  return row;
};

export const lockCoupon = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select()
    .from(coupons)
    .where(tenantRow(coupons, tenantId, id))
    .for('update');
  return row;
};

export const updateCouponRow = (db: Db, tenantId: string, id: string, values: Partial<CouponRow>) =>
  db
    .update(coupons)
    .set({ ...values, updatedAt: sql`now()` })
    .where(tenantRow(coupons, tenantId, id));

/** Coupons are kept with the stays they paid for: a template that issued some is not deleted. */
export const templateIssued = async (db: Db, tenantId: string, templateId: string) => {
  const [row] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.tenantId, tenantId), eq(coupons.templateId, templateId)))
    .limit(1);
  return row !== undefined;
};

export interface CouponStay {
  tenantId: string;
  lotId: string;
  plateNumber: string;
  plateColour: number;
  /** the stay's record; null for a car leaving with no entry on record */
  recordId: string | null;
  at: Date;
  /** only coupons issued by then (a payment counts those its cashier quoted), else any issued by `at` or bound to the stay */
  issuedUpTo?: Date | undefined;
}

/**
 * The coupons that may pay for a stay priced at `at` leaving `lotId`: the plate's live coupons for
 * that lot, those bound to this stay and those bound to none issued by then, and those this stay
 * already used (paid for on the phone while still in), which count again, expired or not, when the
 * stay is priced anew. `lock` holds them until the transaction ends (the coupons are about to be used).
 */
export const stayCoupons = (db: Db, stay: CouponStay, lock: boolean) => {
  const live = and(
    inArray(coupons.state, ['unused', 'in_use']),
    gt(coupons.expiresAt, stay.at),
    // one bound to this stay was issued while the car was in, whatever a device's clock says of the exit
    stay.recordId ? or(and(isNull(coupons.recordId), lte(coupons.issuedAt, stay.at)), eq(coupons.recordId, stay.recordId)) : and(isNull(coupons.recordId), lte(coupons.issuedAt, stay.at)),
    stay.issuedUpTo ? lte(coupons.issuedAt, stay.issuedUpTo) : undefined,
  );
  const query = db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.tenantId, stay.tenantId),
        eq(coupons.plateNumber, stay.plateNumber),
        eq(coupons.plateColour, stay.plateColour),
        sql`${stay.lotId}::uuid = any(${coupons.lotIds})`,
        stay.recordId ? or(live, and(eq(coupons.state, 'used'), eq(coupons.recordId, stay.recordId))) : live,
      ),
    )
    .orderBy(asc(coupons.expiresAt), asc(coupons.id));
  return lock ? query.for('update') : query;
};

/**
 * A stay that left without its coupons being weighed (within the grace minutes after it was paid for
 * on the phone, its fee fixed by that payment): the coupons bound to it and not used go back to
 * 未使用, bound to none, for the next visit.
 */
export const releaseStayCoupons = (db: Db, tenantId: string, recordId: string) =>
  db
    .update(coupons)
    .set({ state: 'unused', recordId: null, updatedAt: sql`now()` })
    .where(and(eq(coupons.tenantId, tenantId), eq(coupons.recordId, recordId), eq(coupons.state, 'in_use')));

/** The coupons a stay used, as its record's detail names them. */
export const couponsOfRecord = (db: Db, tenantId: string, recordId: string) =>
  db
    .select()
    .from(coupons)
    .where(and(eq(coupons.tenantId, tenantId), eq(coupons.recordId, recordId), eq(coupons.state, 'used')))
    .orderBy(asc(coupons.usedAt), asc(coupons.seq));

const shanghaiDay = (column: SQL | typeof coupons.issuedAt) => sql<string>`to_char(${column} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`;

/**
 * Per merchant per Shanghai day in [from, to]: coupons issued (not revoked) and their price, and
 * coupons used and what they took off. A page of the rows that have any, newest day first.
 */
export const pageDailyReport = async (db: Db, tenantId: string, query: Omit<CouponDailyReportValues, 'currentPage' | 'pageSize'>, page: Page, window: { from: Date; to: Date }) => {
  const merchant = query.merchantId ? sql`AND c.merchant_id = ${query.merchantId}::uuid` : sql``;
  const rows = sql`
    WITH events AS (
      SELECT c.merchant_id, ${shanghaiDay(sql`c.issued_at`)} AS day, 1 AS issued, c.price AS issued_amount, 0 AS used, 0 AS discount
        FROM coupons c
       WHERE c.tenant_id = ${tenantId}::uuid AND c.state <> 'revoked' AND c.issued_at >= ${window.from.toISOString()}::timestamptz AND c.issued_at < ${window.to.toISOString()}::timestamptz ${merchant}
      UNION ALL
      SELECT c.merchant_id, ${shanghaiDay(sql`c.used_at`)} AS day, 0, 0, 1, c.discount
        FROM coupons c
       WHERE c.tenant_id = ${tenantId}::uuid AND c.state = 'used' AND c.used_at >= ${window.from.toISOString()}::timestamptz AND c.used_at < ${window.to.toISOString()}::timestamptz ${merchant}
    )
    SELECT e.day, e.merchant_id, m.name AS merchant_name, sum(e.issued)::int AS issued, sum(e.issued_amount)::int AS issued_amount, sum(e.used)::int AS used, sum(e.discount)::int AS discount
      FROM events e JOIN merchants m ON m.tenant_id = ${tenantId}::uuid AND m.id = e.merchant_id
     GROUP BY e.day, e.merchant_id, m.name`;
  const [counted] = rowsOf(await db.execute(sql`SELECT count(*) AS n FROM (${rows}) r`)) as { n: number | string }[];
  const list = rowsOf(await db.execute(sql`${rows} ORDER BY e.day DESC, m.name ASC LIMIT ${page.pageSize} OFFSET ${offsetOf(page)}`));
  return { rows: list, total: countOf(counted) };
};

/** Per 后付 merchant, the coupons used in the month [from, to) and what they cost the merchant. */
export const pageMonthlyBill = async (db: Db, tenantId: string, query: Omit<CouponMonthlyBillValues, 'currentPage' | 'pageSize'>, page: Page, window: { from: Date; to: Date }) => {
  const where = and(
    eq(coupons.tenantId, tenantId),
    eq(coupons.state, 'used'),
    eq(merchants.settlement, 'postpaid'),
    gte(coupons.usedAt, window.from),
    lt(coupons.usedAt, window.to),
    query.merchantId ? eq(coupons.merchantId, query.merchantId) : undefined,
  );
  const grouped = db
    .select({
      merchantId: coupons.merchantId,
      merchantName: merchants.name,
      used: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${coupons.price}), 0)::int`,
      discount: sql<number>`coalesce(sum(${coupons.discount}), 0)::int`,
    })
    .from(coupons)
    .innerJoin(merchants, tenantEq(merchants.id, coupons.merchantId))
    .where(where)
    .groupBy(coupons.merchantId, merchants.name);
  const [counted] = await db.select({ n: sql<number>`count(*)` }).from(grouped.as('g'));
  const rows = await grouped.orderBy(asc(merchants.name)).limit(page.pageSize).offset(offsetOf(page));
  return { rows, total: countOf(counted) };
};
