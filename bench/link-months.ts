// npm run bench -- link-months — what migration 0061 (the links to records and payments get their
// month) costs on a PostgreSQL server (TEST_DATABASE_URL or BENCH_DATABASE_URL) holding
// BENCH_LINK_ROWS parking records (default 1,000,000), one payment each and an approved refund for
// one payment in a hundred. The data is written once at level 0059, as rows written before the link
// months were; a copy of it (CREATE DATABASE … TEMPLATE) is taken for each 0061 timed, and 0060
// applied to it untimed: today's 0061, and that of
// BENCH_LINK_BEFORE (a git revision) when named, so both are timed in the same run on the same rows.
// The databases are dropped at the end.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openPostgres } from '../packages/server/src/db/client.js';
import { migrate, migrationsDir } from '../packages/server/src/db/migrate.js';
import { seedDemoData } from '../packages/server/src/db/seed/seed.js';
import { onServer, withDatabaseName } from '../packages/server/src/test/database-templates.js';

const backfill = '0061_record_month_backfill.sql';
const rows = Number(process.env.BENCH_LINK_ROWS ?? 1_000_000);
const chunk = 250_000;

/** Today's migrations up to and including `last` (a file name), with `replaced` files' text swapped in. */
const migrationsThrough = (last: string, replaced: Record<string, string> = {}) => {
  const folder = mkdtempSync(join(tmpdir(), 'bench-migrations-'));
  for (const file of readdirSync(migrationsDir).filter((f) => f.endsWith('.sql') && f <= last)) {
    if (replaced[file] === undefined) copyFileSync(join(migrationsDir, file), join(folder, file));
    else writeFileSync(join(folder, file), replaced[file]);
  }
  return folder;
};

const writeRows = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const {
      rows: [lot],
    } = await client.query<{ tenant_id: string; id: string }>(
      "INSERT INTO parking_lots (tenant_id, name, type, kind) SELECT id, '迁移压测停车场', 1, 'lane' FROM tenants WHERE code = 'demo' RETURNING tenant_id, id",
    );
    const started = performance.now();
    for (let from = 1; from <= rows; from += chunk) {
      const to = Math.min(rows, from + chunk - 1);
      // settled stays over the year before 2026-11-01, each paid in cash on its exit
      await client.query(
        `INSERT INTO parking_records (tenant_id, lot_id, plate_number, entered_at, exited_at, state, amount_due, discount, paid, unpaid, created_at, updated_at)
         SELECT $1, $2, '京L' || lpad(g::text, 7, '0'), e, e + interval '90 minutes', 'closed', 600, 0, 600, 0, e, e
         FROM generate_series($3::bigint, $4::bigint) g, LATERAL (SELECT timestamptz '2026-11-01T00:00:00Z' - (g % 525600) * interval '1 minute' AS e) t`,
        [lot!.tenant_id, lot!.id, from, to],
      );
      await client.query(
        `INSERT INTO payments (tenant_id, record_id, channel, amount, idempotency_key, paid_at)
         SELECT r.tenant_id, r.id, 'cash', 600, 'bench-' || r.id, r.exited_at FROM parking_records r
         WHERE r.tenant_id = $1 AND r.plate_number BETWEEN '京L' || lpad($2::text, 7, '0') AND '京L' || lpad($3::text, 7, '0')`,
        [lot!.tenant_id, from, to],
      );
      process.stdout.write(`  records and payments ${to.toLocaleString('en')} / ${rows.toLocaleString('en')} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
    }
    await client.query(
      `INSERT INTO refunds (tenant_id, payment_id, record_id, amount, reason, status, requested_by, decided_at)
       SELECT p.tenant_id, p.id, p.record_id, 100, '压测退款', 'approved', u.id, p.paid_at + interval '1 day'
       FROM payments p JOIN users u ON u.tenant_id = p.tenant_id AND u.account = 'admin'
       WHERE p.idempotency_key LIKE 'bench-%' AND hashtext(p.id::text) % 100 = 0`,
    );
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
};

export const runLinkMonthsBench = async () => {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('the link-months bench needs a PostgreSQL server: set TEST_DATABASE_URL or BENCH_DATABASE_URL');
  const before = process.env.BENCH_LINK_BEFORE;
  const source = 'bench_link_months';
  await onServer(serverUrl, `DROP DATABASE IF EXISTS ${source} WITH (FORCE)`);
  await onServer(serverUrl, `CREATE DATABASE ${source}`);
  const made = await openPostgres(withDatabaseName(serverUrl, source));
  try {
    await migrate(made, migrationsThrough('0059_record_month_keys.sql'));
    await seedDemoData(made.db);
  } finally {
    await made.close();
  }
  console.log(`writing ${rows.toLocaleString('en')} records and payments at 0059`);
  await writeRows(withDatabaseName(serverUrl, source));

  const versions: [label: string, text?: string][] = [['today', undefined]];
  if (before) versions.unshift([before, execFileSync('git', ['show', `${before}:packages/server/src/db/migrations/${backfill}`], { encoding: 'utf8' })]);
  const timed: string[] = [];
  for (const [label, text] of versions) {
    const copy = `${source}_copy`;
    await onServer(serverUrl, `DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`);
    await onServer(serverUrl, `CREATE DATABASE ${copy} TEMPLATE ${source}`);
    const database = await openPostgres(withDatabaseName(serverUrl, copy));
    try {
      await migrate(database, migrationsThrough('0060_record_month_columns.sql'));
      const folder = migrationsThrough(backfill, text === undefined ? {} : { [backfill]: text });
      const started = performance.now();
      await migrate(database, folder);
      const seconds = (performance.now() - started) / 1000;
      const [{ left }] = (await database.transaction((s) => s.query<{ left: number }>('SELECT count(*)::int AS left FROM payments WHERE record_created_at IS NULL'))) as [{ left: number }];
      timed.push(`0061 as at ${label}: ${seconds.toFixed(1)} s (${left} payments left without a month)`);
      console.log(timed.at(-1));
    } finally {
      await database.close();
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`);
    }
  }
  await onServer(serverUrl, `DROP DATABASE IF EXISTS ${source} WITH (FORCE)`);
  console.log(timed.join('\n'));
};
