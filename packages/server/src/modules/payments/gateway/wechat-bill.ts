/**
 * A provider's daily bill in the layout of WeChat Pay's 交易账单 (bill_type=ALL): a header, one row
 * per trade or refund with every field prefixed by a backtick, then a summary header and its one
 * row. Amounts are written in yuan and read back in fen; times are Asia/Shanghai wall clock.
 */

export const billHeader = [
  '交易时间',
  '公众账号ID',
  '商户号',
  '特约商户号',
  '设备号',
  '微信订单号',
  '商户订单号',
  '用户标识',
  '交易类型',
  '交易状态',
  '付款银行',
  '货币种类',
  '应结订单金额',
  '代金券金额',
  '微信退款单号',
  '商户退款单号',
  '退款金额',
  '充值券退款金额',
  '退款类型',
  '退款状态',
  '商品名称',
  '商户数据包',
  '手续费',
  '费率',
  '订单金额',
  '申请退款金额',
  '费率备注',
] as const;

export const billSummaryHeader = ['总交易单数', '应结订单总金额', '退款总金额', '充值券退款总金额', '手续费总金额', '订单总金额', '申请退款总金额'] as const;

/** SUCCESS: money collected; REFUND: money given back, the row carries the refund's numbers and amount. */
export type BillTradeState = 'SUCCESS' | 'REFUND';

/** One row of the bill. Amounts in fen; a SUCCESS row leaves the refund fields empty and zero. */
export interface BillRow {
  /** 交易时间: when the trade was paid or the refund made */
  at: Date;
  appId: string;
  merchantId: string;
  subMerchantId: string;
  deviceNo: string;
  /** 微信订单号: the provider's trade number */
  providerTradeNo: string;
  /** 商户订单号: our order number, gateway_orders.gateway_order_no */
  orderNo: string;
  payer: string;
  tradeType: string;
  state: BillTradeState;
  bank: string;
  currency: string;
  /** 应结订单金额 */
  settledAmount: number;
  couponAmount: number;
  /** 微信退款单号 */
  providerRefundNo: string;
  /** 商户退款单号: our refund number */
  refundNo: string;
  refundAmount: number;
  couponRefundAmount: number;
  refundType: string;
  refundState: string;
  /** 商品名称 */
  subject: string;
  attach: string;
  /** 手续费: the provider's fee, negative on a refund row (given back) */
  fee: number;
  /** 费率, as printed: 0.60% */
  rate: string;
  /** 订单金额 */
  orderAmount: number;
  /** 申请退款金额 */
  requestedRefundAmount: number;
  rateNote: string;
}

/** The summary row: counts and totals of the rows above it, in fen. */
export interface BillSummary {
  tradeCount: number;
  settledTotal: number;
  refundTotal: number;
  couponRefundTotal: number;
  feeTotal: number;
  orderTotal: number;
  requestedRefundTotal: number;
}

export interface Bill {
  rows: BillRow[];
  summary: BillSummary;
}

/** A bill that cannot be read; its message names the line and what is wrong, in Chinese. */
export class BillFormatError extends Error {
  override name = 'BillFormatError';
}

const refuse = (message: string): never => {
  throw new BillFormatError(message);
};

const wallClock = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const billTime = (at: Date) => wallClock.format(at);

const yuan = (fen: number) => {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`金额必须是整数分：${fen}`);
  const digits = String(Math.abs(fen)).padStart(3, '0');
  return `${fen < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

/** Sums the rows as the summary line states them. */
export const billSummaryOf = (rows: readonly BillRow[]): BillSummary => {
  const total = (amount: (row: BillRow) => number) => rows.reduce((sum, row) => sum + amount(row), 0);
  return {
    tradeCount: rows.length,
    settledTotal: total((r) => r.settledAmount),
    refundTotal: total((r) => r.refundAmount),
    couponRefundTotal: total((r) => r.couponRefundAmount),
    feeTotal: total((r) => r.fee),
    orderTotal: total((r) => r.orderAmount),
    requestedRefundTotal: total((r) => r.requestedRefundAmount),
  };
};

// WeChat quotes nothing: a comma or line break inside a field would shift every field after it
const field = (value: string) => {
  if (/[,\r\n]/.test(value)) throw new RangeError(`对账单字段不能含逗号或换行：${value}`);
  return `\`${value}`;
};

const line = (values: readonly string[]) => values.map(field).join(',');

const rowFields = (r: BillRow) => [
  billTime(r.at),
  r.appId,
  r.merchantId,
  r.subMerchantId,
  r.deviceNo,
  r.providerTradeNo,
  r.orderNo,
  r.payer,
  r.tradeType,
  r.state,
  r.bank,
  r.currency,
  yuan(r.settledAmount),
  yuan(r.couponAmount),
  r.providerRefundNo,
  r.refundNo,
  yuan(r.refundAmount),
  yuan(r.couponRefundAmount),
  r.refundType,
  r.refundState,
  r.subject,
  r.attach,
  yuan(r.fee),
  r.rate,
  yuan(r.orderAmount),
  yuan(r.requestedRefundAmount),
  r.rateNote,
];

/** Writes the bill text; the summary is always the sum of the rows. */
export const writeBill = (rows: readonly BillRow[]) => {
  const s = billSummaryOf(rows);
  const summary = [String(s.tradeCount), ...[s.settledTotal, s.refundTotal, s.couponRefundTotal, s.feeTotal, s.orderTotal, s.requestedRefundTotal].map(yuan)];
  return [billHeader.join(','), ...rows.map((r) => line(rowFields(r))), billSummaryHeader.join(','), line(summary), ''].join('\r\n');
};

/** Splits a bill line into its fields, each without the backtick WeChat puts before it. */
const fieldsOf = (text: string, lineNo: number, count: number) => {
  const values = text.split(',');
  if (values.length !== count) refuse(`对账单第 ${lineNo} 行应有 ${count} 个字段，实际 ${values.length} 个`);
  return values.map((value) => (value.startsWith('`') ? value.slice(1) : value));
};

const fenOf = (value: string, lineNo: number, name: string) => {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(value);
  if (!match) return refuse(`对账单第 ${lineNo} 行的${name}「${value}」不是两位小数的金额`);
  const fen = Number(match[2]) * 100 + Number(match[3]);
  return match[1] ? -fen : fen;
};

const timeOf = (value: string, lineNo: number) => {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(value);
  const at = match ? new Date(`${match[1]}T${match[2]}+08:00`) : undefined;
  // 2026-02-30 is read by Date as 03-02: a time that does not write back the same is not one
  if (!at || Number.isNaN(at.getTime()) || billTime(at) !== value) return refuse(`对账单第 ${lineNo} 行的交易时间「${value}」不是 YYYY-MM-DD HH:mm:ss`);
  return at;
};

const rowOf = (text: string, lineNo: number): BillRow => {
  const v = fieldsOf(text, lineNo, billHeader.length);
  const fen = (index: number) => fenOf(v[index]!, lineNo, billHeader[index]!);
  const state = v[9]!;
  if (state !== 'SUCCESS' && state !== 'REFUND') return refuse(`对账单第 ${lineNo} 行的交易状态「${state}」应为 SUCCESS 或 REFUND`);
  const row: BillRow = {
    at: timeOf(v[0]!, lineNo),
    appId: v[1]!,
    merchantId: v[2]!,
    subMerchantId: v[3]!,
    deviceNo: v[4]!,
    providerTradeNo: v[5]!,
    orderNo: v[6]!,
    payer: v[7]!,
    tradeType: v[8]!,
    state,
    bank: v[10]!,
    currency: v[11]!,
    settledAmount: fen(12),
    couponAmount: fen(13),
    providerRefundNo: v[14]!,
    refundNo: v[15]!,
    refundAmount: fen(16),
    couponRefundAmount: fen(17),
    refundType: v[18]!,
    refundState: v[19]!,
    subject: v[20]!,
    attach: v[21]!,
    fee: fen(22),
    rate: v[23]!,
    orderAmount: fen(24),
    requestedRefundAmount: fen(25),
    rateNote: v[26]!,
  };
  if (!row.orderNo) refuse(`对账单第 ${lineNo} 行缺少商户订单号`);
  if (state === 'REFUND' && (!row.refundNo || row.refundAmount <= 0)) refuse(`对账单第 ${lineNo} 行是退款，却缺少商户退款单号或退款金额`);
  return row;
};

const summaryOf = (text: string, lineNo: number): BillSummary => {
  const v = fieldsOf(text, lineNo, billSummaryHeader.length);
  if (!/^\d+$/.test(v[0]!)) refuse(`对账单第 ${lineNo} 行的总交易单数「${v[0]}」不是整数`);
  const fen = (index: number) => fenOf(v[index]!, lineNo, billSummaryHeader[index]!);
  return {
    tradeCount: Number(v[0]),
    settledTotal: fen(1),
    refundTotal: fen(2),
    couponRefundTotal: fen(3),
    feeTotal: fen(4),
    orderTotal: fen(5),
    requestedRefundTotal: fen(6),
  };
};

/** Reads a bill; refuses one whose headers, field counts or summary do not hold. */
export const parseBill = (text: string): Bill => {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  if (lines[0] !== billHeader.join(',')) refuse('对账单第 1 行不是交易账单的表头');
  const summaryAt = lines.indexOf(billSummaryHeader.join(','));
  if (summaryAt < 0) refuse('对账单缺少汇总表头');
  if (lines.length !== summaryAt + 2) refuse(`对账单汇总表头后应恰有一行汇总，实际 ${lines.length - summaryAt - 1} 行`);
  const rows = lines.slice(1, summaryAt).map((text, index) => rowOf(text, index + 2));
  const summary = summaryOf(lines[summaryAt + 1]!, summaryAt + 2);
  const counted = billSummaryOf(rows);
  const names: Record<keyof BillSummary, string> = {
    tradeCount: '总交易单数',
    settledTotal: '应结订单总金额',
    refundTotal: '退款总金额',
    couponRefundTotal: '充值券退款总金额',
    feeTotal: '手续费总金额',
    orderTotal: '订单总金额',
    requestedRefundTotal: '申请退款总金额',
  };
  for (const key of Object.keys(names) as (keyof BillSummary)[]) {
    if (summary[key] !== counted[key]) {
      const shown = (n: number) => (key === 'tradeCount' ? String(n) : `${yuan(n)} 元`);
      refuse(`对账单汇总的${names[key]}（${shown(summary[key])}）与明细之和（${shown(counted[key])}）不符`);
    }
  }
  return { rows, summary };
};
