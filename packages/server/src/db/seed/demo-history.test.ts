import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.js';
import { parkingLots, parkingRecords, payments, recoveryRecords, vehicleEvents } from '../schema/index.js';
import { seededTestDatabase, testConfig } from '../../test/test-app.js';
import { seedDemoDevices } from './demo-devices.js';
import { seedDemoHistory } from './demo-history.js';

let database: Database;
const now = new Date('2026-11-20T12:00:00+08:00');
let done: { events: number; payments: number };

beforeAll(async () => {
  database = await seededTestDatabase();
  await seedDemoDevices(database.db);
  done = await seedDemoHistory(database.db, testConfig().dataDir, 1, now);
}, 120_000);
afterAll(() => database.close());

describe('seedDemoHistory', () => {
  it('sends a day of traffic at each demo lot through the event service', async () => {
    const lots = await database.db.select().from(parkingLots);
    const records = await database.db.select().from(parkingRecords);
    for (const name of ['东门停车场', '中山路', '人民路']) {
      const lot = lots.find((l) => l.name === name)!;
      expect(records.filter((r) => r.lotId === lot.id).length, name).toBeGreaterThan(5);
    }
    expect(await database.db.$count(vehicleEvents)).toBe(done.events);
    for (const r of records) {
      expect(r.amountDue - r.discount).toBe(r.paid + r.unpaid);
      if (r.enteredAt) expect(r.enteredAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });

  it('leaves a lived-in picture: cars still parked, most stays paid at the time the car left, some still owing', async () => {
    const records = await database.db.select().from(parkingRecords);
    expect(records.some((r) => r.state === 'parked')).toBe(true);
    const owing = records.filter((r) => r.amountDue - r.discount > 0);
    const settled = owing.filter((r) => r.unpaid === 0);
    expect(settled.length / owing.length).toBeGreaterThan(0.7);
    expect(owing.some((r) => r.unpaid > 0)).toBe(true);
    const paid = await database.db.select().from(payments);
    expect(paid).toHaveLength(done.payments);
    for (const p of paid) {
      const record = records.find((r) => r.id === p.recordId)!;
      expect(p.paidAt.getTime()).toBeGreaterThanOrEqual(Math.min(record.exitedAt!.getTime() + 60_000, now.getTime()));
      expect(p.paidAt.getTime()).toBeLessThan(record.exitedAt!.getTime() + 6 * 60_000);
      expect(p.paidAt.getTime()).toBeLessThanOrEqual(now.getTime());
      // only cash goes through a cashier's hands
      expect(p.operatorId === null).toBe(p.channel !== 'cash');
    }
  });

  it('dates each recovery (追缴) at its payment, when the driver paid, not when the demo was installed', async () => {
    const recovered = await database.db.select().from(recoveryRecords);
    expect(recovered.length).toBeGreaterThan(0);
    const paid = await database.db.select().from(payments);
    for (const r of recovered) {
      const payment = paid.find((p) => p.id === r.paymentId)!;
      expect(r.recoveredAt.getTime()).toBe(payment.paidAt.getTime());
      expect(r.recoveredAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });

  it('counts the garage free spaces from the cars still inside', async () => {
    const [gate] = await database.db.select().from(parkingLots).where(eq(parkingLots.name, '东门停车场'));
    const inside = await database.db.$count(parkingRecords, eq(parkingRecords.lotId, gate!.id));
    const parked = (await database.db.select().from(parkingRecords).where(eq(parkingRecords.lotId, gate!.id))).filter((r) => r.state === 'parked').length;
    expect(inside).toBeGreaterThan(parked);
    expect(gate!.freeCount).toBe(gate!.totalSpaces - parked);
  });
});
