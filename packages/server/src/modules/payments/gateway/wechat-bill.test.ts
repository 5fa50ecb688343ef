import { describe, expect, it } from 'vitest';
import { BillFormatError, billHeader, billSummaryHeader, billSummaryOf, parseBill, writeBill, type BillRow } from './wechat-bill.js';

const header = billHeader.join(',');
const summaryHeader = billSummaryHeader.join(',');

// as WeChat writes it: a payment and a refund of an earlier one, then the summary
const handWritten = [
  header,
  '`2026-03-09 08:05:07,`wx2421b1c4370ec43b,`10000100,`,`,`4200000001202603090001,`GO20260309A,`oUpF8uMuAJO_M2pxb1Q9zNjWeS6o,`MWEB,`SUCCESS,`OTHERS,`CNY,`12.50,`0.00,`,`,`0.00,`0.00,`,`,`示例停车场 停车费 粤B12345,`,`0.08,`0.60%,`12.50,`0.00,`',
  '`2026-03-09 23:59:59,`wx2421b1c4370ec43b,`10000100,`,`,`4200000001202603080007,`GO20260308Z,`oUpF8uMuAJO_M2pxb1Q9zNjWeS6o,`MWEB,`REFUND,`OTHERS,`CNY,`0.00,`0.00,`50000000012026030900,`RF20260309B,`3.00,`0.00,`ORIGINAL,`SUCCESS,`,`,`-0.02,`0.60%,`0.00,`3.00,`',
  summaryHeader,
  '`2,`12.50,`3.00,`0.00,`0.06,`12.50,`3.00',
].join('\r\n');

const row = (overrides: Partial<BillRow>): BillRow => ({
  at: new Date('2026-03-09T00:00:00Z'),
  appId: 'wxapp',
  merchantId: '10000100',
  subMerchantId: '',
  deviceNo: '',
  providerTradeNo: 'T1',
  orderNo: 'GO1',
  payer: '',
  tradeType: 'MWEB',
  state: 'SUCCESS',
  bank: 'OTHERS',
  currency: 'CNY',
  settledAmount: 100,
  couponAmount: 0,
  providerRefundNo: '',
  refundNo: '',
  refundAmount: 0,
  couponRefundAmount: 0,
  refundType: '',
  refundState: '',
  subject: '停车费',
  attach: '',
  fee: 1,
  rate: '0.60%',
  orderAmount: 100,
  requestedRefundAmount: 0,
  rateNote: '',
  ...overrides,
});

/** mulberry32: the same seed gives the same bills on every run */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const randomBill = (random: () => number) => {
  const int = (max: number) => Math.floor(random() * (max + 1));
  const day = new Date('2026-01-01T00:00:00+08:00').getTime() + int(364) * 86_400_000;
  return Array.from({ length: int(12) }, (_, i): BillRow => {
    const refund = random() < 0.3;
    const amount = 1 + int(500_000);
    return row({
      // whole seconds of one Shanghai day, including its first and last second
      at: new Date(day + int(86_399) * 1000),
      providerTradeNo: `T${int(1e9)}`,
      orderNo: `GO${i}-${int(1e6)}`,
      state: refund ? 'REFUND' : 'SUCCESS',
      settledAmount: refund ? 0 : amount,
      orderAmount: refund ? 0 : amount,
      couponAmount: int(3) === 0 ? int(amount) : 0,
      refundNo: refund ? `RF${i}` : '',
      providerRefundNo: refund ? `SBR${i}` : '',
      refundAmount: refund ? amount : 0,
      requestedRefundAmount: refund ? amount : 0,
      fee: (refund ? -1 : 1) * Math.round((amount * 6) / 1000),
      subject: ['', '停车费', '示例停车场 停车费 粤B12345', '含`反引号'][int(3)]!,
    });
  });
};

describe('parseBill', () => {
  it('reads a hand-written bill: numbers, fen amounts, Shanghai times and the summary', () => {
    const bill = parseBill(handWritten);
    expect(bill.rows).toHaveLength(2);
    expect(bill.rows[0]).toMatchObject({
      at: new Date('2026-03-09T00:05:07Z'),
      providerTradeNo: '4200000001202603090001',
      orderNo: 'GO20260309A',
      state: 'SUCCESS',
      settledAmount: 1250,
      orderAmount: 1250,
      fee: 8,
      refundNo: '',
      refundAmount: 0,
      subject: '示例停车场 停车费 粤B12345',
    });
    expect(bill.rows[1]).toMatchObject({
      at: new Date('2026-03-09T15:59:59Z'),
      orderNo: 'GO20260308Z',
      state: 'REFUND',
      providerRefundNo: '50000000012026030900',
      refundNo: 'RF20260309B',
      refundAmount: 300,
      requestedRefundAmount: 300,
      fee: -2,
    });
    expect(bill.summary).toEqual({ tradeCount: 2, settledTotal: 1250, refundTotal: 300, couponRefundTotal: 0, feeTotal: 6, orderTotal: 1250, requestedRefundTotal: 300 });
  });

  it('writes the hand-written bill back byte for byte', () => {
    expect(writeBill(parseBill(handWritten).rows)).toBe(`${handWritten}\r\n`);
  });

  it('reads back 200 seeded random bills as they were written', () => {
    const random = seeded(21);
    for (let n = 0; n < 200; n++) {
      const rows = randomBill(random);
      const bill = parseBill(writeBill(rows));
      expect(bill.rows).toEqual(rows);
      expect(bill.summary).toEqual(billSummaryOf(rows));
    }
  });

  it('reads an empty day: headers and a zero summary', () => {
    expect(parseBill(writeBill([]))).toEqual({ rows: [], summary: billSummaryOf([]) });
  });
});

describe('parseBill refuses a malformed bill', () => {
  const lines = handWritten.split('\r\n');
  const withLine = (index: number, text: string) => lines.map((l, i) => (i === index ? text : l)).join('\n');

  it('whose header is not the 交易账单 header', () => {
    expect(() => parseBill(withLine(0, header.replace('商户订单号', '订单号')))).toThrow(BillFormatError);
    expect(() => parseBill(withLine(0, header.replace('商户订单号', '订单号')))).toThrow('对账单第 1 行不是交易账单的表头');
  });

  it('with a row of the wrong field count, naming the line', () => {
    expect(() => parseBill(withLine(2, `${lines[2]},\`extra`))).toThrow('对账单第 3 行应有 27 个字段，实际 28 个');
    expect(() => parseBill(withLine(1, lines[1]!.replace(',`OTHERS', '')))).toThrow('对账单第 2 行应有 27 个字段，实际 26 个');
  });

  it('whose summary does not match its rows', () => {
    expect(() => parseBill(withLine(4, '`3,`12.50,`3.00,`0.00,`0.06,`12.50,`3.00'))).toThrow('对账单汇总的总交易单数（3）与明细之和（2）不符');
    expect(() => parseBill(withLine(4, '`2,`12.51,`3.00,`0.00,`0.06,`12.50,`3.00'))).toThrow('对账单汇总的应结订单总金额（12.51 元）与明细之和（12.50 元）不符');
    expect(() => parseBill(withLine(4, '`2,`12.50,`3.00,`0.00,`0.06,`12.50,`2.00'))).toThrow('对账单汇总的申请退款总金额（2.00 元）与明细之和（3.00 元）不符');
  });

  it('without its summary, or with lines after it', () => {
    expect(() => parseBill(lines.slice(0, 3).join('\n'))).toThrow('对账单缺少汇总表头');
    expect(() => parseBill([...lines, lines[4]].join('\n'))).toThrow('对账单汇总表头后应恰有一行汇总，实际 2 行');
  });

  it('with an amount that is not yuan to two decimals', () => {
    expect(() => parseBill(withLine(1, lines[1]!.replace('`12.50', '`12.5')))).toThrow('对账单第 2 行的应结订单金额「12.5」不是两位小数的金额');
  });

  it('with a time that is no time', () => {
    expect(() => parseBill(withLine(1, lines[1]!.replace('2026-03-09 08:05:07', '2026-02-30 08:05:07')))).toThrow('对账单第 2 行的交易时间「2026-02-30 08:05:07」不是 YYYY-MM-DD HH:mm:ss');
    expect(() => parseBill(withLine(1, lines[1]!.replace('2026-03-09 08:05:07', '2026/03/09 08:05:07')))).toThrow('不是 YYYY-MM-DD HH:mm:ss');
  });

  it('with a state other than SUCCESS or REFUND, or a refund without its number', () => {
    expect(() => parseBill(withLine(1, lines[1]!.replace('`SUCCESS', '`CLOSED')))).toThrow('对账单第 2 行的交易状态「CLOSED」应为 SUCCESS 或 REFUND');
    expect(() => parseBill(withLine(2, lines[2]!.replace('`RF20260309B', '`')))).toThrow('对账单第 3 行是退款，却缺少商户退款单号或退款金额');
  });
});

describe('writeBill', () => {
  it('refuses a field with a comma, which would shift the fields after it', () => {
    expect(() => writeBill([row({ subject: '停车场A,B区' })])).toThrow('对账单字段不能含逗号或换行');
  });
});
