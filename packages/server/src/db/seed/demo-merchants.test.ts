import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.js';
import { couponTemplates, coupons, merchantLedger, merchants, tenants } from '../schema/index.js';
import { seededTestDatabase } from '../../test/test-app.js';
import { seedDemoDevices } from './demo-devices.js';
import { seedDemoMerchants } from './demo-merchants.js';

let database: Database;
let tenantId: string;
// the install's moment, fixed
const now = new Date('2026-03-10T06:00:00Z');

beforeAll(async () => {
  database = await seededTestDatabase();
  await seedDemoDevices(database.db);
  expect(await seedDemoMerchants(database.db, now)).toBe(true);
  tenantId = (await database.db.select().from(tenants).where(eq(tenants.code, 'demo')))[0]!.id;
}, 120_000);
afterAll(() => database.close());

describe('seedDemoMerchants', () => {
  it('gives tenant demo a prepaid and a postpaid merchant, coupons of four kinds out and one revoked, the prepaid balance moved line by line', async () => {
    const rows = await database.db.select().from(merchants).where(eq(merchants.tenantId, tenantId)).orderBy(asc(merchants.name));
    expect(rows.map((m) => [m.name, m.settlement, m.balance])).toEqual([
      ['如家酒店', 'postpaid', 0],
      ['银泰百货', 'prepaid', 100_000 - 600 - 500 - 300],
    ]);
    expect((await database.db.select().from(couponTemplates).where(eq(couponTemplates.tenantId, tenantId))).map((t) => t.kind).sort()).toEqual(['amount', 'minutes', 'percent', 'period']);
    const out = await database.db.select().from(coupons).where(eq(coupons.tenantId, tenantId)).orderBy(asc(coupons.seq));
    expect(out.map((c) => [c.merchantName, c.plateNumber, c.state])).toEqual([
      ['银泰百货', '浙A3M501', 'unused'],
      ['银泰百货', '浙A3M502', 'unused'],
      ['银泰百货', '浙A3M503', 'unused'],
      ['如家酒店', '浙A3M504', 'unused'],
      ['如家酒店', '浙A3M505', 'revoked'],
    ]);
    const yintai = rows.find((m) => m.name === '银泰百货')!;
    const lines = await database.db.select().from(merchantLedger).where(eq(merchantLedger.merchantId, yintai.id)).orderBy(asc(merchantLedger.seq));
    expect(lines.map((l) => [l.kind, l.amount, l.balanceAfter])).toEqual([
      ['top_up', 100_000, 100_000],
      ['deduction', -600, 99_400],
      ['deduction', -500, 98_900],
      ['deduction', -300, 98_600],
    ]);
    // a postpaid merchant pays nothing ahead: no lines, also for its revoke
    const rujia = rows.find((m) => m.name === '如家酒店')!;
    expect(await database.db.select().from(merchantLedger).where(eq(merchantLedger.merchantId, rujia.id))).toEqual([]);
  });

  it('runs once', async () => {
    expect(await seedDemoMerchants(database.db, now)).toBe(false);
  });
});
