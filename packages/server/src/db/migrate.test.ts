import { count, eq, ne, sql } from 'drizzle-orm';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestDatabase } from '../test/test-app.js';
import type { Database } from './client.js';
import { migrate, migrationsDir } from './migrate.js';

const migrationFiles = readdirSync(migrationsDir)
  .filter((f) => f.endsWith('.sql'))
  .sort();
import { menus, parkingLots, revenueDaily, tenants, users } from './schema/index.js';
import { seedDemoData } from './seed/seed.js';
import { hasSqlState } from './sql-error.js';
import { earlierMigrations } from '../test/earlier-migrations.js';

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
    // 8 folders and 43 pages per tenant
    expect(Number(menuCount!.n)).toBe(2 * (8 + 43));
  });
});

/**
 * A seeded database at the migrations before `first` (as a release before that one left it), given
 * to `work`, which upgrades it; closed and its folder of migrations removed afterwards.
 */
const seededBefore = async (first: string, work: (upgraded: Database) => Promise<void>) => {
  const before = createTestDatabase();
  const older = earlierMigrations(first);
  const upgraded = await before;
  try {
    await migrate(upgraded, older);
    await seedDemoData(upgraded.db);
    await work(upgraded);
  } finally {
    await upgraded.close();
    rmSync(older, { recursive: true, force: true });
  }
};

describe('upgrading a database that already holds money', () => {
  it('counts the stays and payments written before the revenue aggregates existed into them', async () => {
    await seededBefore('0036', async (upgraded) => {
      // before 0036_revenue_daily: a tenant with a paid stay in each of two months
      const [demo] = await upgraded.db.select().from(tenants).where(eq(tenants.code, 'demo'));
      const [lot] = await upgraded.db.insert(parkingLots).values({ tenantId: demo!.id, name: '升级前停车场', type: 1, kind: 'lane' }).returning();
      for (const [n, exitedAt] of ['2026-01-31T15:30:00Z', '2026-02-01T02:00:00Z'].entries()) {
        // in SQL: the schema of today names columns that database does not have yet
        const stay = await upgraded.db.execute(sql`
          INSERT INTO parking_records (tenant_id, lot_id, plate_number, entered_at, exited_at, state, amount_due, paid)
          VALUES (${demo!.id}, ${lot!.id}, ${`京U0000${n}`}, ${new Date(Date.parse(exitedAt) - 3_600_000).toISOString()}, ${exitedAt}, 'paid', 500, 500) RETURNING id`);
        const stayId = (stay.rows[0] as { id: string }).id;
        await upgraded.db.execute(sql`
          INSERT INTO payments (tenant_id, record_id, channel, amount, idempotency_key, paid_at)
          VALUES (${demo!.id}, ${stayId}, 'cash', 500, ${`upgrade-${n}`}, ${exitedAt})`);
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
    });
  });

  it('counts the special bills paid before 0040 as received, on their payment day in their lot, and keeps the rows equal to a recomputation', async () => {
    await seededBefore('0040', async (upgraded) => {
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
    });
  });

  it('gives a discounted stay back the duplicate payments 退还重复支付 took off its discount before 0043', async () => {
    await seededBefore('0043', async (upgraded) => {
      const [demo] = await upgraded.db.select().from(tenants).where(eq(tenants.code, 'demo'));
      const [admin] = await upgraded.db.select().from(users).where(eq(users.tenantId, demo!.id));
      const [lot] = await upgraded.db.insert(parkingLots).values({ tenantId: demo!.id, name: '0043升级前停车场', type: 1, kind: 'lane' }).returning();
      // in SQL: the schema of today names columns that database does not have yet. 11.00 due, 3.00 off,
      // 8.00 paid in cash and again at the provider, whose trade went back as a duplicate; and a stay
      // with a concession refund of 2.00, which stays taken off its discount
      const stays = await upgraded.db.execute(sql`
        INSERT INTO parking_records (tenant_id, lot_id, plate_number, entered_at, exited_at, state, amount_due, discount, paid, unpaid) VALUES
          (${demo!.id}, ${lot!.id}, '京U43000', '2026-05-01T01:00:00Z', '2026-05-01T03:00:00Z', 'paid', 1100, 300, 800, 0),
          (${demo!.id}, ${lot!.id}, '京U43001', '2026-05-01T01:00:00Z', '2026-05-01T04:00:00Z', 'paid', 1000, 200, 800, 0)
        RETURNING id, plate_number`);
      const idOf = Object.fromEntries((stays.rows as { id: string; plate_number: string }[]).map((r) => [r.plate_number, r.id]));
      const paid = await upgraded.db.execute(sql`
        INSERT INTO payments (tenant_id, record_id, channel, amount, idempotency_key, paid_at) VALUES
          (${demo!.id}, ${idOf['京U43000']}, 'cash', 800, 'u43-cash', '2026-05-01T03:00:00Z'),
          (${demo!.id}, ${idOf['京U43000']}, 'sandbox', 800, 'u43-trade', '2026-05-01T03:00:00Z'),
          (${demo!.id}, ${idOf['京U43001']}, 'cash', 1000, 'u43-goodwill', '2026-05-01T04:00:00Z')
        RETURNING id, idempotency_key`);
      const paymentOf = Object.fromEntries((paid.rows as { id: string; idempotency_key: string }[]).map((r) => [r.idempotency_key, r.id]));
      await upgraded.db.execute(sql`
        INSERT INTO refunds (tenant_id, payment_id, record_id, amount, reason, status, requested_by, decided_by, decided_at) VALUES
          (${demo!.id}, ${paymentOf['u43-trade']}, ${idOf['京U43000']}, 800, '对账：重复支付原路退还', 'approved', ${admin!.id}, ${admin!.id}, '2026-05-02T02:00:00Z'),
          (${demo!.id}, ${paymentOf['u43-goodwill']}, ${idOf['京U43001']}, 200, '车主投诉重复计时', 'approved', ${admin!.id}, ${admin!.id}, '2026-05-02T02:00:00Z')`);
      const discountOfDay = async () => (await upgraded.db.execute(sql`SELECT sum(discount)::int AS discount FROM revenue_daily WHERE lot_id = ${lot!.id} AND day = '2026-05-01'`)).rows;
      // 3.00 less the duplicate's 8.00, and 2.00 less the concession's 2.00
      expect(await discountOfDay()).toEqual([{ discount: -500 }]);

      await migrate(upgraded);
      expect(await discountOfDay()).toEqual([{ discount: 300 }]);
      const kinds = await upgraded.db.execute(sql`SELECT reason, kind FROM refunds WHERE record_id IN (${idOf['京U43000']}, ${idOf['京U43001']}) ORDER BY amount`);
      expect(kinds.rows).toEqual([
        { reason: '车主投诉重复计时', kind: 'concession' },
        { reason: '对账：重复支付原路退还', kind: 'duplicate' },
      ]);
      const drift = await upgraded.db.execute(sql`
        (SELECT lot_id, day, channel, stays, discount, received, refunded FROM revenue_daily WHERE tenant_id = ${demo!.id}
         EXCEPT SELECT lot_id, day, channel, stays, discount, received, refunded FROM revenue_daily_recompute(${demo!.id}::uuid, '2000-01-01', '2099-12-31'))
        UNION ALL
        (SELECT lot_id, day, channel, stays, discount, received, refunded FROM revenue_daily_recompute(${demo!.id}::uuid, '2000-01-01', '2099-12-31')
         EXCEPT SELECT lot_id, day, channel, stays, discount, received, refunded FROM revenue_daily WHERE tenant_id = ${demo!.id})`);
      expect(drift.rows).toEqual([]);
    });
  });
});

describe('moving payments to monthly partitions (0068–0072)', () => {
  it("keeps each payment's idempotency key taken throughout, for a process of the release before as much as for today's", async () => {
    const withKeys = earlierMigrations('0069');
    onTestFinished(() => rmSync(withKeys, { recursive: true, force: true }));
    await seededBefore('0068', async (upgraded) => {
      const [demo] = await upgraded.db.select().from(tenants).where(eq(tenants.code, 'demo'));
      const [lot] = await upgraded.db.insert(parkingLots).values({ tenantId: demo!.id, name: '0068升级前停车场', type: 1, kind: 'lane' }).returning();
      const stay = await upgraded.db.execute(sql`
        INSERT INTO parking_records (tenant_id, lot_id, plate_number, entered_at, exited_at, state, amount_due, paid)
        VALUES (${demo!.id}, ${lot!.id}, '京U68000', '2026-05-01T01:00:00Z', '2026-05-01T03:00:00Z', 'paid', 800, 800) RETURNING id`);
      const recordId = (stay.rows as { id: string }[])[0]!.id;
      // how the release before writes a payment: ON CONFLICT on the table's index of keys
      const payAsBefore = async (key: string) =>
        (
          await upgraded.db.execute(sql`
            INSERT INTO payments (tenant_id, record_id, channel, amount, idempotency_key, paid_at)
            VALUES (${demo!.id}, ${recordId}, 'cash', 800, ${key}, '2026-05-01T03:00:00Z')
            ON CONFLICT (tenant_id, idempotency_key) DO NOTHING RETURNING id`)
        ).rows as { id: string }[];
      const [first] = await payAsBefore('u68-first');

      // 0068 alone: the trigger claims the keys of new payments; the earlier payment's is not copied yet
      await migrate(upgraded, withKeys);
      expect(await payAsBefore('u68-first')).toEqual([]);
      const [second] = await payAsBefore('u68-second');
      expect(second).toBeDefined();
      expect(await payAsBefore('u68-second')).toEqual([]);

      await migrate(upgraded);
      // today's writer inserts plainly: a taken key skips the row, whatever month the retry comes in
      const payNow = async (key: string, createdAt: string) =>
        (
          await upgraded.db.execute(sql`
            INSERT INTO payments (tenant_id, record_id, channel, amount, idempotency_key, paid_at, created_at)
            VALUES (${demo!.id}, ${recordId}, 'cash', 800, ${key}, ${createdAt}, ${createdAt}) RETURNING id`)
        ).rows;
      expect(await payNow('u68-first', '2031-03-01T00:00:00Z')).toEqual([]);
      expect(await payNow('u68-second', '2031-04-01T00:00:00Z')).toEqual([]);
      const keys = await upgraded.db.execute(
        sql`SELECT idempotency_key AS key, payment_id::text AS payment FROM payment_idempotency_keys WHERE tenant_id = ${demo!.id} AND idempotency_key LIKE 'u68-%' ORDER BY 1`,
      );
      expect(keys.rows).toEqual([
        { key: 'u68-first', payment: first!.id },
        { key: 'u68-second', payment: second!.id },
      ]);
      const held = await upgraded.db.execute(sql`SELECT tableoid::regclass::text AS part FROM payments WHERE idempotency_key LIKE 'u68-%'`);
      expect(held.rows).toEqual([{ part: 'payments_legacy' }, { part: 'payments_legacy' }]);
    });
  });
});

describe('the tenant in every key and link (0074–0077)', () => {
  it('gives a month another process made between 0075 and 0076 the links with the tenant too', async () => {
    await seededBefore('0076', async (upgraded) => {
      // the month job of a process still at 0075 adds a month after the links were added on each
      // partition: five years past the records' first month, whatever the clock says
      const [month] = (
        await upgraded.db.execute(sql`
          SELECT m.start, 'parking_records_' || to_char((m.start AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY_MM') AS name
            FROM (SELECT parking_month_start(months_from, 60) AS start FROM month_partitions WHERE table_name = 'parking_records') m`)
      ).rows as { start: string; name: string }[];
      await upgraded.db.execute(sql`SELECT parking_add_month_partition('parking_records', ${month!.start}::timestamptz)`);
      await migrate(upgraded);

      const links = await upgraded.db.execute(sql`
        SELECT pg_get_constraintdef(oid) AS definition, convalidated AS valid FROM pg_constraint
         WHERE conrelid = ${month!.name}::regclass AND confrelid = 'parking_lots'::regclass`);
      expect(links.rows).toEqual([{ definition: 'FOREIGN KEY (lot_id, tenant_id) REFERENCES parking_lots(id, tenant_id)', valid: true }]);
      const [demo] = await upgraded.db.select().from(tenants).where(eq(tenants.code, 'demo'));
      const [theirs] = await upgraded.db.select().from(tenants).where(ne(tenants.code, 'demo'));
      const [lot] = await upgraded.db.insert(parkingLots).values({ tenantId: theirs!.id, name: '别家停车场', type: 1, kind: 'lane' }).returning();
      const written = upgraded.db.execute(sql`
        INSERT INTO parking_records (tenant_id, lot_id, plate_number, entered_at, created_at, updated_at)
        SELECT ${demo!.id}, ${lot!.id}, '京U76000', t, t, t FROM (SELECT ${month!.start}::timestamptz + interval '1 hour' AS t) m`);
      await expect(written).rejects.toThrow();
      expect(hasSqlState(await written.catch((error: unknown) => error), '23503')).toBe(true);
    });
  });
});

describe('forward-only migrations', () => {
  const folder = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return dir;
  };

  it('refuses a database that holds a migration this build does not ship, naming it', async () => {
    const fresh = await createTestDatabase();
    const dir = folder({ '0000_lots.sql': '-- locks: none\nCREATE TABLE lots (id int PRIMARY KEY);' });
    try {
      await migrate(fresh, dir);
      await fresh.transaction((s) => s.query(`INSERT INTO schema_migrations (name) VALUES ('0001_from_a_newer_build.sql')`));
      await expect(migrate(fresh, dir)).rejects.toThrow(/does not ship \(0001_from_a_newer_build\.sql\).*renamed or removed/);
    } finally {
      await fresh.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('applies a no-transaction migration once, with the ones around it, and builds its index', async () => {
    const fresh = await createTestDatabase();
    const dir = folder({
      '0000_lots.sql': '-- locks: none\nCREATE TABLE lots (id int PRIMARY KEY, name text);',
      '0001_lots_name.sql': `-- migrate: no-transaction\n-- locks: none (CONCURRENTLY)\nCREATE INDEX CONCURRENTLY IF NOT EXISTS "lots_name" ON "lots" ("name");--> statement-breakpoint\nCREATE INDEX CONCURRENTLY IF NOT EXISTS "lots_name_id" ON "lots" ("name", "id");`,
      '0002_lots_code.sql': '-- locks: lots (ACCESS EXCLUSIVE, brief: adds a nullable column)\nALTER TABLE lots ADD COLUMN code text;',
    });
    try {
      const [a, b] = await Promise.all([migrate(fresh, dir), migrate(fresh, dir)]);
      expect([...a.applied, ...b.applied]).toEqual(['0000_lots.sql', '0001_lots_name.sql', '0002_lots_code.sql']);
      const indexes = await fresh.transaction((s) => s.query<{ name: string }>(`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'lots' ORDER BY 1`));
      expect(indexes.map((row) => row.name)).toEqual(['lots_name', 'lots_name_id', 'lots_pkey']);
      expect((await migrate(fresh, dir)).applied).toEqual([]);
    } finally {
      await fresh.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
