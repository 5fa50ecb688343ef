import { rmSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { parkingLots, parkingRecords, tariffVersions, tariffs, tenants } from '../../db/schema/index.js';
import { earlierMigrations } from '../../test/earlier-migrations.js';
import { seedDemoData } from '../../db/seed/seed.js';
import { createTestDatabase } from '../../test/test-app.js';

/**
 * Migration 0024 puts records written before the state table where the table would have put them.
 * The database is migrated to 0023, given records as the old code left them, then migrated on.
 * Payments are dated 2001 (long past any grace) or 2098 (within it whenever this runs), so the
 * migration's now() decides nothing the test depends on.
 */
const target = '0024_record_states.sql';
let database: Database;
let earlier: string;
let ids: Record<'goneLongAgo' | 'atBarrier' | 'spaceOwing' | 'laneOwing' | 'parkedPrepaid', string>;

beforeAll(async () => {
  earlier = earlierMigrations(target);
  database = await createTestDatabase();
  await migrate(database, earlier);
  await seedDemoData(database.db);
  const db = database.db;
  const [demo] = await db.select().from(tenants).where(eq(tenants.code, 'demo'));
  const tenantId = demo!.id;
  const [tariff] = await db.select().from(tariffs).where(eq(tariffs.tenantId, tenantId)).limit(1);
  const [version] = await db.select().from(tariffVersions).where(eq(tariffVersions.tariffId, tariff!.id)).limit(1);
  const lot = async (kind: 'lane' | 'space') =>
    (
      await db
        .insert(parkingLots)
        .values({ tenantId, name: `迁移${kind}`, type: 1, kind, tariffId: tariff!.id })
        .returning()
    )[0]!.id;
  const lane = await lot('lane');
  const space = await lot('space');
  const exitedAt = new Date('2001-01-01T10:00:00Z');
  // written in SQL: the database is at 0023, without the columns today's schema adds to records
  const record = async (lotId: string, state: 'paid' | 'awaiting_payment' | 'parked', money: { paid: number; unpaid: number }, left = true) => {
    const inserted = await db.execute<{ id: string }>(sql`
      INSERT INTO parking_records (tenant_id, lot_id, plate_number, state, tariff_version_id, entered_at, exited_at, amount_due, paid, unpaid)
      VALUES (${tenantId}, ${lotId}, '粤B00024', ${state}, ${version!.id}, ${new Date('2001-01-01T08:00:00Z').toISOString()}, ${left ? exitedAt.toISOString() : null},
        ${money.paid + money.unpaid}, ${money.paid}, ${money.unpaid})
      RETURNING id`);
    return inserted.rows[0]!.id;
  };
  // in SQL too: today's schema names columns payments do not have at 0023
  const paidAt = async (recordId: string, at: string, amount: number) =>
    db.execute(sql`
      INSERT INTO payments (tenant_id, record_id, channel, amount, idempotency_key, paid_at)
      VALUES (${tenantId}, ${recordId}, 'cash', ${amount}, ${`migration-${recordId}`}, ${at})`);
  ids = {
    goneLongAgo: await record(space, 'paid', { paid: 500, unpaid: 0 }),
    atBarrier: await record(lane, 'paid', { paid: 300, unpaid: 0 }),
    spaceOwing: await record(space, 'awaiting_payment', { paid: 0, unpaid: 700 }),
    laneOwing: await record(lane, 'awaiting_payment', { paid: 0, unpaid: 400 }),
    parkedPrepaid: await record(lane, 'parked', { paid: 200, unpaid: 0 }, false),
  };
  await paidAt(ids.goneLongAgo, '2001-01-01T10:05:00Z', 500);
  await paidAt(ids.atBarrier, '2098-01-01T10:05:00Z', 300);
  await paidAt(ids.parkedPrepaid, '2001-01-01T09:00:00Z', 200);
});
afterAll(async () => {
  await database.close();
  rmSync(earlier, { recursive: true, force: true });
});

describe('migration 0024: records take the states the table gives them', () => {
  it('closes a stay settled after its car left, keeps one within its grace at the barrier, and sends a space stay owing to pursuit', async () => {
    const report = await migrate(database);
    expect(report.applied).toContain(target);
    const rows = await database.db
      .select({ id: parkingRecords.id, state: parkingRecords.state })
      .from(parkingRecords)
      .where(inArray(parkingRecords.id, Object.values(ids)));
    const stateOf = Object.fromEntries(rows.map((r) => [r.id, r.state]));
    expect({
      goneLongAgo: stateOf[ids.goneLongAgo],
      atBarrier: stateOf[ids.atBarrier],
      spaceOwing: stateOf[ids.spaceOwing],
      laneOwing: stateOf[ids.laneOwing],
      parkedPrepaid: stateOf[ids.parkedPrepaid],
    }).toEqual({ goneLongAgo: 'closed', atBarrier: 'paid', spaceOwing: 'unpaid', laneOwing: 'awaiting_payment', parkedPrepaid: 'parked' });
  });
});
