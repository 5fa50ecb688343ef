import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentInput, refundDecision, refundInput, type PaymentChannel, type PaymentInput, type RefundInput } from '@parking/contract';
import type { Database } from '../../db/client.js';
import { operationLogs, parkingLots, parkingRecords, payments, refunds, tenants, users } from '../../db/schema/index.js';
import { seededTestDatabase } from '../../test/test-app.js';
import type { AuthContext } from '../../types.js';
import { listPayments, recordPayment } from './payment.service.js';
import { approveRefund, rejectRefund, requestRefund } from './refund.service.js';

let database: Database;
let lotId: string;
let cashier: AuthContext;
let auditor: AuthContext;
let sequence = 0;

const authOf = (tenantId: string, userId: string, account: string): AuthContext => ({
  sessionId: `session-${account}`,
  userId,
  tenantId,
  tenantCode: 'demo',
  account,
  isAdministrator: false,
  onPlatformTenant: false,
  ip: '127.0.0.1',
  userAgent: 'vitest',
});
const newRecord = async (amountDue: number, state: 'awaiting_payment' | 'unpaid' | 'void' | 'closed' | 'parked' = 'awaiting_payment', discount = 0) => {
  const [row] = await database.db
    .insert(parkingRecords)
    .values({ tenantId: cashier.tenantId, lotId, plateNumber: `京P${String(++sequence).padStart(5, '0')}`, state, amountDue, discount, unpaid: amountDue - discount })
    .returning();
  return row!;
};
const recordOf = async (id: string) => (await database.db.select().from(parkingRecords).where(eq(parkingRecords.id, id)))[0]!;
const paymentsOf = (recordId: string) => database.db.select().from(payments).where(eq(payments.recordId, recordId));
const key = () => `key-${++sequence}-${Math.random().toString(36).slice(2, 10)}`;
const pay = (recordId: string, amount: number, idempotencyKey = key(), extra: Partial<PaymentInput> = {}, auth = cashier) =>
  recordPayment(database.db, auth, paymentInput.parse({ recordId, channel: 'cash', amount, ...extra }), idempotencyKey);
const askRefund = (input: RefundInput, auth = cashier) => requestRefund(database.db, auth, refundInput.parse(input));
// approvals at a fixed moment; these payments are taken at the lot, so no provider is asked
const decidedAt = new Date('2026-05-01T10:00:00+08:00');
const approve = (id: string, auth = auditor) => approveRefund(database.db, auth, id, refundDecision.parse({}), { gateway: undefined, now: decidedAt });
const reject = (id: string, auth = auditor) => rejectRefund(database.db, auth, id, refundDecision.parse({ remark: '不符合退款条件' }));

beforeAll(async () => {
  database = await seededTestDatabase();
  const [demo] = await database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
  const [admin] = await database.db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, demo!.id), eq(users.account, 'admin')));
  const [other] = await database.db.insert(users).values({ tenantId: demo!.id, account: 'auditor', realName: '审核员', passwordHash: 'unused' }).returning();
  cashier = authOf(demo!.id, admin!.id, 'admin');
  auditor = authOf(demo!.id, other!.id, 'auditor');
  const [lot] = await database.db.insert(parkingLots).values({ tenantId: demo!.id, name: '收款停车场', type: 1, kind: 'lane' }).returning();
  lotId = lot!.id;
});
afterAll(() => database.close());

describe('recording payments', () => {
  it('takes partial payments until nothing is unpaid, then the record is paid', async () => {
    const record = await newRecord(1000);
    const first = await pay(record.id, 300);
    expect(first).toMatchObject({ repeated: false, payment: { recordId: record.id, amount: 300, channel: 'cash', refunded: 0, status: 'succeeded', operatorId: cashier.userId } });
    expect(await recordOf(record.id)).toMatchObject({ paid: 300, unpaid: 700, state: 'awaiting_payment' });
    await pay(record.id, 700, key(), { channel: 'wechat' });
    expect(await recordOf(record.id)).toMatchObject({ amountDue: 1000, discount: 0, paid: 1000, unpaid: 0, state: 'paid' });
    const logs = await database.db.select().from(operationLogs).where(eq(operationLogs.targetId, first.payment.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]!.summary).toContain('收款 3.00 元');
  });

  it('closes a record left unpaid (欠费) once settled, its car long gone, and keeps a prepaid car parked', async () => {
    const left = await newRecord(500, 'unpaid');
    await pay(left.id, 500);
    expect(await recordOf(left.id)).toMatchObject({ state: 'closed', paid: 500, unpaid: 0 });
    const parked = await newRecord(200, 'parked');
    await pay(parked.id, 200);
    expect(await recordOf(parked.id)).toMatchObject({ state: 'parked', paid: 200, unpaid: 0 });
  });

  it('refuses more than is unpaid, a void record and a record with nothing unpaid, writing nothing', async () => {
    const record = await newRecord(800, 'awaiting_payment', 100);
    await expect(pay(record.id, 701)).rejects.toMatchObject({ statusCode: 400, message: '支付金额（7.01 元）不能超过待付金额（7.00 元）' });
    const voided = await newRecord(800, 'void');
    await expect(pay(voided.id, 100)).rejects.toMatchObject({ statusCode: 400, message: '停车记录已作废，不能收款' });
    const closed = await newRecord(0, 'closed');
    await expect(pay(closed.id, 1)).rejects.toMatchObject({ statusCode: 400, message: '该停车记录没有待付金额' });
    await expect(pay('00000000-0000-4000-8000-000000000000', 1)).rejects.toMatchObject({ statusCode: 404 });
    for (const id of [record.id, voided.id, closed.id]) expect(await paymentsOf(id)).toHaveLength(0);
    expect(await recordOf(record.id)).toMatchObject({ paid: 0, unpaid: 700 });
  });
});

describe('idempotency', () => {
  it('answers a repeated key with the first payment and moves money once, even after the record is settled', async () => {
    const record = await newRecord(600);
    const k = key();
    const first = await pay(record.id, 600, k);
    const again = await pay(record.id, 600, k, { payer: '别的付款人' });
    expect(again).toEqual({ payment: first.payment, repeated: true });
    expect(await paymentsOf(record.id)).toHaveLength(1);
    expect(await recordOf(record.id)).toMatchObject({ paid: 600, unpaid: 0, state: 'paid' });
  });

  it('refuses with 409 a key reused for another record, channel or amount', async () => {
    const record = await newRecord(600);
    const other = await newRecord(600);
    const k = key();
    await pay(record.id, 100, k);
    const reused = { statusCode: 409, message: '该幂等键已用于另一笔支付（停车记录、渠道或金额不同），请换一个幂等键' };
    await expect(pay(record.id, 200, k)).rejects.toMatchObject(reused);
    await expect(pay(record.id, 100, k, { channel: 'alipay' })).rejects.toMatchObject(reused);
    await expect(pay(other.id, 100, k)).rejects.toMatchObject(reused);
    expect(await paymentsOf(other.id)).toHaveLength(0);
    expect(await recordOf(record.id)).toMatchObject({ paid: 100, unpaid: 500 });
  });

  it('creates exactly one payment from 100 concurrent calls with one key', async () => {
    const record = await newRecord(5000);
    const k = key();
    const results = await Promise.all(Array.from({ length: 100 }, () => pay(record.id, 1200, k)));
    expect(new Set(results.map((r) => r.payment.id)).size).toBe(1);
    expect(results.filter((r) => !r.repeated)).toHaveLength(1);
    expect(await paymentsOf(record.id)).toHaveLength(1);
    expect(await recordOf(record.id)).toMatchObject({ paid: 1200, unpaid: 3800 });
  });

  it('never lets concurrent payments with different keys pay more than is unpaid', async () => {
    const record = await newRecord(1000);
    const settled = await Promise.allSettled(Array.from({ length: 20 }, () => pay(record.id, 100)));
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(10);
    expect(await recordOf(record.id)).toMatchObject({ paid: 1000, unpaid: 0, state: 'paid' });
  });
});

describe('refunds', () => {
  it('gives money back only when another user approves: paid goes down, the discount up, unpaid stays', async () => {
    const record = await newRecord(1000);
    const { payment } = await pay(record.id, 600);
    const refund = await askRefund({ paymentId: payment.id, amount: 200, reason: '计费有误' });
    expect(refund).toMatchObject({ status: 'requested', amount: 200, requestedBy: cashier.userId, decidedBy: null, recordId: record.id });
    expect(await recordOf(record.id)).toMatchObject({ paid: 600, unpaid: 400 });

    await expect(approve(refund.id, cashier)).rejects.toMatchObject({ statusCode: 400, message: '不能审核自己申请的退款，请由其他人审核' });
    await expect(reject(refund.id, cashier)).rejects.toMatchObject({ statusCode: 400 });
    const approved = await approve(refund.id);
    expect(approved).toMatchObject({ status: 'approved', decidedBy: auditor.userId });
    expect(approved.decidedAt).toBe(decidedAt.toISOString());
    expect(await recordOf(record.id)).toMatchObject({ amountDue: 1000, discount: 200, paid: 400, unpaid: 400, state: 'awaiting_payment' });
    await expect(approve(refund.id)).rejects.toMatchObject({ statusCode: 409, message: '该退款已审核，不能重复审核' });
    const [log] = await database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.targetId, refund.id), eq(operationLogs.action, 'update')));
    expect(log).toMatchObject({
      summary: `同意退款：停车记录「${record.plateNumber}」2.00 元`,
      before: { status: 'requested', discount: 0, paid: 600, unpaid: 400 },
      after: { status: 'approved', discount: 200, paid: 400 },
    });
  });

  it('refuses to ask for more than the payment less what is refunded or waiting, and a rejection frees it', async () => {
    const record = await newRecord(500);
    const { payment } = await pay(record.id, 500);
    const waiting = await askRefund({ paymentId: payment.id, amount: 300, reason: '重复扣费' });
    await expect(askRefund({ paymentId: payment.id, amount: 201, reason: '重复扣费' })).rejects.toMatchObject({
      statusCode: 400,
      message: '退款金额（2.01 元）不能超过可退金额（2.00 元，已扣除已退和待审核的退款）',
    });
    await reject(waiting.id);
    expect(await recordOf(record.id)).toMatchObject({ paid: 500, discount: 0, state: 'paid' });
    const [log] = await database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.targetId, waiting.id), eq(operationLogs.action, 'update')));
    expect(log).toMatchObject({ summary: `驳回退款：停车记录「${record.plateNumber}」3.00 元`, before: { status: 'requested' }, after: { status: 'rejected', remark: '不符合退款条件' } });
    const whole = await askRefund({ paymentId: payment.id, amount: 500, reason: '车主投诉' });
    await approve(whole.id);
    expect(await recordOf(record.id)).toMatchObject({ paid: 0, discount: 500, unpaid: 0, state: 'paid' });
    await expect(askRefund({ paymentId: payment.id, amount: 1, reason: '再退' })).rejects.toMatchObject({ statusCode: 400 });
    expect(await database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(2);
  });

  it('refuses a refund of a voided payment (the provider never took it) and writes nothing; the list filters payments by status', async () => {
    const record = await newRecord(800);
    const { payment: kept } = await pay(record.id, 300);
    const { payment: voided } = await pay(record.id, 500);
    // as reconciliation's 以渠道为准 leaves a 渠道漏单
    await database.db.update(payments).set({ status: 'voided' }).where(eq(payments.id, voided.id));
    const logsBefore = await database.db.select().from(operationLogs).where(eq(operationLogs.target, 'refund'));
    await expect(askRefund({ paymentId: voided.id, amount: 100, reason: '重复扣费' })).rejects.toMatchObject({ statusCode: 400, message: '该笔支付已作废，不能退款' });
    expect(await database.db.select().from(refunds).where(eq(refunds.paymentId, voided.id))).toEqual([]);
    expect(await database.db.select().from(operationLogs).where(eq(operationLogs.target, 'refund'))).toHaveLength(logsBefore.length);
    // the other payment of the record is still refundable
    expect(await askRefund({ paymentId: kept.id, amount: 100, reason: '重复扣费' })).toMatchObject({ paymentId: kept.id, status: 'requested' });

    const listed = (status?: 'succeeded' | 'voided') => listPayments(database.db, cashier, { currentPage: 1, pageSize: 10, recordId: record.id, status });
    expect((await listed('voided')).list.map((p) => [p.id, p.status])).toEqual([[voided.id, 'voided']]);
    expect((await listed('succeeded')).list.map((p) => p.id)).toEqual([kept.id]);
    expect((await listed()).pagination.total).toBe(2);
  });
});

describe('the money invariant', () => {
  /** mulberry32: the same sequences on every run */
  const random = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  it('keeps payments − approved refunds = paid and due − discount = paid + unpaid over random sequences', async () => {
    const next = random(20261121);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const channels: readonly PaymentChannel[] = ['wechat', 'alipay', 'cash', 'balance', 'sandbox'];
    const records = await Promise.all(Array.from({ length: 12 }, () => newRecord(100 + Math.floor(next() * 5000), pick(['awaiting_payment', 'unpaid'] as const), Math.floor(next() * 50))));
    const keys: string[] = [];
    for (let step = 0; step < 240; step++) {
      const record = pick(records);
      const current = await recordOf(record.id);
      const roll = next();
      try {
        if (roll < 0.45) {
          // mostly what is owed or less, sometimes too much
          const amount = 1 + Math.floor(next() * (current.unpaid + 50));
          const k = keys.length && next() < 0.2 ? pick(keys) : key();
          keys.push(k);
          await pay(record.id, amount, k, { channel: pick(channels) });
        } else {
          const mine = await paymentsOf(record.id);
          if (!mine.length) continue;
          if (roll < 0.75) {
            await askRefund({ paymentId: pick(mine).id, amount: 1 + Math.floor(next() * 400), reason: '随机退款' }, pick([cashier, auditor]));
          } else {
            const open = await database.db
              .select()
              .from(refunds)
              .where(and(eq(refunds.recordId, record.id), eq(refunds.status, 'requested')));
            if (!open.length) continue;
            const chosen = pick(open);
            const decider = pick([cashier, auditor]);
            await (next() < 0.7 ? approve(chosen.id, decider) : reject(chosen.id, decider));
          }
        }
      } catch (error) {
        // refusals are part of the walk; anything else is a bug
        expect((error as { statusCode?: number }).statusCode, String(error)).toBeGreaterThanOrEqual(400);
        expect((error as { statusCode?: number }).statusCode).toBeLessThan(500);
      }
    }
    let moved = 0;
    for (const record of records) {
      const now = await recordOf(record.id);
      const paidIn = (await paymentsOf(record.id)).reduce((sum, p) => sum + p.amount, 0);
      const given = (
        await database.db
          .select()
          .from(refunds)
          .where(and(eq(refunds.recordId, record.id), eq(refunds.status, 'approved')))
      ).reduce((sum, r) => sum + r.amount, 0);
      expect(paidIn - given, `record ${now.plateNumber}`).toBe(now.paid);
      expect(now.amountDue - now.discount).toBe(now.paid + now.unpaid);
      expect(now.discount).toBe(record.discount + given);
      expect(Math.min(now.paid, now.unpaid, now.discount)).toBeGreaterThanOrEqual(0);
      moved += paidIn;
    }
    expect(moved).toBeGreaterThan(0);
  });
});
