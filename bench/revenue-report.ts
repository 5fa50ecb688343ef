// npm run bench -- revenue — 营收报表 over a year of 5,000,000 stays (BENCH_REVENUE_RECORDS) on a
// PostgreSQL server (TEST_DATABASE_URL or BENCH_DATABASE_URL): the report by day, month and lot through
// HTTP and its aggregate in raw SQL, then proof that the kept revenue_daily rows equal a recomputation
// from the source tables. The server runs as its own process (packages/server/dist, so `npm run build` first).
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { revenueReportPaths, type RevenueGrouping, type RevenueReport } from '../packages/contract/src/index.js';
import { revenueSumsSql } from '../packages/server/src/modules/finance/revenue-report.repository.js';
import { signIn } from '../packages/server/src/simulator/simulation-setup.js';
import { startServer } from './orders.js';
import { openBenchDatabase } from './orders-data.js';
import { ms, timings } from './timing.js';
import { ensureRevenueTenant, generateRevenueData, revenuePassword, revenueTenant, revenueYear } from './revenue-data.js';

const runs = Number(process.env.BENCH_REVENUE_RUNS ?? 30);
/** The machine's load average over the last minute: other work on the machine slows a run down. */
const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]).toFixed(1);

const amounts = [
  'stays',
  'receivable',
  'discount',
  'coupon_discount',
  'card_discount',
  'long_rental_discount',
  'white_list_discount',
  'waiver_discount',
  'arrears',
  'received',
  'received_prepaid',
  'received_recovery',
  'received_special',
  'refunded',
  'recovered',
] as const;

// the report's aggregate as revenue-report.repository.ts writes it (its own columns), by day, month or lot
const keyOf: Record<Exclude<RevenueGrouping, 'area'>, [key: string, label: string]> = {
  day: ['d.day::text', 'd.day::text'],
  month: ["to_char(d.day, 'YYYY-MM')", "to_char(d.day, 'YYYY-MM')"],
  lot: ['d.lot_id::text', 'l.name'],
};
const reportSql = (groupBy: keyof typeof keyOf) => `
  SELECT ${keyOf[groupBy][0]} AS key, ${keyOf[groupBy][1]} AS label,
    ${revenueSumsSql}
  FROM revenue_daily d
  JOIN parking_lots l ON l.id = d.lot_id
  LEFT JOIN parking_areas a ON a.id = l.area_id
  WHERE d.tenant_id = $1 AND d.day BETWEEN $2::date AND $3::date
  GROUP BY 1, 2
  ORDER BY 2, 1`;

/** The first day of each month of [from, to], and the last day of each, as pairs that cover the range. */
const monthsOf = (from: string, to: string) => {
  const slices: [string, string][] = [];
  let at = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  while (at <= end) {
    const next = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
    const last = new Date(Math.min(next.getTime() - 86_400_000, end.getTime()));
    slices.push([at.toISOString().slice(0, 10), last.toISOString().slice(0, 10)]);
    at = next;
  }
  return slices;
};

export const runRevenueBench = async () => {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.log('revenue: skipped — set TEST_DATABASE_URL (a PostgreSQL server) to run the revenue-report benchmark');
    return;
  }
  const total = Number(process.env.BENCH_REVENUE_RECORDS ?? 5_000_000);
  const { database, url } = await openBenchDatabase(serverUrl, process.env.BENCH_DATABASE_NAME);
  const tenantId = await ensureRevenueTenant(database);
  await database.close();
  console.log(`revenue: generating ${total.toLocaleString('en')} stays of tenant ${revenueTenant} (150 lots, ${revenueYear.from} – ${revenueYear.to}) if missing`);
  const generated = await generateRevenueData(url, tenantId, total);
  if (generated.inserted) {
    console.log(
      `  inserted ${generated.inserted.toLocaleString('en')} in ${generated.seconds.toFixed(0)} s (${(generated.inserted / generated.seconds).toFixed(0)} stays/s), triggers included`,
    );
    console.log(`  by step: ${[...generated.steps].map(([label, seconds]) => `${label} ${seconds.toFixed(0)} s`).join(', ')}`);
  }

  const port = 18900 + Math.floor(Math.random() * 100);
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(url, port);
  const raw = new pg.Pool({ connectionString: url, max: 4 });
  try {
    const token = await signIn(base, revenueTenant, 'finance', revenuePassword);
    // statistics of the report's tables as a settled database has them, whether or not this run wrote the data
    await raw.query('ANALYZE parking_lots, parking_areas, revenue_daily');
    const { rows: held } = await raw.query<{ stays: string; payments: string; kept: string }>(
      `SELECT (SELECT count(*) FROM parking_records WHERE tenant_id = $1)::text AS stays, (SELECT count(*) FROM payments WHERE tenant_id = $1)::text AS payments,
              (SELECT count(*) FROM revenue_daily WHERE tenant_id = $1)::text AS kept`,
      [tenantId],
    );
    const count = (n: string) => Number(n).toLocaleString('en');
    console.log(
      `\nreport of ${revenueYear.from} – ${revenueYear.to} (tenant ${revenueTenant}: ${count(held[0]!.stays)} stays, ${count(held[0]!.payments)} payments, ${count(held[0]!.kept)} revenue_daily rows), ${runs} runs each after 5 warm-up, as user finance`,
    );

    const load0 = loadAverage();
    let totals: RevenueReport['totals'] | undefined;
    for (const groupBy of ['day', 'month', 'lot'] as const) {
      const query = new URLSearchParams({ from: revenueYear.from, to: revenueYear.to, groupBy }).toString();
      let rows = 0;
      const api = await timings(runs, async () => {
        const response = await fetch(`${base}${revenueReportPaths.report}?${query}`, { headers: { authorization: token } });
        const body = (await response.json()) as { code: number; data: RevenueReport };
        if (body.code !== 200) throw new Error(JSON.stringify(body));
        rows = body.data.rows.length;
        totals = body.data.totals;
      });
      const sql = await timings(runs, async () => {
        await raw.query(reportSql(groupBy), [tenantId, revenueYear.from, revenueYear.to]);
      });
      // the same as the server runs it: a transaction as the tenant role, under row-level security
      const scoped = await timings(runs, async () => {
        const client = await raw.connect();
        try {
          await client.query('BEGIN');
          await client.query('SET LOCAL ROLE parking_app');
          await client.query("SELECT set_config('app.tenant_id', $1, true)", [tenantId]);
          await client.query(reportSql(groupBy), [tenantId, revenueYear.from, revenueYear.to]);
          await client.query('COMMIT');
        } finally {
          client.release();
        }
      });
      console.log(
        `  year by ${groupBy.padEnd(5)} (${String(rows).padStart(3)} rows) API p50 ${ms(api.p50)} p95 ${ms(api.p95)} | raw SQL p50 ${ms(sql.p50)} p95 ${ms(sql.p95)} | as the tenant role p50 ${ms(scoped.p50)} p95 ${ms(scoped.p95)}${groupBy === 'day' ? ` | target p95 ≤ 300 ms ${api.p95 <= 300 ? '✔' : '✘'}` : ''}`,
      );
    }
    console.log(`  machine load average (1 min): ${load0} at the start, ${loadAverage()} at the end, on ${availableParallelism()} cores`);
    await checkAggregates(raw, tenantId, totals!);
  } finally {
    await raw.end();
    server.kill('SIGTERM');
  }
};

/**
 * The kept rows against revenue_daily_recompute (the migration's per-source functions over the source
 * tables) for every lot, day and channel of the year, a month a call; then the report's totals
 * against plain sums of the source tables, written without those functions.
 */
const checkAggregates = async (raw: pg.Pool, tenantId: string, totals: RevenueReport['totals']) => {
  const columns = amounts.join(', ');
  const differs = amounts.map((a) => `k.${a} IS DISTINCT FROM r.${a}`).join(' OR ');
  const nonZero = amounts.map((a) => `${a} <> 0`).join(' OR ');
  console.log(`\naggregates against a recomputation from the source tables`);
  // the whole year in one call first: the recomputation reads the range's rows into one array
  try {
    const t0 = performance.now();
    await raw.query('SELECT count(*) FROM revenue_daily_recompute($1::uuid, $2::date, $3::date)', [tenantId, revenueYear.from, revenueYear.to]);
    console.log(`  revenue_daily_recompute of the whole year in one call: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } catch (error) {
    console.log(`  revenue_daily_recompute of the whole year in one call fails: ${(error as Error).message}`);
  }
  let compared = 0;
  let mismatches = 0;
  const t0 = performance.now();
  for (const [from, to] of monthsOf(revenueYear.from, revenueYear.to)) {
    const { rows } = await raw.query<{ compared: string; mismatches: string }>(
      `WITH k AS (SELECT lot_id, day, channel, ${columns} FROM revenue_daily WHERE tenant_id = $1 AND day BETWEEN $2::date AND $3::date AND (${nonZero})),
            r AS (SELECT lot_id, day, channel, ${columns} FROM revenue_daily_recompute($1::uuid, $2::date, $3::date))
       SELECT count(*)::text AS compared, count(*) FILTER (WHERE k.lot_id IS NULL OR r.lot_id IS NULL OR ${differs})::text AS mismatches
       FROM k FULL JOIN r ON r.lot_id = k.lot_id AND r.day = k.day AND r.channel = k.channel`,
      [tenantId, from, to],
    );
    compared += Number(rows[0]!.compared);
    mismatches += Number(rows[0]!.mismatches);
  }
  console.log(
    `  (lot, day, channel) rows compared ${compared.toLocaleString('en')}, mismatches ${mismatches} ${mismatches === 0 ? '✔' : '✘'} (recomputed a month a call, ${((performance.now() - t0) / 1000).toFixed(0)} s)`,
  );

  const range = (column: string) => `${column} >= ($2::date::timestamp AT TIME ZONE 'Asia/Shanghai') AND ${column} < (($3::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')`;
  const { rows } = await raw.query<Record<string, string>>(
    `SELECT
       (SELECT count(*) FROM parking_records WHERE tenant_id = $1 AND exited_at IS NOT NULL AND state NOT IN ('parked', 'void') AND ${range('exited_at')})::text AS stays,
       (SELECT coalesce(sum(amount_due), 0) FROM parking_records WHERE tenant_id = $1 AND exited_at IS NOT NULL AND state NOT IN ('parked', 'void') AND ${range('exited_at')})::text AS receivable,
       (SELECT coalesce(sum(unpaid), 0) FROM parking_records WHERE tenant_id = $1 AND state = 'unpaid' AND exited_at IS NOT NULL AND ${range('exited_at')})::text AS arrears,
       (SELECT coalesce(sum(amount), 0) FROM payments WHERE tenant_id = $1 AND status = 'succeeded' AND ${range('paid_at')})::text AS received,
       (SELECT coalesce(sum(amount), 0) FROM payments WHERE tenant_id = $1 AND status = 'succeeded' AND stage = 'prepaid' AND ${range('paid_at')})::text AS received_prepaid,
       (SELECT coalesce(sum(amount), 0) FROM refunds WHERE tenant_id = $1 AND status = 'approved' AND ${range('decided_at')})::text AS refunded,
       (SELECT coalesce(sum(amount), 0) FROM recovery_records WHERE tenant_id = $1 AND ${range('recovered_at')})::text AS recovered`,
    [tenantId, revenueYear.from, revenueYear.to],
  );
  const plain = rows[0]!;
  const pairs: [string, number, number][] = [
    ['stays', totals.stays, Number(plain.stays)],
    ['receivable', totals.receivable, Number(plain.receivable)],
    ['arrears', totals.arrears, Number(plain.arrears)],
    ['received', totals.received, Number(plain.received)],
    ['receivedPrepaid', totals.receivedPrepaid, Number(plain.received_prepaid)],
    ['refunded', totals.refunded, Number(plain.refunded)],
    ['recovered', totals.recovered, Number(plain.recovered)],
  ];
  const wrong = pairs.filter(([, reported, summed]) => reported !== summed);
  console.log(`  the report's year totals against plain sums of the source tables: ${wrong.length === 0 ? 'equal ✔' : `${wrong.length} differ ✘`}`);
  for (const [name, reported, summed] of pairs)
    console.log(`    ${name.padEnd(16)} report ${reported.toLocaleString('en').padStart(16)}  source tables ${summed.toLocaleString('en').padStart(16)}`);
};
