import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { RevenueGrouping } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/json-row.js';
import { parkingAreas, parkingLots } from '../../db/schema/index.js';

/** The kept sums of one row of the report, before the columns derived from them. */
export interface RevenueSums {
  key: string;
  label: string;
  stays: number;
  receivable: number;
  discount: number;
  couponDiscount: number;
  cardDiscount: number;
  longRentalDiscount: number;
  whiteListDiscount: number;
  waiverDiscount: number;
  arrears: number;
  received: number;
  wechat: number;
  alipay: number;
  cash: number;
  balance: number;
  sandbox: number;
  receivedPrepaid: number;
  receivedRecovery: number;
  receivedSpecial: number;
  refunded: number;
  recovered: number;
}

/** The report's columns over revenue_daily `d`: the benchmark times the same text in raw SQL. */
export const revenueSumsSql = `
  sum(d.stays)::text AS stays, sum(d.receivable)::text AS receivable, sum(d.discount)::text AS discount,
  sum(d.coupon_discount)::text AS coupon_discount, sum(d.card_discount)::text AS card_discount,
  sum(d.long_rental_discount)::text AS long_rental_discount, sum(d.white_list_discount)::text AS white_list_discount,
  sum(d.waiver_discount)::text AS waiver_discount, sum(d.arrears)::text AS arrears,
  sum(d.received)::text AS received,
  coalesce(sum(d.received) FILTER (WHERE d.channel = 'wechat'), 0)::text AS wechat,
  coalesce(sum(d.received) FILTER (WHERE d.channel = 'alipay'), 0)::text AS alipay,
  coalesce(sum(d.received) FILTER (WHERE d.channel = 'cash'), 0)::text AS cash,
  coalesce(sum(d.received) FILTER (WHERE d.channel = 'balance'), 0)::text AS balance,
  coalesce(sum(d.received) FILTER (WHERE d.channel = 'sandbox'), 0)::text AS sandbox,
  sum(d.received_prepaid)::text AS received_prepaid, sum(d.received_recovery)::text AS received_recovery, sum(d.received_special)::text AS received_special,
  sum(d.refunded)::text AS refunded, sum(d.recovered)::text AS recovered`;
const sums = sql.raw(revenueSumsSql);

const groupings: Record<RevenueGrouping, { key: SQL; label: SQL }> = {
  day: { key: sql`d.day::text`, label: sql`d.day::text` },
  month: { key: sql`to_char(d.day, 'YYYY-MM')`, label: sql`to_char(d.day, 'YYYY-MM')` },
  lot: { key: sql`d.lot_id::text`, label: sql`l.name` },
  area: { key: sql`coalesce(l.area_id::text, '')`, label: sql`coalesce(a.name, '未分片区')` },
};

type SumsRow = Record<string, string | null>;

const toSums = (row: SumsRow): RevenueSums => {
  const n = (name: string) => Number(row[name] ?? 0);
  return {
    key: row.key ?? '',
    label: row.label ?? '',
    stays: n('stays'),
    receivable: n('receivable'),
    discount: n('discount'),
    couponDiscount: n('coupon_discount'),
    cardDiscount: n('card_discount'),
    longRentalDiscount: n('long_rental_discount'),
    whiteListDiscount: n('white_list_discount'),
    waiverDiscount: n('waiver_discount'),
    arrears: n('arrears'),
    received: n('received'),
    wechat: n('wechat'),
    alipay: n('alipay'),
    cash: n('cash'),
    balance: n('balance'),
    sandbox: n('sandbox'),
    receivedPrepaid: n('received_prepaid'),
    receivedRecovery: n('received_recovery'),
    receivedSpecial: n('received_special'),
    refunded: n('refunded'),
    recovered: n('recovered'),
  };
};

export interface RevenueFilter {
  from: string;
  to: string;
  groupBy: RevenueGrouping;
  lotId?: string | undefined;
  areaId?: string | undefined;
}

/** The kept daily sums of a tenant's days [from, to], grouped as asked: a read of the aggregates, never of the records. */
export const sumRevenue = async (db: Db, tenantId: string, filter: RevenueFilter): Promise<RevenueSums[]> => {
  const { key, label } = groupings[filter.groupBy];
  const byLot = filter.lotId ? sql` AND d.lot_id = ${filter.lotId}` : sql``;
  const byArea = filter.areaId ? sql` AND l.area_id = ${filter.areaId}` : sql``;
  const result = await db.execute(sql`
    SELECT ${key} AS key, ${label} AS label, ${sums}
    FROM revenue_daily d
    JOIN parking_lots l ON l.tenant_id = d.tenant_id AND l.id = d.lot_id
    LEFT JOIN parking_areas a ON a.tenant_id = l.tenant_id AND a.id = l.area_id
    WHERE d.tenant_id = ${tenantId} AND d.day BETWEEN ${filter.from}::date AND ${filter.to}::date${byLot}${byArea}
    GROUP BY 1, 2
    ORDER BY 2, 1`);
  return (rowsOf(result) as SumsRow[]).map(toSums);
};

/** The kept rows of a tenant's days and their recomputation from the source tables, each as sorted text: equal when the aggregates are right. */
export const revenueDrift = async (db: Db, tenantId: string, from: string, to: string) => {
  const columns = `lot_id, day::text AS day, channel, stays::text AS stays, receivable::text AS receivable, discount::text AS discount, coupon_discount::text AS coupon_discount,
    card_discount::text AS card_discount, arrears::text AS arrears, received::text AS received, received_prepaid::text AS received_prepaid,
    received_recovery::text AS received_recovery, refunded::text AS refunded, recovered::text AS recovered, long_rental_discount::text AS long_rental_discount,
    white_list_discount::text AS white_list_discount, waiver_discount::text AS waiver_discount, received_special::text AS received_special`;
  const nonZero = `stays <> 0 OR receivable <> 0 OR discount <> 0 OR coupon_discount <> 0 OR card_discount <> 0 OR arrears <> 0 OR received <> 0
    OR received_prepaid <> 0 OR received_recovery <> 0 OR refunded <> 0 OR recovered <> 0 OR long_rental_discount <> 0 OR white_list_discount <> 0
    OR waiver_discount <> 0 OR received_special <> 0`;
  const kept = rowsOf(
    await db.execute(
      sql`SELECT ${sql.raw(columns)} FROM revenue_daily WHERE tenant_id = ${tenantId} AND day BETWEEN ${from}::date AND ${to}::date AND (${sql.raw(nonZero)}) ORDER BY lot_id, day, channel`,
    ),
  );
  const recomputed = rowsOf(await db.execute(sql`SELECT ${sql.raw(columns)} FROM revenue_daily_recompute(${tenantId}::uuid, ${from}::date, ${to}::date) ORDER BY lot_id, day, channel`));
  return { kept, recomputed };
};

/** Replaces the kept rows of a tenant's days with their recomputation (after a load that bypassed the triggers). */
export const repairRevenue = async (db: Db, tenantId: string, from: string, to: string) => {
  await db.execute(sql`SELECT revenue_daily_repair(${tenantId}::uuid, ${from}::date, ${to}::date)`);
};

/** The tenant's lots and areas by name: what a report may be narrowed to. */
export const findRevenueScopes = async (db: Db, tenantId: string) => ({
  lots: await db
    .select({ id: parkingLots.id, name: parkingLots.name, areaId: parkingLots.areaId })
    .from(parkingLots)
    .where(eq(parkingLots.tenantId, tenantId))
    .orderBy(asc(parkingLots.name)),
  areas: await db.select({ id: parkingAreas.id, name: parkingAreas.name }).from(parkingAreas).where(eq(parkingAreas.tenantId, tenantId)).orderBy(asc(parkingAreas.name)),
});
