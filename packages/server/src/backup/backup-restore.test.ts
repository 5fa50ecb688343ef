import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app } from '../app.js';
import { openPglite, openPostgres, type Database } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { seedDemoData } from '../db/seed/seed.js';
import { postDeviceCall } from '../modules/devices/index.js';
import { fastifyOptions } from '../server-options.js';
import { heartbeatAll, runTraffic, type DeviceSender } from '../simulator/run-traffic.js';
import { consoleApi, setUpSimulation, signIn } from '../simulator/simulation-setup.js';
import { planTraffic } from '../simulator/traffic-plan.js';
import { fixedClock, testConfig } from '../test/test-app.js';
import { backupSourceOf } from './backup-service.js';
import { restoreBackup, RestoreRefused } from './restore.js';
import { takeBackup, type SnapshotQuery } from './take-backup.js';

/**
 * The round trip: a seeded database under simulated traffic is backed up, restored elsewhere, and
 * every table's row count and the money totals of the restored copy equal what the backup's own
 * snapshot saw while the traffic went on. On PGlite, or on the PostgreSQL of TEST_DATABASE_URL.
 */
const serverUrl = process.env.TEST_DATABASE_URL || undefined;
const clock = fixedClock('2026-03-10T02:00:00Z');
const scratchNames: string[] = [];

const urlOf = (name: string) => {
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A PostgreSQL database of this file's own, dropped after. */
const scratchDatabase = async () => {
  const name = `parking_backup_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  scratchNames.push(name);
  return urlOf(name);
};

/** Every table's row count and the money in records, payments and refunds, as one query sees them. */
const figures = async (query: SnapshotQuery) => {
  const tables = await query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`);
  const rows: Record<string, number> = {};
  for (const { name } of tables) rows[name] = Number((await query<{ n: string | number }>(`SELECT count(*) AS n FROM "${name}"`))[0]!.n);
  const [money] = await query<Record<string, string | number | null>>(
    `SELECT (SELECT sum(amount_due) FROM parking_records) AS due, (SELECT sum(discount) FROM parking_records) AS discount,
            (SELECT sum(paid) FROM parking_records) AS paid, (SELECT sum(unpaid) FROM parking_records) AS unpaid,
            (SELECT sum(amount) FROM payments) AS payments, (SELECT sum(amount) FROM refunds) AS refunds`,
  );
  return { rows, money: Object.fromEntries(Object.entries(money!).map(([k, v]) => [k, Number(v ?? 0)])) };
};

let source: Database;
let sourceUrl: string | undefined;
let server: FastifyInstance;
let dataDir: string;
let baseUrl: string;

beforeAll(async () => {
  sourceUrl = serverUrl ? await scratchDatabase() : undefined;
  source = sourceUrl ? await openPostgres(sourceUrl) : await openPglite(undefined);
  await migrate(source);
  await seedDemoData(source.db);
  dataDir = mkdtempSync(join(tmpdir(), 'parking-backup-src-'));
  // a photo and an attachment as the modules keep them, and the folders a backup leaves out
  mkdirSync(join(dataDir, 'photos', '2026-03-10'), { recursive: true });
  writeFileSync(join(dataDir, 'photos', '2026-03-10', 'entry.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
  mkdirSync(join(dataDir, 'invoices'), { recursive: true });
  writeFileSync(join(dataDir, 'invoices', '发票.pdf'), '%PDF-1.4');
  mkdirSync(join(dataDir, 'backups'), { recursive: true });
  writeFileSync(join(dataDir, 'backups', 'older.tar.gz'), 'not again');
  server = Fastify(fastifyOptions(false));
  await server.register(app, { config: testConfig({ dataDir }), database: source, now: clock.now });
  await server.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await server.close();
  await source.close();
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of scratchNames) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});

const openRestored = async (dir: string, url: string | undefined) => {
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return { query: (async <Row>(text: string) => (await client.query(text)).rows as Row[]) as SnapshotQuery, close: () => client.end() };
  }
  const client = await PGlite.create(join(dir, 'pglite'));
  return { query: (async <Row>(text: string) => (await client.query<Row>(text)).rows) as SnapshotQuery, close: () => client.close() };
};

describe(`backup and restore on ${serverUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  let backupFile: string;

  it('backs up while simulated traffic runs, and the restored copy holds exactly what the snapshot saw', async () => {
    const api = consoleApi(baseUrl, await signIn(baseUrl, 'demo', 'admin', 'admin123'));
    const { simLots, devices } = await setUpSimulation(api, 'demo', 2, 1);
    const send: DeviceSender = (path, device, fields) => postDeviceCall(baseUrl, path, device, { timestamp: clock.now().getTime(), ...fields });
    await heartbeatAll(send, devices);
    const plan = planTraffic({ lots: simLots, ratePerMinute: 0.3, minutes: 3 * 60, start: new Date(clock.now().getTime() - 5 * 3_600_000), seed: 26, resendRate: 0.05, doubleEntryRate: 0 });
    expect(plan.length).toBeGreaterThan(60);

    // every third car that owes money pays cash at the exit, so payments grow under load too
    let exits = 0;
    let sentNow = 0;
    let backupStarted: () => void = () => undefined;
    const halfway = new Promise<void>((resolve) => (backupStarted = resolve));
    const traffic = runTraffic(send, devices, plan, {
      concurrency: 2,
      afterEvent: async (event, result) => {
        sentNow += 1;
        if (sentNow === Math.floor(plan.length / 3)) backupStarted();
        if (!result?.recordId || result.amountToPay <= 0 || event.resend) return;
        exits += 1;
        if (exits % 3 === 0)
          await api.post('/api/system/Payment', { recordId: result.recordId, channel: 'cash', amount: result.amountToPay, idempotencyKey: `backup-${event.deviceEventId}` });
      },
    });
    await halfway;
    const sentAtStart = sentNow;
    const target = join(mkdtempSync(join(tmpdir(), 'parking-backup-out-')), 'backup.tar.gz');
    const taken = await takeBackup(backupSourceOf(source, sourceUrl), { dataDir, target, now: clock.now(), inSnapshot: figures });
    const sentAtEnd = sentNow;
    const summary = await traffic;
    expect(summary.refused).toEqual([]);
    backupFile = taken.path;

    const snapshot = taken.seen;
    const after = await source.transaction((session) => figures(session.query.bind(session)));
    // the traffic ran before, during (on PostgreSQL; PGlite's requests wait for the dump) and after the snapshot
    expect(snapshot.rows.parking_records).toBeGreaterThan(0);
    expect(after.rows.parking_records).toBeGreaterThan(snapshot.rows.parking_records!);
    expect(after.money.payments).toBeGreaterThan(0);
    expect(sentAtEnd).toBeGreaterThanOrEqual(sentAtStart);

    const restoredDir = mkdtempSync(join(tmpdir(), 'parking-backup-dst-'));
    const restoredUrl = serverUrl ? await scratchDatabase() : undefined;
    const manifest = await restoreBackup(backupFile, { dataDir: restoredDir, databaseUrl: restoredUrl }, { force: false });
    expect(manifest).toMatchObject({ product: 'smart-parking', kind: serverUrl ? 'postgres' : 'pglite', files: { count: 2 } });
    expect(manifest.migration.count).toBeGreaterThan(40);

    const restored = await openRestored(restoredDir, restoredUrl);
    try {
      const copy = await figures(restored.query);
      expect(copy.rows).toEqual(snapshot.rows);
      expect(copy.money).toEqual(snapshot.money);
      for (const r of await restored.query<{ due: number; discount: number; paid: number; unpaid: number }>('SELECT amount_due AS due, discount, paid, unpaid FROM parking_records')) {
        expect(r.due - r.discount).toBe(r.paid + r.unpaid);
      }
    } finally {
      await restored.close();
    }
    // the files came back; the backups folder and the embedded database's own folder were not copied as files
    expect(readFileSync(join(restoredDir, 'invoices', '发票.pdf'), 'utf8')).toBe('%PDF-1.4');
    expect(readFileSync(join(restoredDir, 'photos', '2026-03-10', 'entry.jpg'))).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    expect(existsSync(join(restoredDir, 'backups'))).toBe(false);
    expect(readdirSync(restoredDir).filter((name) => name.startsWith('.'))).toEqual([]);

    // the restored database starts as the app would start it: nothing left to migrate
    if (restoredUrl) {
      const reopened = await openPostgres(restoredUrl);
      try {
        expect((await migrate(reopened)).applied).toEqual([]);
        // the tenant role still reads its rows under row-level security
        const client = new pg.Client({ connectionString: restoredUrl });
        await client.connect();
        const [demo] = (await client.query<{ id: string }>(`SELECT id FROM tenants WHERE code = 'demo'`)).rows;
        await client.query('BEGIN');
        await client.query('SET LOCAL ROLE parking_app');
        await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [demo!.id]);
        const [seen] = (await client.query<{ n: string }>('SELECT count(*) AS n FROM parking_records')).rows;
        await client.query('COMMIT');
        await client.end();
        expect(Number(seen!.n)).toBe(snapshot.rows.parking_records);
      } finally {
        await reopened.close();
      }
    } else {
      const reopened = await openPglite(restoredDir);
      try {
        expect((await migrate(reopened)).applied).toEqual([]);
      } finally {
        await reopened.close();
      }
    }
    // about 10 s alone; room for a machine running every test file at once
  }, 90_000);

  it('refuses to restore over a data directory or database that holds data unless --force, and changes nothing when it refuses', async () => {
    const restoredDir = mkdtempSync(join(tmpdir(), 'parking-backup-dst-'));
    writeFileSync(join(restoredDir, 'keep.txt'), 'mine');
    const restoredUrl = serverUrl ? await scratchDatabase() : undefined;
    const refused = await restoreBackup(backupFile, { dataDir: restoredDir, databaseUrl: restoredUrl }, { force: false }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RestoreRefused);
    expect((refused as Error).message).toContain('--force');
    expect(readdirSync(restoredDir)).toEqual(['keep.txt']);

    await restoreBackup(backupFile, { dataDir: restoredDir, databaseUrl: restoredUrl }, { force: true });
    expect(existsSync(join(restoredDir, 'keep.txt'))).toBe(false);
    expect(existsSync(join(restoredDir, 'invoices', '发票.pdf'))).toBe(true);
    // now the database holds tables: a second restore is refused too, and forced it replaces them
    if (restoredUrl) {
      const emptyDir = mkdtempSync(join(tmpdir(), 'parking-backup-dst-'));
      // a server still connected to the database is refused, forced or not, and nothing changes
      const server = await openPostgres(restoredUrl);
      const underServer = await restoreBackup(backupFile, { dataDir: emptyDir, databaseUrl: restoredUrl }, { force: true }).catch((error: unknown) => error);
      await server.close();
      expect(underServer).toBeInstanceOf(RestoreRefused);
      expect((underServer as Error).message).toMatch(/目标数据库仍有 \d+ 个服务器连接/);
      expect(readdirSync(emptyDir)).toEqual([]);
      const again = await restoreBackup(backupFile, { dataDir: emptyDir, databaseUrl: restoredUrl }, { force: false }).catch((error: unknown) => error);
      expect((again as Error).message).toContain('目标数据库已有数据表');
      await restoreBackup(backupFile, { dataDir: emptyDir, databaseUrl: restoredUrl }, { force: true });
      const restored = await openRestored(emptyDir, restoredUrl);
      const [row] = await restored.query<{ n: string }>('SELECT count(*) AS n FROM schema_migrations');
      await restored.close();
      expect(Number(row!.n)).toBeGreaterThan(40);
    }
  }, 60_000);

  it('refuses a backup of the other kind of database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parking-backup-dst-'));
    const otherUrl = serverUrl ? undefined : 'postgres://nobody@127.0.0.1:1/none';
    const refused = await restoreBackup(backupFile, { dataDir: dir, databaseUrl: otherUrl }, { force: false }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RestoreRefused);
    expect(readdirSync(dir)).toEqual([]);
  });
});
