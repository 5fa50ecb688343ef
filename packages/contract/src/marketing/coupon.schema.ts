import { z } from 'zod';
import { resourcePaths } from '../common/endpoint.js';
import { formatAmount, plateNumberPattern } from '../common/filters.js';
import { pagedList, pageQuery } from '../common/paging.js';
import { refuseReversedRange, timeFilter } from '../common/query-fields.js';
import { enabledMarkFilter, parkingText } from '../parking/area.schema.js';
import { merchantFen } from './merchant.schema.js';

export const couponTemplatePaths = resourcePaths('/api/system/CouponTemplate');

export const couponPaths = {
  list: '/api/system/Coupon',
  item: '/api/system/Coupon/:id',
  export: '/api/system/Coupon/Actions/Export',
  /** 发券 on a merchant's behalf, from the console */
  issue: '/api/system/Coupon/Actions/Issue',
  /** 作废 an unused coupon: a prepaid merchant gets its price back */
  revoke: '/api/system/Coupon/:id/Actions/Revoke',
  /** coupons issued and used per merchant per day */
  dailyReport: '/api/system/Coupon/Actions/DailyReport',
  dailyReportExport: '/api/system/Coupon/Actions/DailyReport/Export',
  /** what each 后付 merchant owes for the coupons used in a month */
  monthlyBill: '/api/system/Coupon/Actions/MonthlyBill',
  monthlyBillExport: '/api/system/Coupon/Actions/MonthlyBill/Export',
} as const;

/**
 * 免费券: the stay costs nothing; 时长券: `minutes` off the end of the stay; 时段券: the daily hours
 * [periodStart, periodEnd) cost nothing; 折扣券: the driver pays `discountPercent`% (at most `maxOff`
 * fen off); 金额券: `amountOff` fen off.
 */
export const couponKinds = ['free', 'minutes', 'period', 'percent', 'amount'] as const;
export type CouponKind = (typeof couponKinds)[number];
export const couponKindNames: Readonly<Record<CouponKind, string>> = { free: '免费券', minutes: '时长券', period: '时段券', percent: '折扣券', amount: '金额券' };

/** The order coupons take money off a stay: time first (free, hours of the day, minutes), then percentage, then amount. */
export const couponStage: Readonly<Record<CouponKind, number>> = { free: 0, period: 1, minutes: 2, percent: 3, amount: 4 };

/** 未使用, 使用中 (bound to the car's stay while it is in), 已使用, 已过期, 已作废. */
export const couponStates = ['unused', 'in_use', 'used', 'expired', 'revoked'] as const;
export type CouponState = (typeof couponStates)[number];
export const couponStateNames: Readonly<Record<CouponState, string>> = { unused: '未使用', in_use: '使用中', used: '已使用', expired: '已过期', revoked: '已作废' };

const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;
export const couponTemplateFields = z.object({
  name: z.string({ error: '请输入券名称' }).trim().min(1, '请输入券名称').max(64, '券名称最长64位'),
  kind: z.enum(couponKinds, { error: '请选择券类型' }),
  /** 时长券: minutes off */
  minutes: z.coerce.number({ error: '减免时长必须是整数' }).int('减免时长必须是整数').min(1, '减免时长最小为1分钟').max(10_080, '减免时长最长7天').nullable().default(null),
  /** 金额券: fen off */
  amountOff: merchantFen('减免金额').nullable().default(null),
  /** 折扣券: the share paid, 80 = 八折 */
  discountPercent: z.coerce.number({ error: '折扣必须是整数' }).int('折扣必须是整数').min(1, '折扣应在1到99之间').max(99, '折扣应在1到99之间').nullable().default(null),
  /** 折扣券: at most this many fen off; null: no cap */
  maxOff: merchantFen('最高减免').nullable().default(null),
  /** 时段券: free from periodStart until periodEnd each day (across midnight when it ends earlier) */
  periodStart: z.string().trim().regex(hhmm, '时段开始应为 HH:mm').nullable().default(null),
  periodEnd: z.string().trim().regex(hhmm, '时段结束应为 HH:mm').nullable().default(null),
  /** fen the merchant pays for each coupon: deducted at issue (预付) or billed when used (后付) */
  price: merchantFen('结算价'),
  /** hours after issue it can be used in */
  validHours: z.coerce.number({ error: '有效时长必须是整数' }).int('有效时长必须是整数').min(1, '有效时长最小为1小时').max(8_760, '有效时长最长8760小时'),
  /** may be issued to a car not yet in the lot; otherwise the car must be in one of the merchant's lots */
  beforeEntry: z.boolean({ error: '入场前可用只能是是或否' }).default(false),
  /** may be used with other coupons on one stay, up to stackLimit of this kind */
  stackable: z.boolean({ error: '可叠加只能是是或否' }).default(false),
  stackLimit: z.coerce.number({ error: '叠加张数必须是整数' }).int('叠加张数必须是整数').min(1, '叠加张数最小为1').max(10, '叠加张数最大为10').default(1),
  /** may be used on a stay a white list or group card already takes money off */
  withBenefits: z.boolean({ error: '可与白名单或集团卡同享只能是是或否' }).default(false),
  /** fen the stay must cost before coupons for it to apply */
  minDue: merchantFen('最低消费').default(0),
  remark: parkingText('备注', 200),
  enabled: z.boolean({ error: '启用状态只能是是或否' }).default(true),
});

export const couponTemplateInput = couponTemplateFields
  .superRefine((t, ctx) => {
    if (t.kind === 'minutes' && t.minutes === null) ctx.addIssue({ code: 'custom', path: ['minutes'], message: '请输入减免时长' });
    if (t.kind === 'amount' && (t.amountOff === null || t.amountOff === 0)) ctx.addIssue({ code: 'custom', path: ['amountOff'], message: '请输入减免金额' });
    if (t.kind === 'percent' && t.discountPercent === null) ctx.addIssue({ code: 'custom', path: ['discountPercent'], message: '请输入折扣（1-99）' });
    if (t.kind === 'period') {
      if (t.periodStart === null) ctx.addIssue({ code: 'custom', path: ['periodStart'], message: '请输入时段开始' });
      if (t.periodEnd === null) ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: '请输入时段结束' });
      if (t.periodStart !== null && t.periodStart === t.periodEnd) ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: '时段结束不能等于开始' });
    }
    if (!t.stackable && t.stackLimit !== 1) ctx.addIssue({ code: 'custom', path: ['stackLimit'], message: '不可叠加的券每单只能用1张' });
  })
  // a kind keeps only its own figures, so a template switched from 折扣券 to 金额券 carries no stale percent
  .transform((t) => ({
    ...t,
    minutes: t.kind === 'minutes' ? t.minutes : null,
    amountOff: t.kind === 'amount' ? t.amountOff : null,
    discountPercent: t.kind === 'percent' ? t.discountPercent : null,
    maxOff: t.kind === 'percent' ? t.maxOff : null,
    periodStart: t.kind === 'period' ? t.periodStart : null,
    periodEnd: t.kind === 'period' ? t.periodEnd : null,
  }));
export type CouponTemplateInput = z.input<typeof couponTemplateInput>;
export type CouponTemplateValues = z.output<typeof couponTemplateInput>;

export const couponTemplateListQuery = z.strictObject({
  ...pageQuery.shape,
  sidx: z.enum(['name', 'createdAt'], { error: '不支持的排序字段' }).optional(),
  name: z.string().trim().max(64, '券名称最长64位').optional(),
  kind: z.enum(couponKinds, { error: '券类型只能是 free、minutes、period、percent 或 amount' }).optional(),
  enabled: enabledMarkFilter().optional(),
});
export type CouponTemplateListQuery = z.input<typeof couponTemplateListQuery>;
export type CouponTemplateListValues = z.output<typeof couponTemplateListQuery>;

/** The terms a coupon gives, as its template had them when it was issued. */
export const couponTerms = z.object({
  kind: z.enum(couponKinds),
  minutes: z.number().int().nullable(),
  amountOff: z.number().int().nullable(),
  discountPercent: z.number().int().nullable(),
  maxOff: z.number().int().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  stackable: z.boolean(),
  stackLimit: z.number().int(),
  withBenefits: z.boolean(),
  minDue: z.number().int(),
});
export type CouponTerms = z.infer<typeof couponTerms>;

export const couponTemplate = couponTerms.extend({
  id: z.string(),
  name: z.string(),
  price: z.number().int(),
  validHours: z.number().int(),
  beforeEntry: z.boolean(),
  remark: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CouponTemplate = z.infer<typeof couponTemplate>;
export const couponTemplatePage = pagedList(couponTemplate);

/** One plate as every plate input of the product takes it: trimmed, upper-cased, a mainland plate. */
const couponPlate = z.string({ error: '请输入车牌号' }).trim().toUpperCase().min(1, '请输入车牌号').regex(plateNumberPattern, '请输入正确的车牌号，如 粤B12345');

/** 发券: a template's coupon to one plate. The console names the merchant; a merchant's phone is its own. */
export const couponIssueFields = z.object({
  templateId: z.uuid({ error: '请选择优惠券' }),
  plateNumber: couponPlate,
  plateColour: z.number({ error: '请选择车牌颜色' }).int('请选择车牌颜色').min(0, '请选择车牌颜色').max(4, '请选择车牌颜色').default(0),
  remark: parkingText('备注', 200),
});
export const couponIssueInput = z.strictObject({ merchantId: z.uuid({ error: '请选择商户' }), ...couponIssueFields.shape });
export type CouponIssueInput = z.input<typeof couponIssueInput>;
export type CouponIssueValues = z.output<typeof couponIssueInput>;

export const couponRevokeInput = z.strictObject({ reason: z.string({ error: '请填写作废原因' }).trim().min(1, '请填写作废原因').max(200, '作废原因最长200位') });
export type CouponRevokeInput = z.input<typeof couponRevokeInput>;

/** 券号 as printed (00000012), or its number without the zeros: digits only, matched exactly. */
export const couponNoFilter = z
  .string()
  .trim()
  .regex(/^\d{1,15}$/, '券号只能是数字，如 00000012');

export const couponListQuery = z
  .strictObject({
    ...pageQuery.shape,
    couponNo: couponNoFilter.optional(),
    merchantId: z.uuid('商户编号格式不正确').optional(),
    templateId: z.uuid('优惠券编号格式不正确').optional(),
    recordId: z.uuid('停车记录编号格式不正确').optional(),
    plateNumber: z.string().trim().toUpperCase().max(16, '车牌号最长16位').optional(),
    kind: z.enum(couponKinds, { error: '券类型只能是 free、minutes、period、percent 或 amount' }).optional(),
    state: z.enum(couponStates, { error: '状态只能是 unused、in_use、used、expired 或 revoked' }).optional(),
    issuedFrom: timeFilter('发券开始时间').optional(),
    issuedTo: timeFilter('发券结束时间').optional(),
  })
  .superRefine((q, ctx) => refuseReversedRange(ctx, q, 'issuedFrom', 'issuedTo', '发券结束时间不能早于开始时间'));
export type CouponListQuery = z.input<typeof couponListQuery>;
export type CouponListValues = z.output<typeof couponListQuery>;

export const coupon = couponTerms.extend({
  id: z.string(),
  couponNo: z.string(),
  templateId: z.string().nullable(),
  templateName: z.string(),
  merchantId: z.string(),
  merchantName: z.string(),
  plateNumber: z.string(),
  plateColour: z.number().int(),
  /** fen the merchant pays for it */
  price: z.number().int(),
  state: z.enum(couponStates),
  issuedAt: z.string(),
  expiresAt: z.string(),
  /** the stay it is bound to or was used on */
  recordId: z.string().nullable(),
  usedAt: z.string().nullable(),
  /** fen it took off that stay */
  discount: z.number().int(),
  /** the staff member's name, or 商户 when the merchant issued it on its phone */
  issuedBy: z.string(),
  revokedAt: z.string().nullable(),
  revokeReason: z.string(),
  remark: z.string(),
});
export type Coupon = z.infer<typeof coupon>;
export const couponPage = pagedList(coupon);

const businessDayText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');
export const couponDailyReportQuery = z
  .strictObject({
    ...pageQuery.shape,
    merchantId: z.uuid('商户编号格式不正确').optional(),
    from: businessDayText.refine((d) => d >= '2000-01-01' && d <= '2099-12-31', '日期应在2000年至2099年之间'),
    to: businessDayText.refine((d) => d >= '2000-01-01' && d <= '2099-12-31', '日期应在2000年至2099年之间'),
  })
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: '结束日期不能早于开始日期' });
    else if (Date.parse(q.to) - Date.parse(q.from) > 366 * 86_400_000) ctx.addIssue({ code: 'custom', path: ['to'], message: '日期范围最长一年' });
  });
export type CouponDailyReportQuery = z.input<typeof couponDailyReportQuery>;
export type CouponDailyReportValues = z.output<typeof couponDailyReportQuery>;

export const couponDailyRow = z.object({
  day: z.string(),
  merchantId: z.string(),
  merchantName: z.string(),
  issued: z.number().int(),
  /** fen of the coupons issued that day, at their price */
  issuedAmount: z.number().int(),
  used: z.number().int(),
  /** fen the coupons used that day took off stays */
  discount: z.number().int(),
});
export type CouponDailyRow = z.infer<typeof couponDailyRow>;
export const couponDailyPage = pagedList(couponDailyRow);

export const couponMonthlyBillQuery = z.strictObject({
  ...pageQuery.shape,
  month: z
    .string({ error: '请选择月份' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM')
    .refine((m) => m >= '2000-01' && m <= '2099-12', '月份应在2000年至2099年之间'),
  merchantId: z.uuid('商户编号格式不正确').optional(),
});
export type CouponMonthlyBillQuery = z.input<typeof couponMonthlyBillQuery>;
export type CouponMonthlyBillValues = z.output<typeof couponMonthlyBillQuery>;

export const couponMonthlyBillRow = z.object({
  month: z.string(),
  merchantId: z.string(),
  merchantName: z.string(),
  used: z.number().int(),
  /** fen owed: the price of each coupon used that month */
  amount: z.number().int(),
  discount: z.number().int(),
});
export type CouponMonthlyBillRow = z.infer<typeof couponMonthlyBillRow>;
export const couponMonthlyBillPage = pagedList(couponMonthlyBillRow);

/** How a coupon's benefit reads: 免费, 减2小时, 每日22:00-07:00免费, 8折（最高减10.00元）, 减5.00元. */
export const couponBenefitText = (t: Pick<CouponTerms, 'kind' | 'minutes' | 'amountOff' | 'discountPercent' | 'maxOff' | 'periodStart' | 'periodEnd'>): string => {
  switch (t.kind) {
    case 'free':
      return '免费';
    case 'minutes': {
      const m = t.minutes ?? 0;
      return m % 60 === 0 ? `减${m / 60}小时` : `减${m}分钟`;
    }
    case 'period':
      return `每日${t.periodStart ?? ''}-${t.periodEnd ?? ''}免费`;
    case 'percent':
      return `${(t.discountPercent ?? 100) / 10}折${t.maxOff === null ? '' : `（最高减${formatAmount(t.maxOff)}元）`}`;
    case 'amount':
      return `减${formatAmount(t.amountOff ?? 0)}元`;
  }
};

/** A coupon that may take money off one stay, with what a time coupon's cut would leave the fee at. */
export interface CouponCandidate {
  id: string;
  templateId: string | null;
  terms: CouponTerms;
  expiresAt: Date;
}

/** The time a stay's time coupons take out of it: minutes off its end and the daily hours that cost nothing. */
export interface TimeCut {
  minutes: number;
  periods: { start: string; end: string }[];
}

export interface CouponStackInput {
  /** fen still owed after long rental, white list and group card */
  due: number;
  /** a white list or group card already took money off the stay */
  hadBenefit: boolean;
  candidates: readonly CouponCandidate[];
  /** the tariff's fee of the stay with this much time cut out of it */
  feeWith: (cut: TimeCut) => number;
}

export interface CouponStack {
  /** fen off, never more than `due` */
  total: number;
  /** the coupons that took money off, each with its part, in the order they applied */
  used: { id: string; off: number }[];
}

/** What a coupon that cuts no time takes off `left` fen. */
const plainOff = (terms: CouponTerms, left: number) => {
  if (terms.kind === 'free') return left;
  if (terms.kind === 'percent') return Math.min(left - Math.round((left * (terms.discountPercent ?? 100)) / 100), terms.maxOff ?? Infinity);
  return Math.min(left, terms.amountOff ?? 0);
};

const compareCandidates = (a: CouponCandidate, b: CouponCandidate) =>
  couponStage[a.terms.kind] - couponStage[b.terms.kind] || a.expiresAt.getTime() - b.expiresAt.getTime() || a.id.localeCompare(b.id);

/**
 * The coupons' part of a stay, after the other benefits: time coupons first (free, hours of the
 * day, minutes, each cutting the time the tariff prices), then percentages of what is left, then
 * amounts, the soonest to expire first within a kind. A coupon applies only if the stay cost at least
 * its minimum before coupons, and, when it may not be combined with a white list or group card, none
 * took part. A coupon that is not stackable is used alone; a stackable one with others, at most its
 * template's limit per stay. A coupon whose benefit was not needed (nothing left, or its cut takes
 * nothing off) is not used. The total never exceeds `due`.
 */
export const stackCoupons = (input: CouponStackInput): CouponStack => {
  const used: { id: string; off: number; candidate: CouponCandidate }[] = [];
  let left = Math.max(0, input.due);
  const eligible = [...input.candidates].filter((c) => c.terms.minDue <= input.due && (c.terms.withBenefits || !input.hadBenefit)).sort(compareCandidates);
  const cut: TimeCut = { minutes: 0, periods: [] };
  let feeNow = input.feeWith(cut);
  for (const candidate of eligible) {
    if (left <= 0) break;
    const { terms } = candidate;
    if (used.length > 0 && (!terms.stackable || used.some((u) => !u.candidate.terms.stackable))) continue;
    const sameTemplate = used.filter((u) => u.candidate.templateId === candidate.templateId).length;
    if (sameTemplate >= terms.stackLimit) continue;
    const nextCut: TimeCut | undefined =
      terms.kind === 'minutes'
        ? { ...cut, minutes: cut.minutes + (terms.minutes ?? 0) }
        : terms.kind === 'period'
          ? { ...cut, periods: [...cut.periods, { start: terms.periodStart ?? '00:00', end: terms.periodEnd ?? '00:00' }] }
          : undefined;
    const off = nextCut ? Math.min(left, Math.max(0, feeNow - input.feeWith(nextCut))) : plainOff(terms, left);
    if (off <= 0) continue;
    if (nextCut) {
      Object.assign(cut, nextCut);
      feeNow = input.feeWith(cut);
    }
    left -= off;
    used.push({ id: candidate.id, off, candidate });
  }
  return { total: Math.max(0, input.due) - left, used: used.map(({ id, off }) => ({ id, off })) };
};
