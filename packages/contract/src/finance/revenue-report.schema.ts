import { z } from 'zod';
import { boundedDay } from '../common/bounded-time.js';

export const revenueReportPaths = { report: '/api/system/RevenueReport', export: '/api/system/RevenueReport/Actions/Export', scopes: '/api/system/RevenueReport/Scopes' } as const;

/** 按日、按月、按停车场、按片区 */
export const revenueGroupings = ['day', 'month', 'lot', 'area'] as const;
export type RevenueGrouping = (typeof revenueGroupings)[number];
export const revenueGroupingNames: Readonly<Record<RevenueGrouping, string>> = { day: '按日', month: '按月', lot: '按停车场', area: '按片区' };

/** the longest range a report by day covers; by month, lot or area it may cover more */
export const revenueDayRangeMax = 366;
export const revenueRangeMax = 3 * 366;

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** A report's question: the Shanghai days [from, to], how its rows are grouped, and optionally one lot or one area. */
export const revenueReportQuery = z
  .strictObject({
    from: boundedDay('开始日期'),
    to: boundedDay('结束日期'),
    groupBy: z.enum(revenueGroupings, { error: '统计方式只能是 day（按日）、month（按月）、lot（按停车场）或 area（按片区）' }).default('day'),
    lotId: z.uuid('停车场编号格式不正确').optional(),
    areaId: z.uuid('片区编号格式不正确').optional(),
  })
  .superRefine((query, ctx) => {
    if (query.to < query.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: '结束日期不能早于开始日期' });
      return;
    }
    const days = daysBetween(query.from, query.to);
    if (query.groupBy === 'day' && days > revenueDayRangeMax) ctx.addIssue({ code: 'custom', path: ['to'], message: `按日统计时日期范围不能超过${revenueDayRangeMax}天` });
    else if (days > revenueRangeMax) ctx.addIssue({ code: 'custom', path: ['to'], message: `日期范围不能超过${revenueRangeMax}天` });
  });

export type RevenueReportQuery = z.input<typeof revenueReportQuery>;
export type RevenueReportValues = z.output<typeof revenueReportQuery>;

const fen = z.number().int();

/** One row of the report (or its totals): every amount in fen, each counted on the day its definition says (revenueColumnHelp). */
export const revenueReportRow = z.object({
  /** the day YYYY-MM-DD, the month YYYY-MM, the lot's or area's id ('' for lots without an area); '' for the totals */
  key: z.string(),
  label: z.string(),
  stays: fen,
  receivable: fen,
  discount: fen,
  couponDiscount: fen,
  cardDiscount: fen,
  longRentalDiscount: fen,
  whiteListDiscount: fen,
  waiverDiscount: fen,
  otherDiscount: fen,
  received: fen,
  wechat: fen,
  alipay: fen,
  cash: fen,
  balance: fen,
  sandbox: fen,
  receivedAtExit: fen,
  receivedPrepaid: fen,
  receivedRecovery: fen,
  receivedSpecial: fen,
  refunded: fen,
  net: fen,
  arrears: fen,
  recovered: fen,
});
export type RevenueReportRow = z.infer<typeof revenueReportRow>;
export type RevenueAmountField = Exclude<keyof RevenueReportRow, 'key' | 'label'>;

export const revenueReport = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(revenueGroupings),
  rows: z.array(revenueReportRow),
  totals: revenueReportRow,
});
export type RevenueReport = z.infer<typeof revenueReport>;

/**
 * The report's columns in the order shown and exported, each with its name and what it counts on
 * which day: the one place the page's help, the table and the xlsx take them from.
 */
export const revenueColumns: readonly { field: RevenueAmountField; title: string; group?: string; money: boolean; help: string }[] = [
  { field: 'stays', title: '停车次数', money: false, help: '出场日在范围内的停车记录数（已出场，不含作废、在场车辆），按出场日统计' },
  { field: 'receivable', title: '应收', money: true, help: '这些停车记录按计费规则算出的应收金额（含之后修改），按出场日统计' },
  { field: 'couponDiscount', title: '优惠券', group: '优惠', money: true, help: '停车记录已使用的商户优惠券抵扣的金额，按停车记录的出场日统计' },
  { field: 'cardDiscount', title: '集团卡', group: '优惠', money: true, help: '集团卡为停车记录抵扣的金额，按停车记录的出场日统计' },
  { field: 'longRentalDiscount', title: '长租', group: '优惠', money: true, help: '长租车停车免收的金额，按停车记录的出场日统计' },
  { field: 'whiteListDiscount', title: '白名单', group: '优惠', money: true, help: '白名单免费时段免收的金额，按停车记录的出场日统计' },
  { field: 'waiverDiscount', title: '申诉减免', group: '优惠', money: true, help: '申诉审核减免的欠费金额，按停车记录的出场日统计' },
  {
    field: 'otherDiscount',
    title: '其他优惠',
    group: '优惠',
    money: true,
    help: '其余优惠（优惠合计减去以上各项），如修改订单形成的优惠；本功能上线前出场的停车记录的长租、白名单、申诉减免优惠也计在此，按出场日统计',
  },
  { field: 'discount', title: '优惠合计', group: '优惠', money: true, help: '停车记录的全部优惠，不含退款（退款另列），按出场日统计' },
  { field: 'wechat', title: '微信', group: '实收（按渠道）', money: true, help: '微信收款金额，按支付日统计' },
  { field: 'alipay', title: '支付宝', group: '实收（按渠道）', money: true, help: '支付宝收款金额，按支付日统计' },
  { field: 'cash', title: '现金', group: '实收（按渠道）', money: true, help: '现金收款金额，按支付日统计' },
  { field: 'balance', title: '余额', group: '实收（按渠道）', money: true, help: '车主余额支付金额，按支付日统计' },
  { field: 'sandbox', title: '沙箱', group: '实收（按渠道）', money: true, help: '沙箱支付（测试渠道）金额，按支付日统计' },
  { field: 'receivedPrepaid', title: '场内预付', group: '实收（按时机）', money: true, help: '车辆尚在场内时支付的金额，按支付日统计' },
  { field: 'receivedAtExit', title: '出场缴费', group: '实收（按时机）', money: true, help: '车辆出场时或出场后、转入欠费前支付的金额，按支付日统计' },
  { field: 'receivedRecovery', title: '欠费追缴', group: '实收（按时机）', money: true, help: '停车记录转为欠费后补缴的金额，按支付日统计' },
  { field: 'receivedSpecial', title: '特殊账单', group: '实收（按时机）', money: true, help: '已支付的特殊账单金额，计入账单所属停车场，按支付日统计，渠道为支付渠道' },
  { field: 'received', title: '实收合计', money: true, help: '全部收款金额（含特殊账单，未扣退款），按支付日统计' },
  { field: 'refunded', title: '退款', money: true, help: '审核通过的退款金额（含对账时原路退还的重复支付），按审核通过日统计，渠道为原支付渠道' },
  { field: 'net', title: '净收入', money: true, help: '实收合计减退款' },
  { field: 'arrears', title: '欠费', money: true, help: '出场日在范围内、至今仍为欠费状态的停车记录尚欠的金额，按出场日统计' },
  { field: 'recovered', title: '追缴', money: true, help: '追缴记录的金额（欠费停车记录收回的钱），按追缴日统计' },
];

/** The lots and areas a report may be narrowed to, for holders of the report who may not open the lot pages (财务). */
export const revenueReportScopes = z.object({
  lots: z.array(z.object({ id: z.string(), name: z.string(), areaId: z.string().nullable() })),
  areas: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type RevenueReportScopes = z.infer<typeof revenueReportScopes>;
