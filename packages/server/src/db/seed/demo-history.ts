import { and, eq, inArray } from 'drizzle-orm';
import { paymentChannels, vehicleEventInput, type PaymentChannel } from '@parking/contract';
import { receiveVehicleEvent } from '../../modules/orders/index.js';
import { planTraffic, randomSource, type PlannedEvent, type SimDevice, type SimLot } from '../../simulator/traffic-plan.js';
import { recordPayment } from '../../modules/payments/index.js';
import type { Db } from '../client.js';
import { devices, parkingLots, parkingSpaces, payments, recoveryRecords, tenants, users } from '../schema/index.js';
import { demoAdminAuth } from './demo-auth.js';

const demoLots = [
  // 入口1's camera is down (a seeded outage): cars come in by 入口2
  { name: '东门停车场', rate: 0.12, devices: { in: 'CAM-2026-0104', out: 'CAM-2026-0103' } },
  { name: '中山路', rate: 0.05, devices: { pda: 'PDA-2026-0001' } },
  { name: '人民路', rate: 0.03, devices: { pda: 'PDA-2026-0002' } },
] as const;

/** the devices the demo's traffic passes: every one of them is a working device that heartbeats */
export const demoTrafficDeviceSns: readonly string[] = demoLots.flatMap((lot) => Object.values(lot.devices));

/** how drivers pay at the demo's lots; most pay by phone, one in ten leaves owing */
const channels: readonly PaymentChannel[] = ['wechat', 'wechat', 'wechat', 'alipay', 'alipay', 'cash'];
const payingShare = 0.9;

const spacesOf = async (db: Db, tenantId: string, lotId: string) => {
  const rows = await db
    .select({ number: parkingSpaces.number })
    .from(parkingSpaces)
    .where(and(eq(parkingSpaces.tenantId, tenantId), eq(parkingSpaces.lotId, lotId)));
  return rows.map((r) => r.number).sort();
};

/**
 * A few days of traffic at the demo tenant's seeded lots, applied through the same services the
 * device API and the console use, so a fresh install opens on lived-in data: stays, fees, payments,
 * cars still parked, abnormal reads and some arrears. Runs once, after seedDemoDevices.
 */
export const seedDemoHistory = async (db: Db, dataDir: string, days: number, now = new Date()) => {
  if (days <= 0) return { events: 0, payments: 0 };
  const [demo] = await db.select().from(tenants).where(eq(tenants.code, 'demo'));
  if (!demo) return { events: 0, payments: 0 };
  const tenantId = demo.id;
  const lotRows = await db
    .select()
    .from(parkingLots)
    .where(
      and(
        eq(parkingLots.tenantId, tenantId),
        inArray(
          parkingLots.name,
          demoLots.map((l) => l.name),
        ),
      ),
    );
  const deviceRows = await db.select().from(devices).where(eq(devices.tenantId, tenantId));
  const deviceBySn = new Map(deviceRows.map((d) => [d.sn, d]));
  const lots = demoLots.map((demoLot) => ({ demoLot, row: lotRows.find((r) => r.name === demoLot.name) })).filter((l) => l.row !== undefined);

  const start = new Date(now.getTime() - days * 86_400_000);
  const events: { event: PlannedEvent; sns: Partial<Record<SimDevice, string>> }[] = [];
  for (const [index, { demoLot, row }] of lots.entries()) {
    const lot: SimLot = row!.kind === 'lane' ? { key: row!.id, kind: 'lane' } : { key: row!.id, kind: 'space', spaces: await spacesOf(db, tenantId, row!.id) };
    const plan = planTraffic({ lots: [lot], ratePerMinute: demoLot.rate, minutes: days * 1440, start, seed: 2026 + index, resendRate: 0 });
    events.push(...plan.map((event) => ({ event, sns: demoLot.devices })));
  }
  events.sort((a, b) => a.event.at.getTime() - b.event.at.getTime());

  const [admin] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.account, 'admin')));
  const auth = demoAdminAuth(tenantId, admin!.id, 'demo-history');
  const random = randomSource(7);
  let sent = 0;
  let paid = 0;
  for (const { event, sns } of events) {
    const device = deviceBySn.get(sns[event.device] ?? '');
    if (!device) continue;
    const result = await receiveVehicleEvent(
      db,
      device,
      vehicleEventInput.parse({
        tenant: 'demo',
        sn: device.sn,
        timestamp: now.getTime(),
        nonce: `demo-history-${event.deviceEventId}`,
        deviceEventId: event.deviceEventId,
        kind: event.kind,
        plate: event.plate,
        plateColour: event.plateColour,
        confidence: event.confidence,
        occurredAt: event.at.toISOString(),
        spaceNumber: event.spaceNumber,
      }),
      dataDir,
    );
    sent += 1;
    if (!result.recordId || result.amountToPay <= 0 || result.duplicate || random() >= payingShare) continue;
    const channel = channels[Math.floor(random() * channels.length)] ?? paymentChannels[0];
    const { payment } = await recordPayment(db, auth, { recordId: result.recordId, channel, amount: result.amountToPay, payer: '', remark: '' }, `demo-history-${event.deviceEventId}`);
    // the driver paid as the car left, not when the demo was installed; by phone, with no cashier
    const paidAt = new Date(Math.min(now.getTime(), event.at.getTime() + (1 + random() * 4) * 60_000));
    await db
      .update(payments)
      .set({ paidAt, operatorId: channel === 'cash' ? admin!.id : null })
      .where(eq(payments.id, payment.id));
    // a stay paid after the car left owing is a recovery (追缴) of that same moment
    await db.update(recoveryRecords).set({ recoveredAt: paidAt }).where(eq(recoveryRecords.paymentId, payment.id));
    paid += 1;
  }
  return { events: sent, payments: paid };
};
