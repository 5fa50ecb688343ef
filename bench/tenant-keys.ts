// npm run bench -- tenant-keys — what giving every primary key and link the tenant (migrations
// 0074–0077) costs on a PostgreSQL server (TEST_DATABASE_URL or BENCH_DATABASE_URL) holding
// BENCH_PAYMENT_ROWS parking records (default 1,000,000) with one payment each, written at level 0073
// (so they sit in the records' and payments' legacy partitions, as an upgraded install's history
// does). Each migration is applied alone and timed while a writer adds a payment and a record every
// few milliseconds, whose slowest write is printed; then no table with a tenant may be keyed without
// it, and a link to another tenant's lot must be refused. The database is dropped at the end.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { benchDatabase, migrationsThrough, writeRows } from './payment-months.js';
import { migrate } from '../packages/server/src/db/migrate.js';
import { hasSqlState } from '../packages/server/src/db/sql-error.js';
import { seedDemoData } from '../packages/server/src/db/seed/seed.js';

const rows = Number(process.env.BENCH_PAYMENT_ROWS ?? 1_000_000);
const timedMigrations = ['0074', '0075', '0076', '0077'];

/** Writes a stay and its payment again and again until stopped; the slowest write, in ms. */
const keepWriting = (url: string) => {
  let stopped = false;
  let slowest = 0;
  let written = 0;
  let refused = 0;
  const done = (async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const {
        rows: [lot],
      } = await client.query<{ tenant_id: string; id: string }>("SELECT tenant_id, id FROM parking_lots WHERE name = '分区压测停车场'");
      while (!stopped) {
        const started = performance.now();
        const wrote = await client
          .query(
            `WITH r AS (INSERT INTO parking_records (tenant_id, lot_id, plate_number, entered_at, state) VALUES ($1, $2, '京W' || lpad($3::text, 5, '0'), now(), 'open') RETURNING tenant_id, id)
           INSERT INTO payments (tenant_id, record_id, channel, amount, idempotency_key) SELECT tenant_id, id, 'cash', 100, 'bench-live-' || id FROM r`,
            [lot!.tenant_id, lot!.id, written % 100_000],
          )
          .then(
            () => true,
            (error: unknown) => {
              // a device's request that lost a deadlock to the migration is answered with an error and sent again
              if (!hasSqlState(error, '40P01')) throw error;
              return false;
            },
          );
        slowest = Math.max(slowest, performance.now() - started);
        if (wrote) written += 1;
        else refused += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } finally {
      await client.end();
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
      return { slowest, written, refused };
    },
  };
};

export const runTenantKeysBench = async () => {
  const { url, database, client, drop } = await benchDatabase('bench_tenant_keys', 'tenant-keys');
  try {
    await migrate(database, migrationsThrough('0073'));
    await seedDemoData(database.db);
    console.log(`writing ${rows.toLocaleString('en')} records and payments at 0073`);
    await writeRows(client);
    for (const level of timedMigrations) {
      const writer = keepWriting(url);
      const started = performance.now();
      let retries = 0;
      const { applied } = await migrate(database, migrationsThrough(level), { onRetry: () => void (retries += 1) });
      const seconds = (performance.now() - started) / 1000;
      const { slowest, written, refused } = await writer.stop();
      console.log(
        `  ${applied.join(', ')}: ${seconds.toFixed(2)} s; meanwhile ${written} stays paid, the slowest in ${slowest.toFixed(0)} ms, ${refused} lost a deadlock; the migration ran again ${retries} times`,
      );
    }
    const { rows: keyless } = await client.query<{ table: string }>(
      `SELECT c.conrelid::regclass::text AS table FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
        WHERE c.contype = 'p' AND NOT t.relispartition AND t.relnamespace = 'public'::regnamespace
          AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = t.oid AND a.attname = 'tenant_id')
          AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = t.oid AND a.attname = 'tenant_id' AND a.attnum = ANY (c.conkey))`,
    );
    console.log(`tables with a tenant keyed without it: ${keyless.length}`);
    if (keyless.length) throw new Error(`keyed without the tenant: ${keyless.map((row) => row.table).join(', ')}`);
    const crossed = await client
      .query(
        `WITH theirs AS (INSERT INTO parking_lots (tenant_id, name, type, kind) SELECT id, '别家停车场', 1, 'lane' FROM tenants WHERE code <> 'demo' LIMIT 1 RETURNING id)
         INSERT INTO parking_records (tenant_id, lot_id, plate_number, entered_at, state)
         SELECT t.id, theirs.id, '京W99999', now(), 'open' FROM tenants t, theirs WHERE t.code = 'demo'`,
      )
      .then(
        () => 'written',
        (error: unknown) => `refused (${(error as { code?: string }).code})`,
      );
    console.log(`a record of the demo tenant in another tenant's lot: ${crossed}`);
    if (crossed !== 'refused (23503)') throw new Error('a link crossed tenants');
  } finally {
    await drop();
  }
};
