import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { migrate } from '../../../db/migrate.js';
import { createTestDatabase, fixedClock } from '../../../test/test-app.js';
import type { SandboxBillAdjustment } from './sandbox-bill.js';
import { sandboxGateway, type NoticeDelivery } from './sandbox-gateway.js';
import { parseBill } from './wechat-bill.js';

// the sandbox's clock: 2026-03-10 10:00 in Shanghai, so 03-09 is over and 03-10 is not
const clock = fixedClock('2026-03-10T02:00:00Z');
const shanghai = (wallClock: string) => new Date(`${wallClock}+08:00`);
let database: Database;
const notices: string[] = [];
const deliver: NoticeDelivery = async (_path, body) => {
  notices.push(body);
};
const sandbox = (billAdjustments?: SandboxBillAdjustment[]) => sandboxGateway(database.db, 'sandbox-secret', deliver, { now: clock.now, billAdjustments });
const trades: Record<string, { tradeNo: string; amount: number; at: Date }> = {};

/** opens a trade and settles it as the cashier's 确认支付 or 取消 does, at the given moment */
const trade = async (no: string, amount: number, at: string, outcome: 'paid' | 'cancelled' | 'pending' = 'paid') => {
  const { gateway, decide } = sandbox();
  await gateway.create({ gatewayOrderNo: no, amount, subject: `示例停车场,东区 停车费 ${no}`, notifyUrl: 'https://parking.example/notify', returnUrl: 'https://parking.example/r' });
  if (outcome !== 'pending') await decide(no, outcome, shanghai(at));
  const found = await gateway.query(no);
  trades[no] = { tradeNo: found!.tradeNo, amount, at: shanghai(at) };
};

const billOf = async (day: string, adjustments?: SandboxBillAdjustment[]) => {
  const text = await sandbox(adjustments).gateway.bill(day);
  expect(text, `the bill of ${day}`).toBeDefined();
  return parseBill(text!);
};

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database);
  await trade('GO-0308-LAST', 500, '2026-03-08T23:59:59');
  await trade('GO-0309-FIRST', 1250, '2026-03-09T00:00:00');
  await trade('GO-0309-NOON', 800, '2026-03-09T12:30:00');
  await trade('GO-0309-LAST', 1, '2026-03-09T23:59:59');
  await trade('GO-0309-CANCELLED', 700, '2026-03-09T13:00:00', 'cancelled');
  await trade('GO-0309-PENDING', 900, '2026-03-09T14:00:00', 'pending');
  await trade('GO-0310-FIRST', 300, '2026-03-10T00:00:00');
});

afterAll(() => database.close());

describe('the sandbox bill of a day that is over', () => {
  it('holds the trades paid that Shanghai day, in time order, with their numbers, amounts and 0.60% fee', async () => {
    const bill = await billOf('2026-03-09');
    expect(
      bill.rows.map((r) => ({ orderNo: r.orderNo, providerTradeNo: r.providerTradeNo, state: r.state, amount: r.settledAmount, orderAmount: r.orderAmount, at: r.at, fee: r.fee })),
    ).toEqual([
      { orderNo: 'GO-0309-FIRST', providerTradeNo: trades['GO-0309-FIRST']!.tradeNo, state: 'SUCCESS', amount: 1250, orderAmount: 1250, at: shanghai('2026-03-09T00:00:00'), fee: 8 },
      { orderNo: 'GO-0309-NOON', providerTradeNo: trades['GO-0309-NOON']!.tradeNo, state: 'SUCCESS', amount: 800, orderAmount: 800, at: shanghai('2026-03-09T12:30:00'), fee: 5 },
      { orderNo: 'GO-0309-LAST', providerTradeNo: trades['GO-0309-LAST']!.tradeNo, state: 'SUCCESS', amount: 1, orderAmount: 1, at: shanghai('2026-03-09T23:59:59'), fee: 0 },
    ]);
    expect(bill.summary).toEqual({ tradeCount: 3, settledTotal: 2051, refundTotal: 0, couponRefundTotal: 0, feeTotal: 13, orderTotal: 2051, requestedRefundTotal: 0 });
  });

  it('writes the subject with its ASCII comma made full-width, so the row keeps its fields', async () => {
    const [first] = (await billOf('2026-03-09')).rows;
    expect(first!.subject).toBe('示例停车场，东区 停车费 GO-0309-FIRST');
  });

  it('is empty, with a zero summary, for a past day without trades', async () => {
    expect(await billOf('2026-03-01')).toEqual({
      rows: [],
      summary: { tradeCount: 0, settledTotal: 0, refundTotal: 0, couponRefundTotal: 0, feeTotal: 0, orderTotal: 0, requestedRefundTotal: 0 },
    });
  });
});

describe('the sandbox bill of a day not over', () => {
  it('does not exist yet, today or later', async () => {
    const { gateway } = sandbox();
    await expect(gateway.bill('2026-03-10')).resolves.toBeUndefined();
    await expect(gateway.bill('2026-03-11')).resolves.toBeUndefined();
  });

  it('exists from the first moment of the next day', async () => {
    const late = fixedClock('2026-03-10T23:59:59+08:00');
    const gateway = () => sandboxGateway(database.db, 'sandbox-secret', deliver, { now: late.now }).gateway;
    await expect(gateway().bill('2026-03-10')).resolves.toBeUndefined();
    late.advance(1000);
    const text = await gateway().bill('2026-03-10');
    expect(parseBill(text!).rows.map((r) => r.orderNo)).toEqual(['GO-0310-FIRST']);
  });

  it('is refused for a day that is no date', async () => {
    await expect(sandbox().gateway.bill('2026-3-9')).rejects.toThrow('账单日期应为 YYYY-MM-DD');
    await expect(sandbox().gateway.bill('2026-02-30')).rejects.toThrow('账单日期应为 YYYY-MM-DD');
  });
});

describe('a sandbox bill made to disagree with what the sandbox did', () => {
  const orderNos = async (adjustments: SandboxBillAdjustment[]) => (await billOf('2026-03-09', adjustments)).rows.map((r) => r.orderNo);

  it('leaves out a dropped trade, and its amount from the summary', async () => {
    const bill = await billOf('2026-03-09', [{ kind: 'dropTrade', orderNo: 'GO-0309-NOON' }]);
    expect(bill.rows.map((r) => r.orderNo)).toEqual(['GO-0309-FIRST', 'GO-0309-LAST']);
    expect(bill.summary).toMatchObject({ tradeCount: 2, settledTotal: 1251 });
  });

  it('states a changed amount for the trade, with its fee', async () => {
    const bill = await billOf('2026-03-09', [{ kind: 'changeAmount', orderNo: 'GO-0309-NOON', amount: 1800 }]);
    expect(bill.rows.find((r) => r.orderNo === 'GO-0309-NOON')).toMatchObject({ settledAmount: 1800, orderAmount: 1800, fee: 11 });
    expect(bill.summary).toMatchObject({ tradeCount: 3, settledTotal: 3051 });
  });

  it('adds a trade we never made, on the day it is dated only', async () => {
    const extra: SandboxBillAdjustment = { kind: 'extraTrade', orderNo: 'GO-UNKNOWN', amount: 600, at: shanghai('2026-03-09T18:00:00') };
    const bill = await billOf('2026-03-09', [extra]);
    expect(bill.rows.map((r) => r.orderNo)).toEqual(['GO-0309-FIRST', 'GO-0309-NOON', 'GO-UNKNOWN', 'GO-0309-LAST']);
    expect(bill.rows[2]).toMatchObject({ state: 'SUCCESS', settledAmount: 600, at: shanghai('2026-03-09T18:00:00') });
    expect(bill.summary).toMatchObject({ tradeCount: 4, settledTotal: 2651 });
    expect(await orderNos([{ ...extra, at: shanghai('2026-03-08T18:00:00') }])).toEqual(['GO-0309-FIRST', 'GO-0309-NOON', 'GO-0309-LAST']);
  });

  it('adds a refund we never gave, of a trade it knows, as a REFUND row with its numbers', async () => {
    const bill = await billOf('2026-03-09', [{ kind: 'extraRefund', orderNo: 'GO-0308-LAST', refundNo: 'RF-UNKNOWN', amount: 200, at: shanghai('2026-03-09T09:00:00') }]);
    expect(bill.rows[1]).toMatchObject({
      state: 'REFUND',
      orderNo: 'GO-0308-LAST',
      providerTradeNo: trades['GO-0308-LAST']!.tradeNo,
      refundNo: 'RF-UNKNOWN',
      refundAmount: 200,
      requestedRefundAmount: 200,
      settledAmount: 0,
      fee: -1,
      at: shanghai('2026-03-09T09:00:00'),
    });
    expect(bill.summary).toMatchObject({ tradeCount: 4, settledTotal: 2051, refundTotal: 200, requestedRefundTotal: 200, feeTotal: 12 });
  });

  it('changes nothing of what the sandbox did: its trades and other bills stay as they were', async () => {
    await billOf('2026-03-09', [{ kind: 'dropTrade', orderNo: 'GO-0309-FIRST' }]);
    expect(await orderNos([])).toEqual(['GO-0309-FIRST', 'GO-0309-NOON', 'GO-0309-LAST']);
    await expect(sandbox().gateway.query('GO-0309-FIRST')).resolves.toMatchObject({ state: 'paid', amount: 1250 });
  });
});

describe('refunds the sandbox gave back', () => {
  const refund = (refundNo: string, amount: number, at: string, gatewayOrderNo = 'GO-0305-REFUNDED') => sandbox().gateway.refund({ gatewayOrderNo, refundNo, amount, at: shanghai(at) });

  it('are REFUND rows on the bill of the day they were given, not of their trade, with the summary counting them', async () => {
    await trade('GO-0305-REFUNDED', 1000, '2026-03-05T20:00:00');
    const first = await refund('RF-0306-A', 300, '2026-03-06T09:00:00');
    expect(first).toEqual({ refundNo: 'RF-0306-A', providerRefundNo: 'SBRRF-0306-A', amount: 300, at: shanghai('2026-03-06T09:00:00').toISOString() });
    await refund('RF-0306-B', 200, '2026-03-06T11:00:00');

    expect((await billOf('2026-03-05')).rows.map((r) => [r.orderNo, r.state, r.settledAmount])).toEqual([['GO-0305-REFUNDED', 'SUCCESS', 1000]]);
    const bill = await billOf('2026-03-06');
    expect(bill.rows.map((r) => ({ orderNo: r.orderNo, state: r.state, refundNo: r.refundNo, refundAmount: r.refundAmount, tradeNo: r.providerTradeNo, fee: r.fee, at: r.at }))).toEqual([
      { orderNo: 'GO-0305-REFUNDED', state: 'REFUND', refundNo: 'RF-0306-A', refundAmount: 300, tradeNo: trades['GO-0305-REFUNDED']!.tradeNo, fee: -2, at: shanghai('2026-03-06T09:00:00') },
      { orderNo: 'GO-0305-REFUNDED', state: 'REFUND', refundNo: 'RF-0306-B', refundAmount: 200, tradeNo: trades['GO-0305-REFUNDED']!.tradeNo, fee: -1, at: shanghai('2026-03-06T11:00:00') },
    ]);
    expect(bill.summary).toEqual({ tradeCount: 2, settledTotal: 0, refundTotal: 500, couponRefundTotal: 0, feeTotal: -3, orderTotal: 0, requestedRefundTotal: 500 });
  });

  it('are given once per refund number: a repeat answers the first refund and gives nothing again', async () => {
    const again = await refund('RF-0306-A', 300, '2026-03-06T15:00:00');
    expect(again).toMatchObject({ refundNo: 'RF-0306-A', amount: 300, at: shanghai('2026-03-06T09:00:00').toISOString() });
    expect((await billOf('2026-03-06')).summary).toMatchObject({ tradeCount: 2, refundTotal: 500 });
    await expect(refund('RF-0306-A', 250, '2026-03-06T15:00:00')).rejects.toThrow('已用于另一笔退款');
  });

  it('never give back more than the trade less its refunds, nor anything of a trade not paid', async () => {
    await expect(refund('RF-0306-C', 501, '2026-03-06T16:00:00')).rejects.toThrow('超过交易可退金额（5.00 元）');
    await expect(refund('RF-0306-D', 100, '2026-03-06T16:00:00', 'GO-0309-PENDING')).rejects.toThrow('不存在或未支付');
    await expect(refund('RF-0306-E', 100, '2026-03-06T16:00:00', 'GO-NOWHERE')).rejects.toThrow('不存在或未支付');
    await refund('RF-0306-C', 500, '2026-03-06T16:00:00');
    expect((await billOf('2026-03-06')).summary).toMatchObject({ tradeCount: 3, refundTotal: 1000 });
  });
});
