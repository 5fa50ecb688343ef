import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { systemMessages, tenants, users } from './schema/index.js';
import { withTenant } from './tenant-scope.js';

// runs only in the server:postgres project: the pool path of withTenant
let t: TestApp;
let demoId: string;
let pool: pg.Pool;

beforeAll(async () => {
  t = await buildTestApp();
  const [demo] = await t.database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'demo'));
  demoId = demo!.id;
  pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
});
afterAll(() => t.close());

/** What the connections of the pool are sent while `run` runs, in order. */
const sentDuring = async (run: () => Promise<unknown>) => {
  const sent: string[] = [];
  const listen = (client: pg.PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const [first] = args;
      sent.push(typeof first === 'string' ? first : (first as { text: string }).text);
      return query(...args);
    };
  };
  pool.on('acquire', listen);
  try {
    await run();
  } finally {
    pool.off('acquire', listen);
  }
  return sent;
};

describe('a tenant transaction on PostgreSQL', () => {
  it('sends BEGIN with the role and the tenant in one round trip, then the work, then COMMIT', async () => {
    const sent = await sentDuring(() => withTenant(t.database.db, demoId, (tx) => tx.select({ account: users.account }).from(users)));
    expect(sent).toHaveLength(3);
    expect(sent[0]).toBe(`BEGIN; SELECT set_config('role', 'parking_app', true), set_config('app.tenant_id', '${demoId}', true)`);
    expect(sent[1]).toMatch(/^select "account" from "users"/);
    expect(sent[2]).toBe('COMMIT');
  });

  it('rolls back what failing work wrote, and hands the connection back outside the role and the tenant', async () => {
    const failing = withTenant(t.database.db, demoId, async (tx) => {
      await tx.insert(systemMessages).values({ tenantId: demoId, messageName: '回滚', messageText: '回滚', messageType: 1 });
      throw new Error('the work failed');
    });
    await expect(failing).rejects.toThrow('the work failed');
    expect(await t.database.db.select().from(systemMessages).where(eq(systemMessages.messageName, '回滚'))).toEqual([]);
    // every connection of the pool, not only the one that failed, is back to the app's own role
    const seen = await Promise.all(
      Array.from({ length: pool.options.max ?? 10 }, () =>
        t.database.db.execute(sql`select current_user as role, coalesce(current_setting('app.tenant_id', true), '') as tenant, pg_sleep(0.01)`),
      ),
    );
    for (const { rows } of seen) expect(rows[0]).toMatchObject({ tenant: '' });
    expect(seen.every(({ rows }) => (rows[0] as { role: string }).role !== 'parking_app')).toBe(true);
  });

  it('runs a nested transaction as a savepoint: its failure is undone, the outer work commits', async () => {
    await withTenant(t.database.db, demoId, async (tx) => {
      await tx.insert(systemMessages).values({ tenantId: demoId, messageName: '外层', messageText: '外层', messageType: 1 });
      await tx
        .transaction(async (inner) => {
          await inner.insert(systemMessages).values({ tenantId: demoId, messageName: '内层', messageText: '内层', messageType: 1 });
          throw new Error('inner failed');
        })
        .catch(() => undefined);
    });
    const names = (await t.database.db.select({ name: systemMessages.messageName }).from(systemMessages)).map((m) => m.name);
    expect(names).toContain('外层');
    expect(names).not.toContain('内层');
  });

  it('opens READ ONLY when asked, where a write is refused', async () => {
    const write = withTenant(t.database.db, demoId, (tx) => tx.insert(systemMessages).values({ tenantId: demoId, messageName: '只读', messageText: '只读', messageType: 1 }), {
      readOnly: true,
    });
    await expect(write).rejects.toMatchObject({ cause: { code: '25006' } });
  });

  it('refuses a tenant id that is not a UUID before anything is sent', async () => {
    const sent = await sentDuring(() => expect(withTenant(t.database.db, "x'); drop table users; --", async () => 1)).rejects.toThrow('not a tenant id'));
    expect(sent).toEqual([]);
  });
});
