import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkingLotPaths } from '@parking/contract';
import { app } from '../app.js';
import { fastifyOptions } from '../server-options.js';
import { fixedClock, signIn, testConfig } from '../test/test-app.js';
import { openPostgres, type Database } from './client.js';
import { rowsOf } from './json-row.js';
import { migrate } from './migrate.js';
import { withReplica } from './replica.js';
import { seedDemoData } from './seed/seed.js';

/**
 * A primary and its streaming replica of our own, made with Debian's PostgreSQL: initdb, then
 * pg_basebackup -R into a second directory started as a hot standby. Run by the server:replica
 * project (vitest.config.ts) where those binaries are.
 */
const bin = (name: string) => join('/usr/lib/postgresql/15/bin', name);
const run = promisify(execFile);
// PostgreSQL will not run as root: as root the clusters belong to the postgres user
const asOwner = (command: string, args: string[]) => (process.getuid?.() === 0 ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

const clock = fixedClock('2026-03-10T02:00:00Z');
const stickyMs = 5_000;
const base = mkdtempSync(join(tmpdir(), 'parking-replica-'));
const primaryDir = join(base, 'primary');
const replicaDir = join(base, 'replica');
const logLines: string[] = [];
let ports = { primary: 0, replica: 0 };
let database: Database | undefined;
let instance: FastifyInstance | undefined;
let admin: string;
let replicaStarted = false;
const replicaSafeUrls: string[] = [];
const log = { warn: (_fields: object, message: string) => logLines.push(message), info: (_fields: object, message: string) => logLines.push(message) };
const url = (port: number, name = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${name}`;

/** A superuser's one statement on a cluster, outside the app. */
const sqlOn = async <Row>(port: number, text: string, name = 'parking') => {
  const client = new pg.Client({ connectionString: url(port, name) });
  await client.connect();
  try {
    return (await client.query(text)).rows as Row[];
  } finally {
    await client.end();
  }
};

const start = (dir: string, port: number) => asOwner(bin('pg_ctl'), ['-D', dir, '-l', join(base, `${port}.log`), '-w', '-t', '30', '-o', `-p ${port} -k ${base}`, 'start']);
const stop = (dir: string) => asOwner(bin('pg_ctl'), ['-D', dir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);

const lotNames = async () => {
  const answer = await instance!.inject({ method: 'GET', url: `${parkingLotPaths.list}?pageSize=200`, headers: { authorization: admin } });
  expect(answer.statusCode).toBe(200);
  return (answer.json().data.list as { name: string }[]).map((lot) => lot.name);
};

/** Polls `ready` every 100 ms for at most `ms`: replication is asynchronous, but not slow. */
const within = async (ms: number, ready: () => Promise<boolean>) => {
  for (let waited = 0; waited < ms; waited += 100) {
    if (await ready()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return ready();
};

const caughtUp = async () => {
  const [primaryAt] = await sqlOn<{ lsn: string }>(ports.primary, 'SELECT pg_current_wal_lsn()::text AS lsn');
  return within(15_000, async () => {
    const [replica] = await sqlOn<{ behind: number }>(ports.replica, `SELECT pg_wal_lsn_diff('${primaryAt!.lsn}', pg_last_wal_replay_lsn())::float8 AS behind`);
    return Number(replica!.behind) <= 0;
  });
};

beforeAll(async () => {
  if (process.getuid?.() === 0) chownSync(base, Number((await run('id', ['-u', 'postgres'])).stdout.trim()), Number((await run('id', ['-g', 'postgres'])).stdout.trim()));
  ports = { primary: await freePort(), replica: await freePort() };
  // trust for local and replication connections (initdb's pg_hba lists both), no fsync: a throwaway cluster
  await asOwner(bin('initdb'), ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  await run('sh', ['-c', `printf "listen_addresses = '127.0.0.1'\\nfsync = off\\nwal_level = replica\\nhot_standby = on\\n" >> ${join(primaryDir, 'postgresql.conf')}`]);
  await start(primaryDir, ports.primary);
  await asOwner(bin('pg_basebackup'), ['-h', '127.0.0.1', '-p', String(ports.primary), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync']);
  await start(replicaDir, ports.replica);
  replicaStarted = true;
  await sqlOn(ports.primary, 'CREATE DATABASE parking', 'postgres');

  // the lag bound is far off: pausing replay below must not count as lagging
  database = withReplica(await openPostgres(url(ports.primary, 'parking')), { url: url(ports.replica, 'parking'), stickyMs, maxLagMs: 600_000, checkEveryMs: 1_000, log });
  await migrate(database);
  await seedDemoData(database.db);
  instance = Fastify(fastifyOptions(false));
  instance.addHook('onRoute', (route) => {
    if (route.config?.replicaSafe && route.method === 'GET') replicaSafeUrls.push(route.url);
  });
  await instance.register(app, { config: testConfig(), database, now: clock.now });
  await instance.ready();
  admin = await signIn(instance);
  expect(await caughtUp()).toBe(true);
}, 60_000);

afterAll(async () => {
  try {
    await instance?.close();
    await database?.close();
  } finally {
    await stop(replicaDir);
    await stop(primaryDir);
    rmSync(base, { recursive: true, force: true });
  }
}, 30_000);

describe('a streaming replica (DATABASE_REPLICA_URL)', () => {
  it('serves lists, while the writer reads its own write from the primary, and shows the write once replayed', async () => {
    expect(database!.reads?.kind).toBe('replica');
    expect(await lotNames()).not.toContain('副本测试停车场');
    // with replay paused the replica keeps its old rows: a list that shows the new lot came from the primary
    await sqlOn(ports.replica, 'SELECT pg_wal_replay_pause()');
    const created = await instance!.inject({ method: 'POST', url: parkingLotPaths.list, headers: { authorization: admin }, payload: { name: '副本测试停车场', type: 1, kind: 'lane' } });
    expect(created.json().code).toBe(200);
    expect(await lotNames()).toContain('副本测试停车场');

    // past the writer's window the list is the replica's, without the lot it has not replayed yet
    clock.advance(stickyMs);
    expect(await lotNames()).not.toContain('副本测试停车场');

    await sqlOn(ports.replica, 'SELECT pg_wal_replay_resume()');
    expect(await within(10_000, async () => (await lotNames()).includes('副本测试停车场'))).toBe(true);
  });

  it('answers every replica-safe route from the replica without it trying to write', async () => {
    clock.advance(stickyMs);
    const urls = replicaSafeUrls.filter((routeUrl) => !routeUrl.includes(':'));
    expect(urls.length).toBeGreaterThan(50);
    for (const routeUrl of urls) {
      const answer = await instance!.inject({ method: 'GET', url: routeUrl, headers: { authorization: admin } });
      // a required filter left out is a 400; what matters is that none failed on the replica
      expect(answer.statusCode, routeUrl).toBeLessThan(500);
    }
    expect(logLines.filter((line) => line.includes('tried to write'))).toEqual([]);
    expect(logLines).not.toContain('read replica unreachable: reads go to the primary');
  });

  it('sends reads to the primary while the replica lags past the bound, and says so', async () => {
    // a bound of 0 ms: any unreplayed write makes it lag
    const strict = withReplica({ ...database!, close: async () => undefined }, { url: url(ports.replica, 'parking'), maxLagMs: 0, checkEveryMs: 1_000, log }).reads!;
    const demo = await sqlOn<{ id: string }>(ports.primary, `SELECT id FROM tenants WHERE code = 'demo'`);
    const sideAt = (at: number) =>
      strict.withTenant(demo[0]!.id, { userId: 'lag-reader', at }, async (tx) =>
        rowsOf(await tx.execute(sql`SELECT current_setting('transaction_read_only') AS ro`))[0]!.ro === 'on' ? 'replica' : 'primary',
      );
    try {
      expect(await sideAt(0)).toBe('replica');
      await sqlOn(ports.replica, 'SELECT pg_wal_replay_pause()');
      await sqlOn(ports.primary, 'SELECT txid_current()');
      let at = 0;
      expect(
        await within(10_000, async () => {
          at += 1_000;
          return (await sideAt(at)) === 'primary';
        }),
      ).toBe(true);
      expect(logLines).toContain('read replica lags: reads go to the primary');
    } finally {
      await sqlOn(ports.replica, 'SELECT pg_wal_replay_resume()');
      await strict.close();
    }
  });

  it('answers lists from the primary once the replica is gone, with a line in the log', async () => {
    clock.advance(stickyMs);
    await stop(replicaDir);
    replicaStarted = false;
    expect(await lotNames()).toContain('副本测试停车场');
    expect(logLines).toContain('read replica unreachable: reads go to the primary');
    // and again, now without trying the replica until it is looked at again
    expect(await lotNames()).toContain('副本测试停车场');
  });

  it('goes back to the replica once it is up again', async () => {
    await start(replicaDir, ports.replica);
    replicaStarted = true;
    // a commit for it to replay: a standby that replayed none since it started is judged lagging
    await sqlOn(ports.primary, 'SELECT txid_current()');
    expect(await caughtUp()).toBe(true);
    await sqlOn(ports.replica, 'SELECT pg_wal_replay_pause()');
    await sqlOn(ports.primary, `UPDATE parking_lots SET name = '副本已改名停车场' WHERE name = '副本测试停车场'`);
    // the clock moves past the check interval: the check that sees it up runs in the background
    expect(
      await within(10_000, async () => {
        clock.advance(1_000);
        return (await lotNames()).includes('副本测试停车场');
      }),
    ).toBe(true);
    expect(logLines).toContain('read replica serves reads again');
    await sqlOn(ports.replica, 'SELECT pg_wal_replay_resume()');
    expect(replicaStarted).toBe(true);
  });
});
