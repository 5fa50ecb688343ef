import { and, asc, eq } from 'drizzle-orm';
import { appealDecisionInput, ownerAppealInput, type AppealDecisionInput, type OwnerAppealInput } from '@parking/contract';
import { moveOverdueToArrears } from '../../modules/orders/index.js';
import { recordPayment } from '../../modules/payments/index.js';
import { claimAppeal, decideAppeal, fileOwnerAppeal } from '../../modules/service/index.js';
import type { Db } from '../client.js';
import { appeals, customers, devices, parkingRecords, tenants, users } from '../schema/index.js';
import { demoAdminAuth } from './demo-auth.js';
import { demoCameraRead } from './demo-camera.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const keyPrefix = 'demo-appeal-';

/** 东门停车场's working cameras (seedDemoDevices), as seedDemoOwnerPayments drives them */
const cameras = { in: 'CAM-2026-0104', out: 'CAM-2026-0103' } as const;

/** A stay of this run at 东门停车场: entered that many hours ago, left after `minutes`, paid at the exit by phone or driven off owing. */
interface NewStay {
  enteredHoursAgo: number;
  minutes: number;
  paidAtExit: boolean;
}

/**
 * One demo appeal: the owner (by phone) disputes a stay of their plate — one this seed drives through
 * the cameras, or without `stay` the plate's first stay seedDemoOwnerPayments gave 张先生 — filed,
 * held and decided that many hours ago.
 */
interface DemoAppeal {
  phone: string;
  plate: string;
  plateColour: number;
  stay?: NewStay;
  filed: Omit<OwnerAppealInput, 'recordId'> & { hoursAgo: number };
  held?: { hoursAgo: number };
  decided?: { hoursAgo: number; input: AppealDecisionInput };
}

/**
 * 申诉审核 in each state, on 东门停车场's tariff (first 2 hours 5 元 an hour, then 3 元, every part hour
 * counted): two 待审核 (a fresh one, and an older one a reviewer holds), and decided ones of each kind.
 */
const demoAppeals: readonly DemoAppeal[] = [
  {
    // 李女士 paid 13 元 at the exit for 2 h 10 min, and says the queue there cost her an hour
    phone: '13800138002',
    plate: '粤B20001',
    plateColour: 0,
    stay: { enteredHoursAgo: 26, minutes: 130, paidAtExit: true },
    filed: {
      hoursAgo: 0.7,
      reason: 'wrong_time',
      content: '出口前车缴费失败一直不抬杆，我排队等了十多分钟，实际停车不到2小时，却按2小时10分钟收了13元，请核实出场时间。',
    },
  },
  {
    // 张先生's stay recovered at the booth: waiting a day, and just taken up by the reviewer
    phone: '13800138001',
    plate: '粤BD10002',
    plateColour: 3,
    filed: { hoursAgo: 26, reason: 'wrong_time', content: '入口2道闸抬杆很慢，排队近半小时才进场，实际停车不到3小时，补缴时却按3小时30分钟收了16元，请核实入场时间。' },
    held: { hoursAgo: 0.1 },
  },
  {
    // 王师傅 left owing when the exit's QR payment failed: what he owes is waived
    phone: '13800138003',
    plate: '粤B30001',
    plateColour: 0,
    stay: { enteredHoursAgo: 96, minutes: 150, paidAtExit: false },
    filed: { hoursAgo: 72, reason: 'other', content: '出口扫码支付一直提示失败，岗亭工作人员让我先离场，现在却显示欠费13元，请核实。' },
    decided: { hoursAgo: 48, input: { kind: 'waive', remark: '核实当日出口扫码支付通道故障，车主无过错，减免欠费' } },
  },
  {
    // 赵经理 stayed 9 hours owing 31 元; the mall's 2 free hours were not taken off: the fee is corrected to 7 hours
    phone: '13800138004',
    plate: '粤B40002',
    plateColour: 0,
    stay: { enteredHoursAgo: 72, minutes: 540, paidAtExit: false },
    filed: { hoursAgo: 40, reason: 'wrong_amount', content: '当天在银泰百货消费满200元，可免2小时停车费，出场时没有核减，请按7小时重新计费，购物小票可提供。' },
    decided: { hoursAgo: 28, input: { kind: 'amount', amountDue: 2_500, remark: '核实银泰百货消费小票，免2小时后按7小时重新核定应收' } },
  },
  {
    // 刘女士 paid 19 元 for 4 h 5 min; the exit barrier's fault held her past the hour: 3 元 goes back through 退款
    phone: '13800138006',
    plate: '粤B60001',
    plateColour: 0,
    stay: { enteredHoursAgo: 48, minutes: 245, paidAtExit: true },
    filed: { hoursAgo: 20, reason: 'wrong_time', content: '出口道闸故障，车辆在出口滞留了近10分钟才抬杆，因此多计了1小时停车费，请退还多收的费用。' },
    decided: { hoursAgo: 6, input: { kind: 'refund', amount: 300, remark: '出口道闸日志显示当日故障，滞留时间不计费，退还多收的1小时3元' } },
  },
  {
    // 张先生 reads the board as 5 元 then 3 元 an hour: 13 元 for 2 h 15 min is the posted price
    phone: '13800138001',
    plate: '粤B10001',
    plateColour: 0,
    filed: { hoursAgo: 96, reason: 'wrong_amount', content: '停了2小时15分钟收了13元，门口公示首小时5元、之后每小时3元，应为11元，请退还多收的2元。' },
    decided: {
      hoursAgo: 72,
      input: { kind: 'reject', reason: '东门停车场公示标准为前2小时每小时5元、之后每小时3元，不足1小时按1小时计，停车2小时15分钟应收13元，计费无误', remark: '' },
    },
  },
];

/**
 * 申诉审核 of tenant demo for a fresh install, through the appeal service as owners and reviewers use
 * it: the demo's owners appeal stays of their plates at 东门停车场 from their phones (stays driven
 * through the cameras and paid through the one payment path, as in production), and the admin holds
 * one and decides the others, so the money moves by the orders module's own rules: arrears waived, a
 * fee corrected, part of a payment asked back on 退款 (for a second person to approve there), one
 * rejected. Runs after seedDemoCustomers and seedDemoOwnerPayments, once.
 */
export const seedDemoAppeals = (db: Db, dataDir: string, now = new Date()) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [demo] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'demo'));
    if (!demo) return false;
    const tenantId = demo.id;
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.account, 'admin')));
    const [already] = await tx.select({ id: appeals.id }).from(appeals).where(eq(appeals.tenantId, tenantId)).limit(1);
    const owners = new Map((await tx.select({ id: customers.id, phone: customers.phone }).from(customers).where(eq(customers.tenantId, tenantId))).map((c) => [c.phone, c.id]));
    const deviceRows = await tx.select().from(devices).where(eq(devices.tenantId, tenantId));
    const entry = deviceRows.find((d) => d.sn === cameras.in);
    const exit = deviceRows.find((d) => d.sn === cameras.out);
    if (!admin || already || !entry || !exit || demoAppeals.some((a) => !owners.has(a.phone))) return false;

    const auth = demoAdminAuth(tenantId, admin.id, 'demo-appeals');
    const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
    const read = (device: typeof entry, appeal: DemoAppeal, n: number, kind: 'lane_entry' | 'lane_exit', at: Date) =>
      // device event ids are ASCII: the appeal's place in the list names it
      demoCameraRead(tx, device, dataDir, now, { id: `${keyPrefix}${n}-${kind}`, kind, plate: appeal.plate, plateColour: appeal.plateColour, at });

    // the stays seedDemoOwnerPayments gave 张先生, found first: without them nothing is written
    const recordIds = new Map<DemoAppeal, string>();
    for (const appeal of demoAppeals.filter((a) => !a.stay)) {
      const [first] = await tx
        .select({ id: parkingRecords.id })
        .from(parkingRecords)
        .where(and(eq(parkingRecords.tenantId, tenantId), eq(parkingRecords.plateNumber, appeal.plate)))
        .orderBy(asc(parkingRecords.enteredAt))
        .limit(1);
      if (!first) return false;
      recordIds.set(appeal, first.id);
    }
    // this seed's stays: paid at the exit by phone, or left owing and moved to pursuit (欠费) by the record clock
    for (const [n, appeal] of demoAppeals.entries()) {
      if (!appeal.stay) continue;
      const enteredAt = ago(appeal.stay.enteredHoursAgo);
      const exitedAt = new Date(enteredAt.getTime() + appeal.stay.minutes * MINUTE_MS);
      await read(entry, appeal, n, 'lane_entry', enteredAt);
      const left = await read(exit, appeal, n, 'lane_exit', exitedAt);
      if (!left.recordId) throw new Error(`demo appeal stay of ${appeal.plate} made no record`);
      recordIds.set(appeal, left.recordId);
      if (appeal.stay.paidAtExit && left.amountToPay > 0) {
        const input = { recordId: left.recordId, channel: 'wechat' as const, amount: left.amountToPay, payer: '', remark: '' };
        // paid by phone at the barrier: no staff member took it
        await recordPayment(tx, { ...auth, userId: null }, input, `${keyPrefix}${left.recordId}`, new Date(exitedAt.getTime() + MINUTE_MS));
      }
    }
    await moveOverdueToArrears(tx, now);

    // filed from the owners' phones, then held and decided by the admin
    for (const appeal of demoAppeals) {
      const owner = { sessionId: 'demo-appeals', tenantId, tenantCode: 'demo', customerId: owners.get(appeal.phone)!, phone: appeal.phone };
      const { hoursAgo, ...filing } = appeal.filed;
      const input = ownerAppealInput.parse({ ...filing, recordId: recordIds.get(appeal) });
      const filed = await fileOwnerAppeal(tx, owner, input, { ip: '127.0.0.1', userAgent: 'demo-appeals' }, ago(hoursAgo));
      if (appeal.held) await claimAppeal(tx, auth, filed.id, ago(appeal.held.hoursAgo));
      if (appeal.decided) await decideAppeal(tx, auth, filed.id, appealDecisionInput.parse(appeal.decided.input), ago(appeal.decided.hoursAgo));
    }
    return true;
  });
