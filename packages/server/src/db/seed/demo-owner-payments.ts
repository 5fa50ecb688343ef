import { and, eq, like } from 'drizzle-orm';
import { type PaymentChannel } from '@parking/contract';
import { moveOverdueToArrears } from '../../modules/orders/index.js';
import { recordPayment } from '../../modules/payments/index.js';
import type { Db } from '../client.js';
import { customers, devices, payments, recoveryRecords, tenants, users } from '../schema/index.js';
import { demoAdminAuth } from './demo-auth.js';
import { demoCameraRead } from './demo-camera.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const keyPrefix = 'demo-owner-';

/** 东门停车场's working cameras (seedDemoDevices): cars come in by 入口2 and leave by 出口 */
const cameras = { in: 'CAM-2026-0104', out: 'CAM-2026-0103' } as const;

interface OwnerStay {
  plate: string;
  plateColour: number;
  enteredDaysAgo: number;
  hours: number;
  /** paid at the exit this many minutes after it, or recovered (追缴) once in arrears this many days ago */
  paid: { channel: PaymentChannel; atExitAfterMinutes: number } | { channel: PaymentChannel; recoveredDaysAgo: number };
}

/** 张先生's stays at 东门停车场: one paid at the exit by phone, one left owing and paid at the booth later */
const stays: readonly OwnerStay[] = [
  { plate: '粤B10001', plateColour: 0, enteredDaysAgo: 5, hours: 2.25, paid: { channel: 'wechat', atExitAfterMinutes: 1 } },
  { plate: '粤BD10002', plateColour: 3, enteredDaysAgo: 3, hours: 3.5, paid: { channel: 'cash', recoveredDaysAgo: 2 } },
];

/**
 * Gives the demo owner 张先生 (13800138001) paid stays, so 车主详情 opens on 支付记录: entry and exit
 * through the device event path and the money through the one payment path, as in production. Runs
 * after seedDemoDevices and seedDemoCustomers, once; without their lot, cameras or owner it does
 * nothing. Kept apart from seedDemoCustomers, whose tests count the demo tenant's records.
 */
export const seedDemoOwnerPayments = async (db: Db, dataDir: string, now = new Date()) => {
  const [demo] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'demo'));
  if (!demo) return false;
  const tenantId = demo.id;
  const [owner] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.phone, '13800138001')));
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.account, 'admin')));
  const deviceRows = await db.select().from(devices).where(eq(devices.tenantId, tenantId));
  const entry = deviceRows.find((d) => d.sn === cameras.in);
  const exit = deviceRows.find((d) => d.sn === cameras.out);
  if (!owner || !admin || !entry || !exit) return false;
  const [done] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), like(payments.idempotencyKey, `${keyPrefix}%`)))
    .limit(1);
  if (done) return false;

  const auth = demoAdminAuth(tenantId, admin.id, 'demo-owner-payments');
  const read = (device: typeof entry, stay: OwnerStay, n: number, kind: 'lane_entry' | 'lane_exit', at: Date) =>
    // device event ids are ASCII: the stay's place in the list names it
    demoCameraRead(db, device, dataDir, now, { id: `${keyPrefix}${n}-${kind}`, kind, plate: stay.plate, plateColour: stay.plateColour, at });

  const owing: { stay: OwnerStay; recordId: string; amount: number }[] = [];
  for (const [n, stay] of stays.entries()) {
    const enteredAt = new Date(now.getTime() - stay.enteredDaysAgo * DAY_MS);
    const exitedAt = new Date(enteredAt.getTime() + stay.hours * HOUR_MS);
    await read(entry, stay, n, 'lane_entry', enteredAt);
    const left = await read(exit, stay, n, 'lane_exit', exitedAt);
    if (!left.recordId || left.amountToPay <= 0) continue;
    if ('atExitAfterMinutes' in stay.paid) {
      const paidAt = new Date(exitedAt.getTime() + stay.paid.atExitAfterMinutes * MINUTE_MS);
      const input = { recordId: left.recordId, channel: stay.paid.channel, amount: left.amountToPay, payer: '', remark: '' };
      // paid by phone at the barrier: no staff member took it
      await recordPayment(db, { ...auth, userId: null }, input, `${keyPrefix}${left.recordId}`, paidAt);
    } else {
      owing.push({ stay, recordId: left.recordId, amount: left.amountToPay });
    }
  }
  // the driver drove off without paying: the record clock moves the stay to pursuit (欠费), as it would
  if (owing.length > 0) await moveOverdueToArrears(db, now);
  for (const { stay, recordId, amount } of owing) {
    if (!('recoveredDaysAgo' in stay.paid)) continue;
    const paidAt = new Date(now.getTime() - stay.paid.recoveredDaysAgo * DAY_MS);
    const input = { recordId, channel: stay.paid.channel, amount, payer: '张先生', remark: '岗亭补缴' };
    const { payment } = await recordPayment(db, auth, input, `${keyPrefix}${recordId}`, paidAt);
    // recovered that day, not when the demo was installed
    await db.update(recoveryRecords).set({ recoveredAt: paidAt }).where(eq(recoveryRecords.paymentId, payment.id));
  }
  return true;
};
