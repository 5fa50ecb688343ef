import type { RevenueReport, RevenueReportRow, RevenueReportValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../types.js';
import { findRevenueScopes, sumRevenue, type RevenueSums } from './revenue-report.repository.js';

const zero: Omit<RevenueSums, 'key' | 'label'> = {
  stays: 0,
  receivable: 0,
  discount: 0,
  couponDiscount: 0,
  cardDiscount: 0,
  longRentalDiscount: 0,
  whiteListDiscount: 0,
  waiverDiscount: 0,
  arrears: 0,
  received: 0,
  wechat: 0,
  alipay: 0,
  cash: 0,
  balance: 0,
  sandbox: 0,
  receivedPrepaid: 0,
  receivedRecovery: 0,
  receivedSpecial: 0,
  refunded: 0,
  recovered: 0,
};

/** A row as shown: the kept sums and the columns that follow from them. */
export const reportRowOf = (s: RevenueSums): RevenueReportRow => ({
  ...s,
  otherDiscount: s.discount - s.couponDiscount - s.cardDiscount - s.longRentalDiscount - s.whiteListDiscount - s.waiverDiscount,
  receivedAtExit: s.received - s.receivedPrepaid - s.receivedRecovery - s.receivedSpecial,
  net: s.received - s.refunded,
});

const addSums = (a: RevenueSums, b: RevenueSums): RevenueSums => {
  const out = { ...a };
  for (const field of Object.keys(zero) as (keyof typeof zero)[]) out[field] = a[field] + b[field];
  return out;
};

/** Every day (or month) of [from, to], so the trend shows a day with no money as nothing rather than skipping it. */
const periodsOf = (from: string, to: string, unit: 'day' | 'month') => {
  const keys: string[] = [];
  const at = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  if (unit === 'month') at.setUTCDate(1);
  while (at <= end) {
    const day = at.toISOString().slice(0, 10);
    keys.push(unit === 'day' ? day : day.slice(0, 7));
    if (unit === 'day') at.setUTCDate(at.getUTCDate() + 1);
    else at.setUTCMonth(at.getUTCMonth() + 1);
  }
  return keys;
};

/**
 * 营收报表 of the tenant's Shanghai days [from, to], by day, month, lot or area, optionally of one
 * lot or area, with its totals: read from the kept daily aggregates (revenue_daily).
 */
export const getRevenueReport = async (db: Db, auth: Pick<AuthContext, 'tenantId'>, query: RevenueReportValues): Promise<RevenueReport> => {
  const found = await sumRevenue(db, auth.tenantId, query);
  let rows = found;
  if (query.groupBy === 'day' || query.groupBy === 'month') {
    const byKey = new Map(found.map((s) => [s.key, s]));
    rows = periodsOf(query.from, query.to, query.groupBy).map((key) => byKey.get(key) ?? { key, label: key, ...zero });
  }
  const totals = rows.reduce(addSums, { key: '', label: '合计', ...zero });
  return { from: query.from, to: query.to, groupBy: query.groupBy, rows: rows.map(reportRowOf), totals: reportRowOf(totals) };
};

/** The lots and areas a report may be narrowed to. */
export const getRevenueScopes = (db: Db, auth: Pick<AuthContext, 'tenantId'>) => findRevenueScopes(db, auth.tenantId);
