import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { seedTestMessagesInEveryTenant } from '../test/test-messages.js';
import { systemMessages, tenants, users } from './schema/index.js';
import { withTenant } from './tenant-scope.js';

let t: TestApp;
let demoId: string;
let mwId: string;

beforeAll(async () => {
  t = await buildTestApp();
  // mw's messages are what another tenant must not delete
  await seedTestMessagesInEveryTenant(t.database.db);
  const rows = await t.database.db.select({ id: tenants.id, code: tenants.code }).from(tenants);
  demoId = rows.find((r) => r.code === 'demo')!.id;
  mwId = rows.find((r) => r.code === 'mw')!.id;
});
afterAll(() => t.close());

describe('row-level security, the second wall between tenants', () => {
  it('shows a query with no tenant condition only the rows of its tenant', async () => {
    const all = await t.database.db.select({ account: users.account }).from(users);
    expect(all.map((u) => u.account).sort()).toEqual(['admin', 'mwadmin', 'mwfinance']);
    const demo = await withTenant(t.database.db, demoId, (tx) => tx.select({ account: users.account }).from(users));
    expect(demo.map((u) => u.account)).toEqual(['admin']);
    const mw = await withTenant(t.database.db, mwId, (tx) => tx.select({ account: users.account }).from(users));
    expect(mw.map((u) => u.account).sort()).toEqual(['mwadmin', 'mwfinance']);
  });

  it("refuses to write a row into another tenant, and to change or delete another tenant's rows", async () => {
    await expect(withTenant(t.database.db, demoId, (tx) => tx.insert(systemMessages).values({ tenantId: mwId, messageName: 'x', messageText: 'x', messageType: 1 }))).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/row-level security/) },
    });

    const changed = await withTenant(t.database.db, demoId, (tx) => tx.update(users).set({ realName: 'hacked' }).where(eq(users.account, 'mwadmin')).returning({ id: users.id }));
    expect(changed).toEqual([]);
    const deleted = await withTenant(t.database.db, demoId, (tx) => tx.delete(systemMessages).where(eq(systemMessages.tenantId, mwId)).returning({ id: systemMessages.id }));
    expect(deleted).toEqual([]);
    const [mwAdmin] = await t.database.db.select().from(users).where(eq(users.account, 'mwadmin'));
    expect(mwAdmin!.realName).toBe('明湾管理员');
  });

  it('runs the work as the tenant role, with the tenant set, and only until the transaction ends', async () => {
    const seen = { role: sql<string>`current_user`, tenant: sql<string>`current_setting('app.tenant_id', true)` };
    const inside = await withTenant(t.database.db, demoId, (tx) => tx.select(seen).from(users).limit(1));
    expect(inside).toEqual([{ role: 'parking_app', tenant: demoId }]);
    const after = await t.database.db.select(seen).from(users).limit(1);
    expect(after[0]?.role).not.toBe('parking_app');
    expect(after[0]?.tenant ?? '').toBe('');
  });

  it('shows nothing when no tenant is set', async () => {
    const rows = await t.database.db.transaction(async (tx) => {
      await tx.execute('SET LOCAL ROLE parking_app');
      return tx.select().from(users);
    });
    expect(rows).toEqual([]);
  });

  it('covers every table that has a tenant_id column, a partitioned table and each of its partitions', async () => {
    const uncovered = await t.database.transaction((s) =>
      s.query<{ table_name: string }>(`
        SELECT c.table_name
        FROM information_schema.columns c
        JOIN pg_class k ON k.relname = c.table_name AND k.relkind IN ('r', 'p')
        JOIN pg_namespace n ON n.oid = k.relnamespace AND n.nspname = c.table_schema
        WHERE c.table_schema = 'public' AND c.column_name = 'tenant_id'
          AND (NOT k.relrowsecurity OR NOT EXISTS (
            SELECT 1 FROM pg_policies p WHERE p.tablename = c.table_name AND p.policyname = 'tenant_isolation'))`),
    );
    expect(uncovered).toEqual([]);
  });
});
