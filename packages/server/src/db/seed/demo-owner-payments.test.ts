import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.js';
import { customers, parkingRecords, tenants } from '../schema/index.js';
import { seededTestDatabase, testConfig } from '../../test/test-app.js';
import { customerPayments } from '../../modules/payments/owner-stays.service.js';
import { seedDemoCustomers } from './demo-customers.js';
import { seedDemoDevices } from './demo-devices.js';
import { seedDemoOwnerPayments } from './demo-owner-payments.js';

let database: Database;
let tenantId: string;
let ownerId: string;
const dataDir = testConfig().dataDir;
// the install's moment, fixed
const now = new Date('2026-03-10T06:00:00Z');

beforeAll(async () => {
  database = await seededTestDatabase();
  // without the lot's cameras and the owner there is nothing to seed from
  expect(await seedDemoOwnerPayments(database.db, dataDir, now)).toBe(false);
  await seedDemoDevices(database.db);
  expect(await seedDemoCustomers(database.db, dataDir, now)).toBe(true);
  expect(await seedDemoOwnerPayments(database.db, dataDir, now)).toBe(true);
  tenantId = (await database.db.select().from(tenants).where(eq(tenants.code, 'demo')))[0]!.id;
  ownerId = (
    await database.db
      .select()
      .from(customers)
      .where(and(eq(customers.tenantId, tenantId), eq(customers.phone, '13800138001')))
  )[0]!.id;
}, 120_000);
afterAll(() => database.close());

describe('seedDemoOwnerPayments', () => {
  it('gives 张先生 stays at 东门停车场 paid at the exit and recovered after he left owing, as 车主详情 lists them', async () => {
    const page = await customerPayments(database.db, { tenantId }, ownerId, { currentPage: 1, pageSize: 10 });
    expect(page.list.map((p) => [p.plateNumber, p.lotName, p.channel, p.stage, p.paidAt])).toEqual([
      ['粤BD10002', '东门停车场', 'cash', 'pursuit', '2026-03-08T06:00:00.000Z'],
      ['粤B10001', '东门停车场', 'wechat', 'exit', '2026-03-05T08:16:00.000Z'],
    ]);
    expect(page.list.every((p) => p.amount > 0 && p.refunded === 0)).toBe(true);
    const records = await database.db.select().from(parkingRecords).where(eq(parkingRecords.tenantId, tenantId));
    expect(records.map((r) => [r.plateNumber, r.unpaid]).sort()).toEqual([
      ['粤B10001', 0],
      ['粤BD10002', 0],
    ]);
  });

  it('runs once: a second run adds nothing', async () => {
    expect(await seedDemoOwnerPayments(database.db, dataDir, now)).toBe(false);
  });
});
