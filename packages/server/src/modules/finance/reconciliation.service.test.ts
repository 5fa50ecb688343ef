import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay, paymentInput, reconciliationResolveInput, refundDecision, refundInput, sandboxSignatureHeader, type ReconciliationResolveInput } from '@parking/contract';
import type { Database } from '../../db/client.js';
import {
  gatewayOrders,
  operationLogs,
  parkingLots,
  parkingRecords,
  payments,
  reconciliationMistakes,
  recoveryRecords,
  refunds,
  revenueDaily,
  sandboxRefunds,
  systemMessages,
  tenants,
  users,
} from '../../db/schema/index.js';
import { seededTestDatabase } from '../../test/test-app.js';
import type { AuthContext } from '../../types.js';
import { receiveGatewayNotice } from '../payments/driver-record.service.js';
import { GatewayRefundError } from '../payments/gateway/payment-gateway.js';
import { recordPayment } from '../payments/payment.service.js';
import { approveRefund, requestRefund, type GatewayRefunder } from '../payments/refund.service.js';
import { sandboxGateway, type NoticeDelivery } from '../payments/gateway/sandbox-gateway.js';
import { sandboxBills, type SandboxBillAdjustment } from '../payments/index.js';
import { listBatches, listMistakes, reconcileDay, resolveMistake } from './reconciliation.service.js';
import { revenueDrift } from './revenue-report.repository.js';

// our clock and the sandbox's: 2026-04-01 10:00 in Shanghai; each test uses its own March day
const now = new Date('2026-04-01T10:00:00+08:00');
let sandboxNow = now;
const shanghai = (wallClock: string) => new Date(`${wallClock}+08:00`);
let database: Database;
let finance: AuthContext;
/** asks for refunds, which finance approves: no one approves their own */
let admin: AuthContext;
let lotId: string;
let sequence = 0;
const adjustments: SandboxBillAdjustment[] = [];
/** gateway orders whose notice never reaches us, as when the provider's call is lost */
const lostNotices = new Set<string>();
const bills = () => sandboxBills(database.db, { now: () => sandboxNow, billAdjustments: adjustments });

let sandbox: ReturnType<typeof sandboxGateway>;
const deliver: NoticeDelivery = async (_path, body, headers) => {
  const notice = JSON.parse(body) as { gatewayOrderNo: string };
  if (lostNotices.has(notice.gatewayOrderNo)) return;
  await receiveGatewayNotice(database.db, sandbox.gateway, body, headers[sandboxSignatureHeader], '127.0.0.1', now);
};

/** A driver pays `amount` for a stay through the sandbox's cashier at the given Shanghai wall-clock time. */
const driverPays = async (amount: number, at: string, options: { lost?: boolean; state?: 'awaiting_payment' | 'unpaid' } = {}) => {
  const state = options.state ?? 'awaiting_payment';
  const [record] = await database.db
    .insert(parkingRecords)
    .values({
      tenantId: finance.tenantId,
      lotId,
      plateNumber: `京R${String(++sequence).padStart(5, '0')}`,
      state,
      amountDue: amount,
      unpaid: amount,
      enteredAt: new Date(shanghai(at).getTime() - 3_600_000),
      exitedAt: state === 'unpaid' ? new Date(shanghai(at).getTime() - 600_000) : null,
    })
    .returning();
  const no = `GO${String(sequence).padStart(6, '0')}`;
  await database.db.insert(gatewayOrders).values({
    tenantId: finance.tenantId,
    gatewayOrderNo: no,
    provider: 'sandbox',
    recordId: record!.id,
    amount,
    amountDue: amount,
    discount: 0,
    pricedAt: shanghai(at),
    createdAt: shanghai(at),
  });
  await sandbox.gateway.create({
    gatewayOrderNo: no,
    amount,
    subject: `对账停车场 停车费 ${record!.plateNumber}`,
    notifyUrl: 'https://parking.example/notify',
    returnUrl: 'https://parking.example/r',
  });
  if (options.lost) lostNotices.add(no);
  await sandbox.decide(no, 'paid', shanghai(at));
  return { no, record: record! };
};

const recordOf = async (id: string) => (await database.db.select().from(parkingRecords).where(eq(parkingRecords.id, id)))[0]!;
const mistakesOf = (batchNo: string, status?: 'pending' | 'unhandled' | 'resolved') => listMistakes(database.db, finance, { currentPage: 1, pageSize: 100, batchNo, status });
const batchOf = async (batchNo: string) => (await listBatches(database.db, finance, { currentPage: 1, pageSize: 10, batchNo })).list[0];
const messagesAbout = async (batchNo: string) =>
  (
    await database.db
      .select()
      .from(systemMessages)
      .where(and(eq(systemMessages.tenantId, finance.tenantId), eq(systemMessages.messageType, 10)))
  ).filter((m) => m.messageText.startsWith(`对账批次「${batchNo}」存在 `) && m.messageText.endsWith(' 笔差错，请核对'));
const resolve = (id: string, input: ReconciliationResolveInput, gateway: GatewayRefunder = sandbox.gateway) =>
  resolveMistake(database.db, finance, id, reconciliationResolveInput.parse(input), now, gateway);
const run = (day: string) => reconcileDay(database.db, bills(), day, now);

beforeAll(async () => {
  database = await seededTestDatabase();
  sandbox = sandboxGateway(database.db, 'sandbox-secret', deliver, { now: () => sandboxNow });
  const [mw] = await database.db.select().from(tenants).where(eq(tenants.code, 'mw'));
  const [user] = await database.db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, mw!.id), eq(users.account, 'mwfinance')));
  finance = {
    sessionId: 's',
    userId: user!.id,
    tenantId: mw!.id,
    tenantCode: 'mw',
    account: 'mwfinance',
    isAdministrator: false,
    onPlatformTenant: false,
    ip: '127.0.0.1',
    userAgent: 'vitest',
  };
  const [adminUser] = await database.db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, mw!.id), eq(users.account, 'mwadmin')));
  admin = { ...finance, sessionId: 'a', userId: adminUser!.id, account: 'mwadmin' };
  const [lot] = await database.db.insert(parkingLots).values({ tenantId: mw!.id, name: '对账停车场', type: 1, kind: 'lane' }).returning();
  lotId = lot!.id;
});
afterAll(() => database.close());

describe('a day on which the provider agrees', () => {
  it('is one 成功 batch per tenant with both sides counted and summed, no mistake and no message', async () => {
    await driverPays(500, '2026-03-02T09:00:00');
    await driverPays(1250, '2026-03-02T18:30:00');
    const outcome = await run('2026-03-02');
    expect(outcome).toMatchObject({ state: 'succeeded', newMistakes: 0, unattributed: 0 });
    expect(await batchOf('20260302-01')).toMatchObject({
      day: '2026-03-02',
      channel: 'sandbox',
      state: 'succeeded',
      ourCount: 2,
      ourAmount: 1750,
      channelCount: 2,
      channelAmount: 1750,
      mistakeCount: 0,
      unhandledCount: 0,
    });
    expect((await mistakesOf('20260302-01')).list).toEqual([]);
  });

  it('is 无账单 while the provider has no bill yet, and 失败 when its bill cannot be read', async () => {
    sandboxNow = shanghai('2026-03-03T10:00:00');
    expect((await run('2026-03-03')).state).toBe('no_bill');
    expect(await batchOf('20260303-01')).toMatchObject({ state: 'no_bill', channelCount: 0 });
    sandboxNow = now;
    const broken = { provider: 'sandbox' as const, bill: async () => '交易时间,公众账号ID\n`not a bill' };
    expect((await reconcileDay(database.db, broken, '2026-03-03', now)).state).toBe('failed');
    expect(await batchOf('20260303-01')).toMatchObject({ state: 'failed', remark: expect.stringContaining('账单无法读取') });
  });
});

describe('mistakes of each kind', () => {
  it('finds a 我方漏单 when the provider has a paid trade whose notice we never had, and ignores a trade of no tenant', async () => {
    const lost = await driverPays(800, '2026-03-05T12:00:00', { lost: true });
    adjustments.push({ kind: 'extraTrade', orderNo: 'NOT-OURS-0305', amount: 300, at: shanghai('2026-03-05T13:00:00') });
    const outcome = await run('2026-03-05');
    expect(outcome).toMatchObject({ newMistakes: 1, unattributed: 1 });
    expect((await mistakesOf('20260305-01')).list).toEqual([
      expect.objectContaining({ kind: 'our_missing', orderNo: lost.no, ourAmount: 0, channelAmount: 800, balance: '长款', status: 'unhandled', resolutions: ['channel', 'ours'] }),
    ]);
    expect(await batchOf('20260305-01')).toMatchObject({ ourCount: 0, channelCount: 1, channelAmount: 800, mistakeCount: 1, unhandledCount: 1 });
    expect(await messagesAbout('20260305-01')).toHaveLength(1);
  });

  it('finds a 渠道漏单 when a payment of ours is not on the bill, and a 金额不符 as 长款 or 短款', async () => {
    const dropped = await driverPays(600, '2026-03-06T10:00:00');
    const more = await driverPays(700, '2026-03-06T11:00:00');
    const less = await driverPays(900, '2026-03-06T12:00:00');
    adjustments.push({ kind: 'dropTrade', orderNo: dropped.no }, { kind: 'changeAmount', orderNo: more.no, amount: 750 }, { kind: 'changeAmount', orderNo: less.no, amount: 850 });
    await run('2026-03-06');
    const byOrder = Object.fromEntries((await mistakesOf('20260306-01')).list.map((m) => [m.orderNo, m]));
    expect(byOrder[dropped.no]).toMatchObject({ kind: 'channel_missing', ourAmount: 600, channelAmount: 0, balance: '短款', resolutions: ['channel', 'ours'] });
    // the record was settled by its payment: the provider's extra can only be given back
    expect(byOrder[more.no]).toMatchObject({ kind: 'amount_mismatch', ourAmount: 700, channelAmount: 750, balance: '长款', resolutions: ['refund', 'ours'] });
    expect(byOrder[less.no]).toMatchObject({ kind: 'amount_mismatch', ourAmount: 900, channelAmount: 850, balance: '短款', resolutions: ['ours'] });
    expect(await batchOf('20260306-01')).toMatchObject({ ourCount: 3, ourAmount: 2200, channelCount: 2, channelAmount: 1600, mistakeCount: 3, unhandledCount: 3 });
  });

  it('finds a 状态不符 for a refund on one side only: ours approved (never sent to the provider), or the provider’s alone', async () => {
    const refunded = await driverPays(1000, '2026-03-07T09:00:00');
    const [payment] = await database.db.select().from(payments).where(eq(payments.recordId, refunded.record.id));
    const [refund] = await database.db
      .insert(refunds)
      .values({
        tenantId: finance.tenantId,
        paymentId: payment!.id,
        recordId: refunded.record.id,
        amount: 400,
        reason: '重复收费',
        status: 'approved',
        requestedBy: finance.userId,
        decidedAt: shanghai('2026-03-07T15:00:00'),
      })
      .returning();
    const theirs = await driverPays(500, '2026-03-07T10:00:00');
    adjustments.push({ kind: 'extraRefund', orderNo: theirs.no, refundNo: 'RF-0307', amount: 200, at: shanghai('2026-03-07T16:00:00') });
    await run('2026-03-07');
    const found = (await mistakesOf('20260307-01')).list;
    expect(found).toHaveLength(2);
    expect(found).toContainEqual(expect.objectContaining({ kind: 'state_mismatch', orderNo: refunded.no, refundNo: refund!.id, ourAmount: 400, channelAmount: 0, balance: '长款' }));
    expect(found).toContainEqual(expect.objectContaining({ kind: 'state_mismatch', orderNo: theirs.no, refundNo: 'RF-0307', ourAmount: 0, channelAmount: 200, balance: '短款' }));
    expect(await batchOf('20260307-01')).toMatchObject({ ourRefundCount: 1, ourRefundAmount: 400, channelRefundCount: 1, channelRefundAmount: 200 });
  });
});

describe('running a day again', () => {
  it('changes nothing: the same batch, the same mistakes and no second message', async () => {
    const before = { batch: await batchOf('20260306-01'), mistakes: (await mistakesOf('20260306-01')).list };
    const messages = await database.db.select().from(systemMessages).where(eq(systemMessages.tenantId, finance.tenantId));
    expect((await run('2026-03-06')).newMistakes).toBe(0);
    expect(await batchOf('20260306-01')).toEqual(before.batch);
    expect((await mistakesOf('20260306-01')).list).toEqual(before.mistakes);
    expect(await database.db.select().from(systemMessages).where(eq(systemMessages.tenantId, finance.tenantId))).toHaveLength(messages.length);
  });
});

describe('a payment near midnight missing from its day’s bill', () => {
  it('waits for the next day’s bill, and is no mistake when that bill has it', async () => {
    const late = await driverPays(300, '2026-03-10T23:58:00');
    adjustments.push({ kind: 'dropTrade', orderNo: late.no }, { kind: 'extraTrade', orderNo: late.no, amount: 300, at: shanghai('2026-03-11T00:00:30') });
    sandboxNow = shanghai('2026-03-11T10:00:00');
    expect((await run('2026-03-10')).newMistakes).toBe(0);
    expect((await mistakesOf('20260310-01', 'pending')).list).toEqual([expect.objectContaining({ kind: 'channel_missing', orderNo: late.no, status: 'pending' })]);
    expect((await mistakesOf('20260310-01')).list).toEqual([]);
    expect(await batchOf('20260310-01')).toMatchObject({ mistakeCount: 0, unhandledCount: 0 });
    sandboxNow = now;
    await run('2026-03-10');
    expect((await mistakesOf('20260310-01', 'pending')).list).toEqual([]);
    expect((await run('2026-03-11')).newMistakes).toBe(0);
  });

  it('becomes a 渠道漏单 with its message when the next day’s bill does not have it either', async () => {
    const late = await driverPays(400, '2026-03-12T23:55:00');
    adjustments.push({ kind: 'dropTrade', orderNo: late.no });
    sandboxNow = shanghai('2026-03-13T10:00:00');
    await run('2026-03-12');
    expect(await messagesAbout('20260312-01')).toHaveLength(0);
    sandboxNow = now;
    expect((await run('2026-03-12')).newMistakes).toBe(1);
    expect((await mistakesOf('20260312-01')).list).toEqual([expect.objectContaining({ kind: 'channel_missing', orderNo: late.no, status: 'unhandled' })]);
    expect(await messagesAbout('20260312-01')).toHaveLength(1);
  });
});

describe('resolving a mistake', () => {
  it('以渠道为准 books a 我方漏单 through the payment path: the record in arrears settles, the money adds up, the message is handled', async () => {
    const lost = await driverPays(1200, '2026-03-15T08:00:00', { lost: true, state: 'unpaid' });
    await run('2026-03-15');
    const [mistake] = (await mistakesOf('20260315-01')).list;
    const resolved = await resolve(mistake!.id, { resolution: 'channel' });
    expect(resolved).toMatchObject({ status: 'resolved', resolution: 'channel', resolvedByName: expect.any(String), resolutions: [] });

    const record = await recordOf(lost.record.id);
    expect(record).toMatchObject({ paid: 1200, unpaid: 0 });
    expect(record.state).not.toBe('unpaid');
    const booked = await database.db.select().from(payments).where(eq(payments.recordId, lost.record.id));
    expect(booked).toEqual([expect.objectContaining({ channel: 'sandbox', amount: 1200, idempotencyKey: lost.no })]);
    // the money invariant: due − discount = paid + unpaid, and payments − approved refunds = paid
    expect(record.amountDue - record.discount).toBe(record.paid + record.unpaid);
    expect(booked.reduce((sum, p) => sum + p.amount, 0)).toBe(record.paid);
    expect(await database.db.select().from(recoveryRecords).where(eq(recoveryRecords.recordId, lost.record.id))).toHaveLength(1);
    const [order] = await database.db.select().from(gatewayOrders).where(eq(gatewayOrders.gatewayOrderNo, lost.no));
    expect(order).toMatchObject({ state: 'paid', paymentId: booked[0]!.id });
    // dated by the provider's trade, so 营收报表 counts it as 实收 of that day, not of the booking's
    expect(booked[0]!.paidAt).toEqual(order!.paidAt);
    expect(businessDay(booked[0]!.paidAt)).toBe('2026-03-15');
    const kept = await database.db
      .select()
      .from(revenueDaily)
      .where(and(eq(revenueDaily.tenantId, finance.tenantId), eq(revenueDaily.day, '2026-03-15'), eq(revenueDaily.channel, 'sandbox')));
    expect(kept.reduce((sum, row) => sum + row.received, 0)).toBe(1200);

    expect(await batchOf('20260315-01')).toMatchObject({ mistakeCount: 1, unhandledCount: 0 });
    expect((await messagesAbout('20260315-01')).map((m) => m.status)).toEqual([1]);
    const logs = await database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.target, 'reconciliationMistake'), eq(operationLogs.targetId, mistake!.id)));
    expect(logs).toEqual([expect.objectContaining({ module: 'finance', action: 'update', account: 'mwfinance' })]);
    expect(logs[0]!.summary).toContain('以渠道为准');

    // the day run again keeps the resolution and finds the booked payment on both sides
    expect((await run('2026-03-15')).newMistakes).toBe(0);
    expect(await batchOf('20260315-01')).toMatchObject({ ourCount: 1, ourAmount: 1200, channelCount: 1, mistakeCount: 1, unhandledCount: 0 });
  });

  it('refuses 以渠道为准 of a 我方漏单 whose record was voided meanwhile, changing nothing', async () => {
    const lost = await driverPays(500, '2026-03-16T08:00:00', { lost: true });
    await database.db.update(parkingRecords).set({ state: 'void' }).where(eq(parkingRecords.id, lost.record.id));
    await run('2026-03-16');
    const [mistake] = (await mistakesOf('20260316-01')).list;
    expect(mistake!.resolutions).toEqual(['refund', 'ours']);
    await expect(resolve(mistake!.id, { resolution: 'channel' })).rejects.toMatchObject({ statusCode: 400, message: '我方漏单不能以渠道为准' });
    expect((await mistakesOf('20260316-01')).list[0]).toMatchObject({ status: 'unhandled' });
    const [order] = await database.db.select().from(gatewayOrders).where(eq(gatewayOrders.gatewayOrderNo, lost.no));
    expect(order).toMatchObject({ state: 'created', paymentId: null });
  });

  it('以我方为准 keeps our records with the remark it requires; a kind’s other resolutions and a second resolution are refused', async () => {
    const listed = (await mistakesOf('20260306-01')).list;
    const missing = listed.find((m) => m.kind === 'channel_missing');
    const less = listed.find((m) => m.kind === 'amount_mismatch' && m.channelAmount === 850);
    expect(() => reconciliationResolveInput.parse({ resolution: 'ours' })).toThrow('以我方为准须填写处理说明');
    await expect(resolve(less!.id, { resolution: 'channel' })).rejects.toMatchObject({ statusCode: 400, message: '金额不符不能以渠道为准' });
    await expect(resolve(less!.id, { resolution: 'refund' })).rejects.toMatchObject({ statusCode: 400, message: '金额不符不能退还重复支付' });
    const paidBefore = await database.db.select().from(payments);
    const resolved = await resolve(missing!.id, { resolution: 'ours', remark: '渠道已确认到账，次日补入账单' });
    expect(resolved).toMatchObject({ status: 'resolved', resolution: 'ours', remark: '渠道已确认到账，次日补入账单' });
    expect(await database.db.select().from(payments)).toHaveLength(paidBefore.length);
    await expect(resolve(missing!.id, { resolution: 'ours', remark: '再次处理' })).rejects.toMatchObject({ statusCode: 409 });
    expect(await batchOf('20260306-01')).toMatchObject({ mistakeCount: 3, unhandledCount: 2 });
    const stored = await database.db.select().from(reconciliationMistakes).where(eq(reconciliationMistakes.id, missing!.id));
    expect(stored[0]).toMatchObject({ resolvedBy: finance.userId, resolvedAt: now });
  });
});

/** the provider's refunds of an order, as it keeps them */
const providerRefundsOf = (orderNo: string) => database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.gatewayOrderNo, orderNo));
const paymentOf = async (recordId: string) => (await database.db.select().from(payments).where(eq(payments.recordId, recordId)))[0]!;
const askRefund = async (recordId: string, amount: number) =>
  requestRefund(database.db, admin, refundInput.parse({ paymentId: (await paymentOf(recordId)).id, amount, reason: '车主投诉重复计时' }));
const approve = (id: string, at: string, gateway: GatewayRefunder = sandbox.gateway) => approveRefund(database.db, finance, id, refundDecision.parse({}), { gateway, now: shanghai(at) });
/** A provider that accepts a refund and never gives it (an asynchronous refund that ended 退款异常). */
const losesRefunds: GatewayRefunder = {
  refund: async (r) => ({ refundNo: r.refundNo, providerRefundNo: `SBR${r.refundNo}`, amount: r.amount, at: r.at.toISOString() }),
};
const expectBalanced = async (recordId: string) => {
  const record = await recordOf(recordId);
  const taken = (
    await database.db
      .select()
      .from(payments)
      .where(and(eq(payments.recordId, recordId), eq(payments.status, 'succeeded')))
  ).reduce((sum, p) => sum + p.amount, 0);
  const given = (
    await database.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.recordId, recordId), eq(refunds.status, 'approved')))
  ).reduce((sum, r) => sum + r.amount, 0);
  expect(record.amountDue - record.discount).toBe(record.paid + record.unpaid);
  expect(taken - given).toBe(record.paid);
  return record;
};

describe('a refund of an online payment approved in the console', () => {
  it('is given back at the provider with our refund’s id, is on the bill of its day, and that day reconciles without a mistake', async () => {
    const paid = await driverPays(1000, '2026-03-18T09:00:00');
    const asked = await askRefund(paid.record.id, 300);
    const approved = await approve(asked.id, '2026-03-18T15:00:00');
    expect(approved).toMatchObject({ status: 'approved', decidedAt: shanghai('2026-03-18T15:00:00').toISOString() });
    expect(await providerRefundsOf(paid.no)).toEqual([expect.objectContaining({ refundNo: asked.id, amount: 300, refundedAt: shanghai('2026-03-18T15:00:00') })]);
    expect(await expectBalanced(paid.record.id)).toMatchObject({ paid: 700, discount: 300 });

    await expect(approve(asked.id, '2026-03-18T16:00:00')).rejects.toMatchObject({ statusCode: 409, message: '该退款已审核，不能重复审核' });
    expect(await providerRefundsOf(paid.no)).toHaveLength(1);

    expect((await run('2026-03-18')).newMistakes).toBe(0);
    expect((await mistakesOf('20260318-01')).list).toEqual([]);
    expect(await batchOf('20260318-01')).toMatchObject({
      ourCount: 1,
      channelCount: 1,
      ourRefundCount: 1,
      ourRefundAmount: 300,
      channelRefundCount: 1,
      channelRefundAmount: 300,
      mistakeCount: 0,
    });
  });

  it('stays 待审核 with the record unchanged when the provider refuses or does not answer, and goes through once it does', async () => {
    const paid = await driverPays(800, '2026-03-24T09:00:00');
    const asked = await askRefund(paid.record.id, 800);
    const before = await recordOf(paid.record.id);
    const refuses: GatewayRefunder = {
      refund: async () => {
        throw new GatewayRefundError('交易已关闭');
      },
    };
    const silent: GatewayRefunder = {
      refund: async () => {
        throw new Error('connect ETIMEDOUT');
      },
    };
    await expect(approve(asked.id, '2026-03-24T10:00:00', refuses)).rejects.toMatchObject({ statusCode: 409, message: '渠道退款失败：交易已关闭，请稍后重试' });
    await expect(approve(asked.id, '2026-03-24T10:00:00', silent)).rejects.toMatchObject({ statusCode: 409, message: '渠道退款失败：支付渠道无响应，请稍后重试' });
    const noProvider = approveRefund(database.db, finance, asked.id, refundDecision.parse({}), { gateway: undefined, now: shanghai('2026-03-24T10:00:00') });
    await expect(noProvider).rejects.toMatchObject({ statusCode: 400, message: '未接入支付渠道，不能原路退回线上支付的款项' });
    const [stored] = await database.db.select().from(refunds).where(eq(refunds.id, asked.id));
    expect(stored).toMatchObject({ status: 'requested', decidedBy: null, decidedAt: null });
    expect(await recordOf(paid.record.id)).toEqual(before);
    expect(await providerRefundsOf(paid.no)).toEqual([]);
    expect(
      await database.db
        .select()
        .from(operationLogs)
        .where(and(eq(operationLogs.targetId, asked.id), eq(operationLogs.action, 'update'))),
    ).toEqual([]);

    await approve(asked.id, '2026-03-24T11:00:00');
    expect(await providerRefundsOf(paid.no)).toEqual([expect.objectContaining({ refundNo: asked.id, amount: 800 })]);
  });
});

describe('resolving a mistake by the channel’s side', () => {
  it('以渠道为准 of a 渠道漏单 voids our payment: the car gone owes it again (欠费), and the day reconciled again no longer counts it', async () => {
    const dropped = await driverPays(600, '2026-03-19T10:00:00', { state: 'unpaid' });
    expect(await recordOf(dropped.record.id)).toMatchObject({ state: 'closed', paid: 600, unpaid: 0 });
    adjustments.push({ kind: 'dropTrade', orderNo: dropped.no });
    await run('2026-03-19');
    const [mistake] = (await mistakesOf('20260319-01')).list;
    expect(mistake).toMatchObject({ kind: 'channel_missing', resolutions: ['channel', 'ours'] });
    const payment = await paymentOf(dropped.record.id);

    expect(await resolve(mistake!.id, { resolution: 'channel' })).toMatchObject({ status: 'resolved', resolution: 'channel' });
    expect(await paymentOf(dropped.record.id)).toMatchObject({ id: payment.id, status: 'voided', amount: 600 });
    expect(await expectBalanced(dropped.record.id)).toMatchObject({ state: 'unpaid', paid: 0, unpaid: 600 });
    const [order] = await database.db.select().from(gatewayOrders).where(eq(gatewayOrders.gatewayOrderNo, dropped.no));
    expect(order).toMatchObject({ state: 'closed', closedAt: now });
    const [log] = await database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.target, 'payment'), eq(operationLogs.targetId, payment.id), eq(operationLogs.action, 'update')));
    expect(log).toMatchObject({
      module: 'payments',
      account: 'mwfinance',
      before: { payment: { status: 'succeeded' }, paid: 600, unpaid: 0, state: 'closed' },
      after: { payment: { status: 'voided' }, paid: 0, unpaid: 600, state: 'unpaid' },
    });
    await expect(requestRefund(database.db, admin, refundInput.parse({ paymentId: payment.id, amount: 100, reason: '退款' }))).rejects.toMatchObject({ message: '该笔支付已作废，不能退款' });

    expect((await run('2026-03-19')).newMistakes).toBe(0);
    expect(await batchOf('20260319-01')).toMatchObject({ ourCount: 0, channelCount: 0, mistakeCount: 1, unhandledCount: 0 });
  });

  it('以渠道为准 of a 渠道漏单 taken in arrears (追缴) removes its recovery: the record is pursued again and 追缴 no longer counts it', async () => {
    const pursued = await driverPays(900, '2026-03-25T14:00:00', { state: 'unpaid' });
    const payment = await paymentOf(pursued.record.id);
    const recoveryOf = () => database.db.select().from(recoveryRecords).where(eq(recoveryRecords.paymentId, payment.id));
    expect(await recoveryOf()).toEqual([expect.objectContaining({ recordId: pursued.record.id, amount: 900 })]);
    const dayOfLot = async () =>
      (
        await database.db
          .select()
          .from(revenueDaily)
          .where(and(eq(revenueDaily.lotId, lotId), eq(revenueDaily.day, '2026-03-25'), eq(revenueDaily.channel, 'sandbox')))
      ).map((d) => ({ received: Number(d.received), receivedRecovery: Number(d.receivedRecovery), recovered: Number(d.recovered) }));
    expect(await dayOfLot()).toEqual([{ received: 900, receivedRecovery: 900, recovered: 900 }]);
    adjustments.push({ kind: 'dropTrade', orderNo: pursued.no });
    await run('2026-03-25');
    const [mistake] = (await mistakesOf('20260325-01')).list;
    expect(mistake).toMatchObject({ kind: 'channel_missing', ourAmount: 900 });

    await resolve(mistake!.id, { resolution: 'channel' });
    expect(await expectBalanced(pursued.record.id)).toMatchObject({ state: 'unpaid', paid: 0, unpaid: 900 });
    expect(await recoveryOf()).toEqual([]);
    const [log] = await database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.target, 'payment'), eq(operationLogs.targetId, payment.id), eq(operationLogs.action, 'update')));
    expect(log?.after).toMatchObject({ state: 'unpaid', recoveryRemoved: { amount: 900 } });
    // the kept day no longer counts the voided money, received nor recovered, and equals its recomputation
    expect((await dayOfLot()).filter((d) => d.received !== 0 || d.receivedRecovery !== 0 || d.recovered !== 0)).toEqual([]);
    const { kept, recomputed } = await revenueDrift(database.db, finance.tenantId, '2026-03-25', '2026-03-25');
    expect(kept).toEqual(recomputed);
    expect(kept).toEqual([expect.objectContaining({ lot_id: lotId, channel: '', arrears: '900', stays: '1' })]);
  });

  it('以渠道为准 of a refund we gave and the provider did not sends it again with the same number, and the day it is given reconciles clean', async () => {
    const paid = await driverPays(1000, '2026-03-20T09:00:00');
    const asked = await askRefund(paid.record.id, 400);
    await approve(asked.id, '2026-03-20T15:00:00', losesRefunds);
    await run('2026-03-20');
    const [mistake] = (await mistakesOf('20260320-01')).list;
    expect(mistake).toMatchObject({ kind: 'state_mismatch', refundNo: asked.id, ourAmount: 400, channelAmount: 0, resolutions: ['channel', 'ours'] });
    const record = await recordOf(paid.record.id);

    await resolve(mistake!.id, { resolution: 'channel' });
    expect(await providerRefundsOf(paid.no)).toEqual([expect.objectContaining({ refundNo: asked.id, amount: 400, refundedAt: now })]);
    // our books held the refund already
    expect(await recordOf(paid.record.id)).toEqual(record);
    expect(await database.db.select().from(refunds).where(eq(refunds.recordId, paid.record.id))).toHaveLength(1);
    const logs = await database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.target, 'refund'), eq(operationLogs.targetId, asked.id)));
    expect(logs.map((l) => l.summary)).toContain(`对账重新提交渠道退款：${paid.no} 4.00 元`);

    // the provider's refund is on the bill of the day it was given, which holds no mistake of it
    sandboxNow = shanghai('2026-04-02T10:00:00');
    await run('2026-04-01');
    sandboxNow = now;
    expect((await mistakesOf('20260401-01')).list.filter((m) => m.refundNo === asked.id)).toEqual([]);
    expect(await batchOf('20260401-01')).toMatchObject({ channelRefundCount: 1, channelRefundAmount: 400 });
  });

  it('退还重复支付 of a 我方漏单 whose record was settled another way books the trade and gives it back at the provider; a provider refusing rolls it all back', async () => {
    const lost = await driverPays(800, '2026-03-21T10:00:00', { lost: true });
    await recordPayment(database.db, finance, paymentInput.parse({ recordId: lost.record.id, channel: 'cash', amount: 800 }), 'cash-0321-duplicate', shanghai('2026-03-21T10:05:00'));
    await run('2026-03-21');
    const [mistake] = (await mistakesOf('20260321-01')).list;
    expect(mistake).toMatchObject({ kind: 'our_missing', channelAmount: 800, resolutions: ['refund', 'ours'] });
    await expect(resolve(mistake!.id, { resolution: 'channel' })).rejects.toMatchObject({ statusCode: 400 });
    const refuses: GatewayRefunder = {
      refund: async () => {
        throw new GatewayRefundError('余额不足');
      },
    };
    await expect(resolve(mistake!.id, { resolution: 'refund' }, refuses)).rejects.toMatchObject({ statusCode: 409, message: '渠道退款失败：余额不足，请稍后重试' });
    expect(await database.db.select().from(payments).where(eq(payments.recordId, lost.record.id))).toHaveLength(1);
    expect((await mistakesOf('20260321-01')).list[0]).toMatchObject({ status: 'unhandled' });

    expect(await resolve(mistake!.id, { resolution: 'refund' })).toMatchObject({ status: 'resolved', resolution: 'refund' });
    const booked = await database.db.select().from(payments).where(eq(payments.recordId, lost.record.id));
    expect(booked).toHaveLength(2);
    const duplicate = booked.find((p) => p.channel === 'sandbox')!;
    expect(duplicate).toMatchObject({ amount: 800, idempotencyKey: lost.no, status: 'succeeded', paidAt: shanghai('2026-03-21T10:00:00') });
    const [refund] = await database.db.select().from(refunds).where(eq(refunds.paymentId, duplicate.id));
    expect(refund).toMatchObject({ amount: 800, status: 'approved', decidedAt: now });
    expect(await providerRefundsOf(lost.no)).toEqual([expect.objectContaining({ refundNo: refund!.id, amount: 800 })]);
    expect(await expectBalanced(lost.record.id)).toMatchObject({ paid: 800, unpaid: 0, discount: 0 });
    const [order] = await database.db.select().from(gatewayOrders).where(eq(gatewayOrders.gatewayOrderNo, lost.no));
    expect(order).toMatchObject({ state: 'paid', paymentId: duplicate.id });

    expect((await run('2026-03-21')).newMistakes).toBe(0);
    expect(await batchOf('20260321-01')).toMatchObject({ ourCount: 1, channelCount: 1, mistakeCount: 1, unhandledCount: 0 });
  });

  it('a notice for a record already settled another way (paid, no payment, 需退款) is a 状态不符 whose 退还重复支付 books it and gives it back', async () => {
    const late = await driverPays(500, '2026-03-26T09:00:00', { lost: true });
    await recordPayment(database.db, finance, paymentInput.parse({ recordId: late.record.id, channel: 'cash', amount: 500 }), 'cash-0326-duplicate', shanghai('2026-03-26T09:02:00'));
    // the provider's notice comes after all, for a record that no longer takes the money
    lostNotices.delete(late.no);
    await sandbox.decide(late.no, 'paid', shanghai('2026-03-26T09:00:00'));
    const [noticed] = await database.db.select().from(gatewayOrders).where(eq(gatewayOrders.gatewayOrderNo, late.no));
    expect(noticed).toMatchObject({ state: 'paid', paymentId: null });
    expect(noticed!.remark).toMatch(/需退款$/);

    await run('2026-03-26');
    const [mistake] = (await mistakesOf('20260326-01')).list;
    expect(mistake).toMatchObject({ kind: 'state_mismatch', orderNo: late.no, refundNo: '', ourAmount: 0, channelAmount: 500, balance: '长款', resolutions: ['refund', 'ours'] });
    expect(await messagesAbout('20260326-01')).toHaveLength(1);
    await expect(resolve(mistake!.id, { resolution: 'channel' })).rejects.toMatchObject({ statusCode: 400 });

    expect(await resolve(mistake!.id, { resolution: 'refund' })).toMatchObject({ status: 'resolved', resolution: 'refund' });
    const duplicate = (await database.db.select().from(payments).where(eq(payments.recordId, late.record.id))).find((p) => p.channel === 'sandbox')!;
    expect(duplicate).toMatchObject({ amount: 500, idempotencyKey: late.no, status: 'succeeded' });
    const [refund] = await database.db.select().from(refunds).where(eq(refunds.paymentId, duplicate.id));
    expect(refund).toMatchObject({ amount: 500, status: 'approved' });
    expect(await providerRefundsOf(late.no)).toEqual([expect.objectContaining({ refundNo: refund!.id, amount: 500 })]);
    expect(await expectBalanced(late.record.id)).toMatchObject({ paid: 500, unpaid: 0, discount: 0 });
    const [order] = await database.db.select().from(gatewayOrders).where(eq(gatewayOrders.gatewayOrderNo, late.no));
    expect(order).toMatchObject({ state: 'paid', paymentId: duplicate.id });

    expect((await run('2026-03-26')).newMistakes).toBe(0);
    expect(await batchOf('20260326-01')).toMatchObject({ mistakeCount: 1, unhandledCount: 0 });
  });

  it('以渠道为准 of a 长款 金额不符 books the extra when the record still owes it; 退还重复支付 gives it back when the record is settled', async () => {
    const owes = await driverPays(700, '2026-03-22T10:00:00');
    // the stay was priced higher afterwards (an approved correction): 1.00 is still owed
    await database.db.update(parkingRecords).set({ amountDue: 800, unpaid: 100, state: 'awaiting_payment' }).where(eq(parkingRecords.id, owes.record.id));
    const settled = await driverPays(700, '2026-03-22T11:00:00');
    adjustments.push({ kind: 'changeAmount', orderNo: owes.no, amount: 750 }, { kind: 'changeAmount', orderNo: settled.no, amount: 760 });
    await run('2026-03-22');
    const byOrder = Object.fromEntries((await mistakesOf('20260322-01')).list.map((m) => [m.orderNo, m]));
    expect(byOrder[owes.no]).toMatchObject({ kind: 'amount_mismatch', balance: '长款', resolutions: ['channel', 'ours'] });
    expect(byOrder[settled.no]).toMatchObject({ kind: 'amount_mismatch', balance: '长款', resolutions: ['refund', 'ours'] });

    await resolve(byOrder[owes.no]!.id, { resolution: 'channel' });
    const extra = (await database.db.select().from(payments).where(eq(payments.recordId, owes.record.id))).find((p) => p.idempotencyKey === `${owes.no}:extra`);
    expect(extra).toMatchObject({ channel: 'sandbox', amount: 50, paidAt: shanghai('2026-03-22T10:00:00') });
    expect(await expectBalanced(owes.record.id)).toMatchObject({ paid: 750, unpaid: 50, state: 'awaiting_payment' });
    expect(await providerRefundsOf(owes.no)).toEqual([]);

    await resolve(byOrder[settled.no]!.id, { resolution: 'refund' });
    const back = (await database.db.select().from(payments).where(eq(payments.recordId, settled.record.id))).find((p) => p.idempotencyKey === `${settled.no}:extra`);
    expect(back).toMatchObject({ amount: 60 });
    const [refund] = await database.db.select().from(refunds).where(eq(refunds.paymentId, back!.id));
    expect(await providerRefundsOf(settled.no)).toEqual([expect.objectContaining({ refundNo: refund!.id, amount: 60 })]);
    expect(await expectBalanced(settled.record.id)).toMatchObject({ paid: 700, unpaid: 0, discount: 0 });
  });

  it('退还重复支付 leaves a discounted stay’s discount whole in 营收报表: the duplicate is a 退款 of its day, never a concession on the stay', async () => {
    // a car gone in arrears: 11.00 due, 3.00 off, 8.00 owed, paid twice (at the provider, whose notice was lost, and in cash)
    const twice = await driverPays(800, '2026-03-27T10:00:00', { lost: true, state: 'unpaid' });
    await database.db.update(parkingRecords).set({ amountDue: 1100, discount: 300 }).where(eq(parkingRecords.id, twice.record.id));
    await recordPayment(database.db, finance, paymentInput.parse({ recordId: twice.record.id, channel: 'cash', amount: 800 }), 'cash-0327-duplicate', shanghai('2026-03-27T10:05:00'));
    await run('2026-03-27');
    const [mistake] = (await mistakesOf('20260327-01')).list;
    expect(mistake).toMatchObject({ kind: 'our_missing', resolutions: ['refund', 'ours'] });
    await resolve(mistake!.id, { resolution: 'refund' });
    expect(await expectBalanced(twice.record.id)).toMatchObject({ amountDue: 1100, discount: 300, paid: 800, unpaid: 0 });
    const [given] = await database.db.select().from(refunds).where(eq(refunds.recordId, twice.record.id));
    expect(given).toMatchObject({ amount: 800, kind: 'duplicate' });

    const { kept, recomputed } = await revenueDrift(database.db, finance.tenantId, '2026-03-27', '2026-03-27');
    expect(kept).toEqual(recomputed);
    const day = kept.filter((row) => row.lot_id === lotId);
    const total = (column: string) => day.reduce((sum, row) => sum + Number(row[column]), 0);
    // the refund counts on the day it was decided (now), not on the stay's
    expect({ stays: total('stays'), receivable: total('receivable'), discount: total('discount'), received: total('received') }).toEqual({
      stays: 1,
      receivable: 1100,
      discount: 300,
      received: 1600,
    });
    const decided = await revenueDrift(database.db, finance.tenantId, businessDay(now), businessDay(now));
    expect(decided.kept.filter((row) => row.lot_id === lotId && row.channel === 'sandbox').reduce((sum, row) => sum + Number(row.refunded), 0)).toBeGreaterThanOrEqual(800);
  });
});
