import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay, vehicleEventInput } from '@parking/contract';
import type { Database } from '../client.js';
import { devices, groupCardUses, groupCards, groups, parkingRecords, specialBills, tenants } from '../schema/index.js';
import { seededTestDatabase, testConfig } from '../../test/test-app.js';
import { receiveVehicleEvent } from '../../modules/orders/vehicle-event.service.js';
import { seedDemoDevices } from './demo-devices.js';
import { seedDemoMarketing } from './demo-marketing.js';

let database: Database;
let tenantId: string;
// the install's moment, fixed: 14:00 in Shanghai, so the day's 09:00–12:00 stay below has ended
const now = new Date('2026-03-10T06:00:00Z');

beforeAll(async () => {
  database = await seededTestDatabase();
  await seedDemoDevices(database.db);
  expect(await seedDemoMarketing(database.db, now)).toBe(true);
  tenantId = (await database.db.select().from(tenants).where(eq(tenants.code, 'demo')))[0]!.id;
}, 120_000);
afterAll(() => database.close());

describe('seedDemoMarketing', () => {
  it('gives tenant demo two groups, a card of each benefit (one expired) and bills unpaid and cancelled', async () => {
    expect((await database.db.select().from(groups).where(eq(groups.tenantId, tenantId))).map((g) => g.name).sort()).toEqual(['万象物业管理有限公司', '科兴科技有限公司']);
    const cards = await database.db.select().from(groupCards).where(eq(groupCards.tenantId, tenantId));
    expect(cards.map((c) => c.benefit).sort()).toEqual(['amount', 'discount', 'free']);
    const today = businessDay(now);
    const inForce = cards.filter((c) => c.validFrom <= today && today <= c.validTo);
    expect(inForce.map((c) => c.cardNo).sort()).toEqual(['JT-2026-0001', 'JT-2026-0002']);
    const bills = await database.db.select().from(specialBills).where(eq(specialBills.tenantId, tenantId));
    expect(bills.map((b) => b.status).sort()).toEqual(['cancelled', 'unpaid', 'unpaid']);
    expect(bills.find((b) => b.status === 'cancelled')!.cancelledAt).not.toBeNull();
  });

  it('has its cards work: a stay of a card plate on its street is charged 八折 and uses the card once', async () => {
    const [pda] = await database.db.select().from(devices).where(eq(devices.sn, 'PDA-2026-0001'));
    const report = (kind: 'space_occupied' | 'space_freed', at: Date) =>
      receiveVehicleEvent(
        database.db,
        pda!,
        vehicleEventInput.parse({
          tenant: 'demo',
          sn: pda!.sn,
          timestamp: now.getTime(),
          nonce: `demo-card-${kind}`,
          deviceEventId: `demo-card-${kind}`,
          kind,
          plate: '浙A6W918',
          plateColour: 0,
          confidence: 0.98,
          spaceNumber: 'A005',
          occurredAt: at.toISOString(),
        }),
        testConfig().dataDir,
      );
    // 09:00–12:00 in Shanghai on the install's day, charged daytime
    const leftAt = new Date(`${businessDay(now)}T12:00:00+08:00`);
    await report('space_occupied', new Date(leftAt.getTime() - 3 * 3_600_000));
    const left = await report('space_freed', leftAt);
    const [record] = await database.db.select().from(parkingRecords).where(eq(parkingRecords.id, left.recordId!));
    expect(record!.amountDue).toBeGreaterThan(0);
    expect(record!.unpaid).toBe(Math.round(record!.amountDue * 0.8));
    expect(record!.discount).toBe(record!.amountDue - record!.unpaid);
    const uses = await database.db.select().from(groupCardUses).where(eq(groupCardUses.plateNumber, '浙A6W918'));
    expect(uses).toMatchObject([{ cardNo: 'JT-2026-0002', groupName: '万象物业管理有限公司', discountPercent: 80, discount: record!.discount }]);
  });
});
