// The data the orders benchmarks run on: 2 tenants, 200 lots, a year of parking records (10,000,000 by
// default), written straight into PostgreSQL with generate_series so a run takes minutes, not hours.
// Idempotent: a database that already holds the records is reused.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openPostgres, type Database } from '../packages/server/src/db/client.js';
import { migrate } from '../packages/server/src/db/migrate.js';
import { seedDemoData } from '../packages/server/src/db/seed/seed.js';

export const benchLotsPerTenant = 100;
const chunk = 500_000;

const withDatabaseName = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

/** The bench database on the server of `serverUrl`, made and migrated when missing. */
export const openBenchDatabase = async (serverUrl: string, name = 'parking_bench'): Promise<{ database: Database; url: string }> => {
  // the name goes into CREATE DATABASE as it is
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bench database name must be a plain lower-case identifier: ${name}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabaseName(serverUrl, name);
  const database = await openPostgres(url);
  await migrate(database);
  await seedDemoData(database.db);
  return { database, url };
};

/**
 * Lots "基准停车场 1..100" in tenants demo and mw, each with a tariff-less lane lot, then `total`
 * records spread evenly over the lots and over the year before `now`: 97 % settled, 2 % in
 * arrears, half of the last day's cars still parked. Money always keeps due − discount = paid + unpaid.
 */
export const generateRecords = async (url: string, total: number, now = new Date()) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: present } = await client.query<{ n: string }>("SELECT count(*)::text AS n FROM parking_records r JOIN parking_lots l ON l.id = r.lot_id WHERE l.name LIKE '基准停车场%'");
    if (Number(present[0]!.n) >= total) return { inserted: 0, seconds: 0 };

    await client.query(`
      INSERT INTO parking_lots (tenant_id, name, type, kind, total_spaces, free_count)
      SELECT t.id, '基准停车场' || g, 1, 'lane', 500, 500
      FROM tenants t CROSS JOIN generate_series(1, ${benchLotsPerTenant}) g
      WHERE t.code IN ('demo', 'mw')
        AND NOT EXISTS (SELECT 1 FROM parking_lots l WHERE l.tenant_id = t.id AND l.name = '基准停车场' || g)`);
    await client.query(`CREATE TEMP TABLE bench_lots AS
      SELECT row_number() OVER (ORDER BY l.tenant_id, l.name) - 1 AS n, l.id, l.tenant_id
      FROM parking_lots l WHERE l.name LIKE '基准停车场%'`);
    const { rows: lotCount } = await client.query<{ n: string }>('SELECT count(*)::text AS n FROM bench_lots');
    const lots = Number(lotCount[0]!.n);

    const started = performance.now();
    const nowIso = now.toISOString();
    for (let from = Number(present[0]!.n); from < total; from += chunk) {
      const to = Math.min(total, from + chunk) - 1;
      // one record per series value: its lot, its hour in the year, a plate, a stay and a fee
      await client.query(
        `
        INSERT INTO parking_records (tenant_id, lot_id, plate_number, plate_colour, entered_at, exited_at, state, amount_due, discount, paid, unpaid, created_at, updated_at)
        SELECT l.tenant_id, l.id, s.plate, s.colour, s.entered,
               CASE WHEN s.parked THEN NULL ELSE s.entered + s.stay END,
               CASE WHEN s.parked THEN 'parked' WHEN s.arrears THEN 'unpaid' ELSE 'closed' END,
               CASE WHEN s.parked THEN 0 ELSE s.fee END, 0,
               CASE WHEN s.parked OR s.arrears THEN 0 ELSE s.fee END,
               CASE WHEN s.parked OR NOT s.arrears THEN 0 ELSE s.fee END,
               s.entered, s.entered
        FROM (
          SELECT s0.*, s0.entered > $1::timestamptz - interval '1 day' AND s0.coin < 0.5 AS parked
          FROM (
          SELECT g,
                 $1::timestamptz - (random() * interval '365 days') AS entered,
                 (5 + random() * 600) * interval '1 minute' AS stay,
                 (random() * 60)::int * 100 AS fee,
                 random() < 0.02 AS arrears,
                 random() AS coin,
                 CASE WHEN random() < 0.12 THEN 3 ELSE 0 END AS colour,
                 (ARRAY['粤','粤','粤','京','沪','浙','苏','湘','川'])[1 + (random() * 8)::int]
                   || substr('ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() * 23)::int, 1)
                   || lpad(((random() * 99999)::int)::text, 5, '0') AS plate
          FROM generate_series($2::bigint, $3::bigint) g
          ) s0
        ) s
        JOIN bench_lots l ON l.n = s.g % $4`,
        [nowIso, from, to, lots],
      );
      process.stdout.write(`  records ${(to + 1).toLocaleString('en')} / ${total.toLocaleString('en')} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
    }
    // the visibility map lets counts read the indexes alone, as they would on a settled production table
    await client.query('VACUUM ANALYZE parking_records');
    // the new lots too: without their statistics (autovacuum off) the list's join takes them for one row and reads a lot's every record for a plate prefix
    await client.query('ANALYZE parking_lots, parking_record_counts');
    return { inserted: total - Number(present[0]!.n), seconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
};
