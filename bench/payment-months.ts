// npm run bench -- payment-months — what moving payments to monthly partitions (migrations 0068–0072)
// costs on a PostgreSQL server (TEST_DATABASE_URL or BENCH_DATABASE_URL) holding BENCH_PAYMENT_ROWS
// parking records (default 1,000,000) with one payment each, written at level 0067. Each migration is
// applied alone and timed; then every payment must have its key, and a retry of an old payment's key,
// in a later month, must write nothing. The database is dropped at the end.
import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openPostgres } from '../packages/server/src/db/client.js';
import { migrate, migrationsDir } from '../packages/server/src/db/migrate.js';
import { seedDemoData } from '../packages/server/src/db/seed/seed.js';
import { onServer, withDatabaseName } from '../packages/server/src/test/database-templates.js';

const rows = Number(process.env.BENCH_PAYMENT_ROWS ?? 1_000_000);
const chunk = 250_000;
const timedMigrations = ['0068', '0069', '0070', '0071', '0072'];

/** Today's migrations up to and including the one whose name starts with `last`. */
export const migrationsThrough = (last: string) => {
  const folder = mkdtempSync(join(tmpdir(), 'bench-migrations-'));
  for (const file of readdirSync(migrationsDir).filter((f) => f.endsWith('.sql') && f.slice(0, 4) <= last)) copyFileSync(join(migrationsDir, file), join(folder, file));
  return folder;
};

/** `rows` settled stays of the demo tenant over the year before 2026-11-01, in a lot of their own, each paid in cash. */
export const writeRows = async (client: pg.Client) => {
  const {
    rows: [lot],
  } = await client.query<{ tenant_id: string; id: string }>(
    "INSERT INTO parking_lots (tenant_id, name, type, kind) SELECT id, '分区压测停车场', 1, 'lane' FROM tenants WHERE code = 'demo' RETURNING tenant_id, id",
  );
  const started = performance.now();
  for (let from = 1; from <= rows; from += chunk) {
    const to = Math.min(rows, from + chunk - 1);
    // settled stays over the year before 2026-11-01, each paid in cash on its exit, written then
    await client.query(
      `INSERT INTO parking_records (tenant_id, lot_id, plate_number, entered_at, exited_at, state, amount_due, discount, paid, unpaid, created_at, updated_at)
       SELECT $1, $2, '京M' || lpad(g::text, 7, '0'), e, e + interval '90 minutes', 'closed', 600, 0, 600, 0, e, e
       FROM generate_series($3::bigint, $4::bigint) g, LATERAL (SELECT timestamptz '2026-11-01T00:00:00Z' - (g % 525600) * interval '1 minute' AS e) t`,
      [lot!.tenant_id, lot!.id, from, to],
    );
    await client.query(
      `INSERT INTO payments (tenant_id, record_id, channel, amount, idempotency_key, paid_at, created_at)
       SELECT r.tenant_id, r.id, 'cash', 600, 'bench-' || r.id, r.exited_at, r.exited_at FROM parking_records r
       WHERE r.tenant_id = $1 AND r.plate_number BETWEEN '京M' || lpad($2::text, 7, '0') AND '京M' || lpad($3::text, 7, '0')`,
      [lot!.tenant_id, from, to],
    );
    process.stdout.write(`  records and payments ${to.toLocaleString('en')} / ${rows.toLocaleString('en')} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
  }
  await client.query('VACUUM ANALYZE');
};

/**
 * A database of its own on the bench's PostgreSQL server (BENCH_DATABASE_URL or TEST_DATABASE_URL),
 * made afresh: its URL, the app's handle on it, a plain client, and `drop` to close both and drop it.
 */
export const benchDatabase = async (name: string, bench: string) => {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error(`the ${bench} bench needs a PostgreSQL server: set TEST_DATABASE_URL or BENCH_DATABASE_URL`);
  await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = withDatabaseName(serverUrl, name);
  const database = await openPostgres(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const drop = async () => {
    await client.end();
    await database.close();
    await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  return { url, database, client, drop };
};

export const runPaymentMonthsBench = async () => {
  const { database, client, drop } = await benchDatabase('bench_payment_months', 'payment-months');
  try {
    await migrate(database, migrationsThrough('0067'));
    await seedDemoData(database.db);
    console.log(`writing ${rows.toLocaleString('en')} records and payments at 0067`);
    await writeRows(client);
    const { rows: size } = await client.query<{ size: string }>("SELECT pg_size_pretty(pg_total_relation_size('payments')) AS size");
    console.log(`payments with their indexes: ${size[0]!.size}`);
    for (const level of timedMigrations) {
      const started = performance.now();
      const { applied } = await migrate(database, migrationsThrough(level));
      console.log(`  ${applied.join(', ')}: ${((performance.now() - started) / 1000).toFixed(2)} s`);
    }
    const { rows: counted } = await client.query<{ payments: number; keys: number; legacy: number }>(
      `SELECT (SELECT count(*)::int FROM payments) AS payments, (SELECT count(*)::int FROM payment_idempotency_keys) AS keys,
              (SELECT count(*)::int FROM payments_legacy) AS legacy`,
    );
    console.log(`payments ${counted[0]!.payments}, of them in payments_legacy ${counted[0]!.legacy}; keys ${counted[0]!.keys}`);
    if (counted[0]!.keys !== counted[0]!.payments) throw new Error('a payment has no key');
    const retried = await client.query(
      `INSERT INTO payments (tenant_id, record_id, channel, amount, idempotency_key, paid_at, created_at)
       SELECT tenant_id, record_id, channel, amount, idempotency_key, now(), now() FROM payments_legacy LIMIT 1000 RETURNING id`,
    );
    console.log(`1,000 old keys retried now: ${retried.rowCount} written`);
    if (retried.rowCount !== 0) throw new Error('a retried key wrote a payment');
  } finally {
    await drop();
  }
};
