import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDemoDatabase } from '../test/test-app.js';
import type { Database, Db, ReadSide } from './client.js';
import { rowsOf } from './json-row.js';
import { withReplica } from './replica.js';

/**
 * The read side's routing on the PostgreSQL server of TEST_DATABASE_URL. The "replica" here is the
 * same database (not a standby, so never lagging): what tells the two sides apart is that replica
 * reads run READ ONLY. replica.replica.test.ts has a real hot standby.
 */
let database: Database;
let tenantId: string;
let replicaUrl: string;
const logLines: string[] = [];
const log = { warn: (_fields: object, message: string) => logLines.push(message), info: (_fields: object, message: string) => logLines.push(message) };

/** Which side ran the work: the replica's transactions are read-only, the primary's are not. */
const side = async (tx: Db) => {
  const [row] = rowsOf(await tx.execute(sql`SELECT current_setting('transaction_read_only') AS ro, current_setting('app.tenant_id') AS tenant, current_user AS role`));
  return { side: row!.ro === 'on' ? 'replica' : 'primary', tenant: row!.tenant, role: row!.role };
};

const closedPort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address() as { port: number };
      probe.close(() => resolve(address.port));
    });
  });

beforeAll(async () => {
  ({ database, tenantId } = await seededDemoDatabase());
  const [named] = rowsOf(await database.db.execute(sql`SELECT current_database() AS name`));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${String(named!.name)}`;
  replicaUrl = url.toString();
});
afterAll(() => database.close());

describe('reads with a replica', () => {
  let reads: ReadSide;
  beforeAll(() => {
    reads = withReplica({ ...database, close: async () => undefined }, { url: replicaUrl, stickyMs: 5_000, checkEveryMs: 1_000, log }).reads!;
  });
  afterAll(() => reads.close());

  it('runs a read on the replica, read-only, as the tenant role with the tenant set', async () => {
    expect(reads.kind).toBe('replica');
    expect(await reads.withTenant(tenantId, { userId: 'u1', at: 0 }, side)).toEqual({ side: 'replica', tenant: tenantId, role: 'parking_app' });
  });

  it('keeps a user who wrote on the primary for stickyMs of the clock handed in, and only that user', async () => {
    await reads.wrote('u1', 10_000);
    expect((await reads.withTenant(tenantId, { userId: 'u1', at: 14_999 }, side)).side).toBe('primary');
    expect((await reads.withTenant(tenantId, { userId: 'u2', at: 14_999 }, side)).side).toBe('replica');
    expect((await reads.withTenant(tenantId, { userId: 'u1', at: 15_000 }, side)).side).toBe('replica');
  });

  it('runs work that tries to write again on the primary, and logs it', async () => {
    const sides: string[] = [];
    const answer = await reads.withTenant(tenantId, { userId: 'u3', at: 20_000 }, async (tx) => {
      sides.push((await side(tx)).side);
      await tx.execute(sql`CREATE TEMP TABLE replica_probe (n int) ON COMMIT DROP`);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(sides).toEqual(['replica', 'primary']);
    expect(logLines.some((line) => line.includes('tried to write'))).toBe(true);
  });

  it('passes on what the work itself refused, without running it again', async () => {
    let runs = 0;
    const refusal = Object.assign(new Error('停车场不存在'), { statusCode: 404 });
    await expect(
      reads.withTenant(tenantId, { userId: 'u4', at: 21_000 }, async () => {
        runs += 1;
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(runs).toBe(1);
  });

  it('refuses a tenant id that is not a UUID before any connection, and keeps the replica up', async () => {
    await expect(reads.withTenant("x'; DROP TABLE users; --", { userId: 'u5', at: 22_000 }, side)).rejects.toThrow('not a tenant id');
    expect(reads.state!()).toBe('up');
  });

  it('tallies where each read above went and why: served by the replica, or the primary after a write or a write attempt', () => {
    expect(reads.routed!()).toEqual({ replica: 3, sticky: 1, down: 0, lagging: 0, unreachable: 0, retried: 1 });
  });
});

describe('reads with a replica that cannot be reached', () => {
  let reads: ReadSide;
  beforeAll(async () => {
    logLines.length = 0;
    reads = withReplica({ ...database, close: async () => undefined }, { url: `postgres://postgres@127.0.0.1:${await closedPort()}/none`, checkEveryMs: 1_000, log }).reads!;
  });
  afterAll(() => reads.close());

  it('answers from the primary and says so once in the log, however often it is asked', async () => {
    expect((await reads.withTenant(tenantId, { userId: 'u1', at: 0 }, side)).side).toBe('primary');
    expect((await reads.withTenant(tenantId, { userId: 'u1', at: 500 }, side)).side).toBe('primary');
    expect(logLines).toEqual(['read replica unreachable: reads go to the primary']);
    expect((await reads.withTenant(tenantId, { userId: 'u1', at: 5_000 }, side)).side).toBe('primary');
    expect(logLines).toEqual(['read replica unreachable: reads go to the primary']);
    // the first found it unreachable; the next went straight to the primary, the replica known down
    expect(reads.routed!()).toMatchObject({ replica: 0, unreachable: 1, down: 2 });
  });
});
