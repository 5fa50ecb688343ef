import { count, eq, sql } from 'drizzle-orm';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.js';
import type { Database } from './client.js';
import { migrate, migrationsDir } from './migrate.js';

const migrationFiles = readdirSync(migrationsDir)
  .filter((f) => f.endsWith('.sql'))
  .sort();
import { menus, parkingLots, payments, revenueDaily, tenants, users } from './schema/index.js';
import { seedDemoData } from './seed/seed.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('migrations and the first-run seed', () => {
  it('applies each migration once, even when two starters race', async () => {
    const [a, b] = await Promise.all([migrate(database), migrate(database)]);
    expect([...a.applied, ...b.applied]).toEqual(migrationFiles);
    const again = await migrate(database);
    expect(again.applied).toEqual([]);
    expect(again.alreadyApplied).toBe(migrationFiles.length);
  });

  it('seeds the demo tenants once, whatever the number of starters', async () => {
    const results = await Promise.all([seedDemoData(database.db), seedDemoData(database.db)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await seedDemoData(database.db)).toBe(false);
    const [tenantCount] = await database.db.select({ n: count() }).from(tenants);
    const [userCount] = await database.db.select({ n: count() }).from(users);
    const [menuCount] = await database.db.select({ n: count() }).from(menus);
    expect(Number(tenantCount!.n)).toBe(2);
    expect(Number(userCount!.n)).toBe(3);
    // 8 folders and 42 pages per tenant
    expect(Number(menuCount!.n)).toBe(2 * (8 + 42));
  });
});

describe('upgrading a database that already holds money', () => {
  it('counts the stays and payments written before the revenue aggregates existed into them', async () => {
    const before = createTestDatabase();
    const older = mkdtempSync(join(tmpdir(), 'migrations-'));
    const upgraded = await before;
    try {
      // the database as it was before 0036_revenue_daily: a tenant with a paid stay in each of two months
      for (const file of migrationFiles.filter((f) => f < '0036')) copyFileSync(join(migrationsDir, file), join(older, file));
      await migrate(upgraded, older);
      await seedDemoData(upgraded.db);
      const [demo] = await upgraded.db.select().from(tenants).where(eq(tenants.code, 'demo'));
      const [lot] = await upgraded.db.insert(parkingLots).values({ tenantId: demo!.id, name: '升级前停车场', type: 1, kind: 'lane' }).returning();
      for (const [n, exitedAt] of ['2026-01-31T15:30:00Z', '2026-02-01T02:00:00Z'].entries()) {
        // in SQL: the schema of today names columns that database does not have yet
        const stay = await upgraded.db.execute(sql`
          INSERT INTO parking_records (tenant_id, lot_id, plate_number, entered_at, exited_at, state, amount_due, paid)
          VALUES (${demo!.id}, ${lot!.id}, ${`京U0000${n}`}, ${new Date(Date.parse(exitedAt) - 3_600_000).toISOString()}, ${exitedAt}, 'paid', 500, 500) RETURNING id`);
        const stayId = (stay.rows[0] as { id: string }).id;
        await upgraded.db.insert(payments).values({ tenantId: demo!.id, recordId: stayId, channel: 'cash', amount: 500, idempotencyKey: `upgrade-${n}`, paidAt: new Date(exitedAt) });
      }

      await migrate(upgraded);
      const kept = await upgraded.db
        .select({ day: revenueDaily.day, channel: revenueDaily.channel, stays: revenueDaily.stays, receivable: revenueDaily.receivable, received: revenueDaily.received })
        .from(revenueDaily)
        .where(eq(revenueDaily.lotId, lot!.id))
        .orderBy(revenueDaily.day, revenueDaily.channel);
      // 15:30 UTC on 31 January is 23:30 in Shanghai, still January's last day
      expect(kept).toEqual([
        { day: '2026-01-31', channel: '', stays: 1, receivable: 500, received: 0 },
        { day: '2026-01-31', channel: 'cash', stays: 0, receivable: 0, received: 500 },
        { day: '2026-02-01', channel: '', stays: 1, receivable: 500, received: 0 },
        { day: '2026-02-01', channel: 'cash', stays: 0, receivable: 0, received: 500 },
      ]);
      const recomputed = await upgraded.db.execute(sql`SELECT count(*)::int AS n FROM revenue_daily_recompute(${demo!.id}::uuid, '2000-01-01', '2099-12-31') WHERE lot_id = ${lot!.id}`);
      expect(recomputed.rows).toEqual([{ n: 4 }]);
    } finally {
      await upgraded.close();
      rmSync(older, { recursive: true, force: true });
    }
  });

  it('counts the special bills paid before 0040 as received, on their payment day in their lot, and keeps the rows equal to a recomputation', async () => {
    const before = createTestDatabase();
    const older = mkdtempSync(join(tmpdir(), 'migrations-'));
    const upgraded = await before;
    try {
      for (const file of migrationFiles.filter((f) => f < '0040')) copyFileSync(join(migrationsDir, file), join(older, file));
      await migrate(upgraded, older);
      await seedDemoData(upgraded.db);
      const [demo] = await upgraded.db.select().from(tenants).where(eq(tenants.code, 'demo'));
      const [lot] = await upgraded.db.insert(parkingLots).values({ tenantId: demo!.id, name: '0040升级前停车场', type: 1, kind: 'lane' }).returning();
      // in SQL: the schema of today names columns that database does not have yet
      await upgraded.db.execute(sql`
        INSERT INTO special_bills (tenant_id, lot_id, item, amount, status, paid_amount, paid_at, created_by) VALUES
          (${demo!.id}, ${lot!.id}, '车辆损坏赔偿', 3000, 'paid', 3000, '2026-03-31T16:30:00Z', 'admin'),
          (${demo!.id}, ${lot!.id}, '过夜服务费', 800, 'unpaid', 0, NULL, 'admin')`);
      await upgraded.db.execute(sql`
        INSERT INTO parking_records (tenant_id, lot_id, plate_number, entered_at, exited_at, state, amount_due, discount, paid, unpaid)
        VALUES (${demo!.id}, ${lot!.id}, '京U40000', '2026-04-01T01:00:00Z', '2026-04-01T03:00:00Z', 'closed', 700, 700, 0, 0)`);
      const keptBefore = await upgraded.db.execute(sql`SELECT count(*)::int AS n FROM revenue_daily WHERE lot_id = ${lot!.id} AND received > 0`);
      expect(keptBefore.rows).toEqual([{ n: 0 }]);

      await migrate(upgraded);
      const kept = await upgraded.db
        .select({
          day: revenueDaily.day,
          channel: revenueDaily.channel,
          stays: revenueDaily.stays,
          discount: revenueDaily.discount,
          received: revenueDaily.received,
          receivedSpecial: revenueDaily.receivedSpecial,
          longRentalDiscount: revenueDaily.longRentalDiscount,
        })
        .from(revenueDaily)
        .where(eq(revenueDaily.lotId, lot!.id))
        .orderBy(revenueDaily.day, revenueDaily.channel);
      // 16:30 UTC on 31 March is 00:30 on 1 April in Shanghai; a stay's discount from before 0040 is of no known kind
      expect(kept).toEqual([
        { day: '2026-04-01', channel: '', stays: 1, discount: 700, received: 0, receivedSpecial: 0, longRentalDiscount: 0 },
        { day: '2026-04-01', channel: 'sandbox', stays: 0, discount: 0, received: 3000, receivedSpecial: 3000, longRentalDiscount: 0 },
      ]);
      const drift = await upgraded.db.execute(sql`
        (SELECT lot_id, day, channel, stays, receivable, discount, received, received_special FROM revenue_daily WHERE tenant_id = ${demo!.id}
         EXCEPT SELECT lot_id, day, channel, stays, receivable, discount, received, received_special FROM revenue_daily_recompute(${demo!.id}::uuid, '2000-01-01', '2099-12-31'))
        UNION ALL
        (SELECT lot_id, day, channel, stays, receivable, discount, received, received_special FROM revenue_daily_recompute(${demo!.id}::uuid, '2000-01-01', '2099-12-31')
         EXCEPT SELECT lot_id, day, channel, stays, receivable, discount, received, received_special FROM revenue_daily WHERE tenant_id = ${demo!.id})`);
      expect(drift.rows).toEqual([]);
    } finally {
      await upgraded.close();
      rmSync(older, { recursive: true, force: true });
    }
  });
});
