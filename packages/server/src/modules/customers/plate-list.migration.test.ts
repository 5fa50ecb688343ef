import { rmSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/json-row.js';
import { migrate } from '../../db/migrate.js';
import { plateListEntries, tenants, users } from '../../db/schema/index.js';
import { earlierMigrations } from '../../test/earlier-migrations.js';
import { seedDemoData } from '../../db/seed/seed.js';
import { createTestDatabase } from '../../test/test-app.js';

/**
 * Migration 0029 moves the plate blacklist of 订单预警 into 黑白名单, and 0030 drops its table. The
 * database is migrated to 0028, given blacklist entries as the old code left them, then migrated on.
 */
const target = '0029_black_white_list.sql';
let database: Database;
let earlier: string;
let tenantId: string;
let adminId: string;

beforeAll(async () => {
  earlier = earlierMigrations(target);
  database = await createTestDatabase();
  await migrate(database, earlier);
  await seedDemoData(database.db);
  const db = database.db;
  tenantId = (await db.select().from(tenants).where(eq(tenants.code, 'demo')))[0]!.id;
  adminId = (
    await db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.account, 'admin')))
  )[0]!.id;
  await db.execute(sql`
    INSERT INTO plate_blacklist (tenant_id, plate_number, plate_colour, reason, created_by, created_at) VALUES
      (${tenantId}, '粤B00029', 2, '黄牌冲卡', ${adminId}, '2025-01-02T03:04:05Z'),
      (${tenantId}, '粤B00030', NULL, '套牌嫌疑', NULL, '2025-02-03T04:05:06Z')`);
});
afterAll(async () => {
  await database.close();
  rmSync(earlier, { recursive: true, force: true });
});

describe('migrations 0029 and 0030: the plate blacklist becomes black entries of 黑白名单', () => {
  it('keeps each entry as black, every lot, 长期, with its reason, creator and time; one that named no colour is one per colour', async () => {
    const report = await migrate(database);
    expect(report.applied).toEqual(expect.arrayContaining([target, '0030_drop_plate_blacklist.sql']));
    const rows = await database.db.select().from(plateListEntries).where(eq(plateListEntries.tenantId, tenantId));
    const shown = rows.map((r) => [r.plateNumber, r.plateColour, r.type, r.lotIds, r.validFrom, r.validTo, r.reason, r.createdBy, r.createdAt.toISOString(), r.removedAt]).sort();
    expect(shown).toEqual([
      ['粤B00029', 2, 'black', null, null, null, '黄牌冲卡', adminId, '2025-01-02T03:04:05.000Z', null],
      ...[0, 1, 2, 3, 4].map((colour) => ['粤B00030', colour, 'black', null, null, null, '套牌嫌疑', null, '2025-02-03T04:05:06.000Z', null]),
    ]);
    const [left] = rowsOf(await database.db.execute(sql`SELECT to_regclass('plate_blacklist') AS t`));
    expect(left!.t).toBeNull();
  });
});
