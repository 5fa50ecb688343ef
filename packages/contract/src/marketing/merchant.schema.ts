import { z } from 'zod';
import { resourcePaths } from '../common/endpoint.js';
import { pagedList, pageQuery } from '../common/paging.js';
import { refuseReversedRange, timeFilter } from '../common/query-fields.js';
import { mobileMessage, mobilePattern } from '../common/rules.js';
import { enabledMarkFilter, parkingText } from '../parking/area.schema.js';

export const merchantPaths = {
  ...resourcePaths('/api/system/Merchant'),
  /** 充值 and 调整: a line of the balance ledger */
  ledgerEntry: '/api/system/Merchant/:id/Ledger',
  /** the balance ledger of every merchant, newest first */
  ledger: '/api/system/MerchantLedger',
  ledgerExport: '/api/system/MerchantLedger/Actions/Export',
  /** the merchant pickers of 优惠券 and its reports: id and name, found by a keyword */
  options: '/api/system/Merchant/Selector',
} as const;

/** What kind of business it is: a shop, a mall, a hotel, anything else. */
export const merchantKinds = ['shop', 'mall', 'hotel', 'other'] as const;
export type MerchantKind = (typeof merchantKinds)[number];
export const merchantKindNames: Readonly<Record<MerchantKind, string>> = { shop: '商铺', mall: '商场', hotel: '酒店', other: '其他' };

/** 预付: the merchant tops up a balance and each coupon issued is deducted; 后付: coupons used are billed monthly. */
export const merchantSettlements = ['prepaid', 'postpaid'] as const;
export type MerchantSettlement = (typeof merchantSettlements)[number];
export const merchantSettlementNames: Readonly<Record<MerchantSettlement, string>> = { prepaid: '预付', postpaid: '后付' };

/** 充值, 发券扣款, 作废退回 and 调整: each ledger line keeps the balance before and after it. */
export const merchantLedgerKinds = ['top_up', 'deduction', 'refund', 'adjustment'] as const;
export type MerchantLedgerKind = (typeof merchantLedgerKinds)[number];
export const merchantLedgerKindNames: Readonly<Record<MerchantLedgerKind, string>> = { top_up: '充值', deduction: '发券扣款', refund: '作废退回', adjustment: '调整' };

/** ¥1,000,000: a balance, a top-up or a limit above it is a typo */
export const merchantMaxFen = 100_000_000;

/** An amount in fen from 0 to merchantMaxFen, its messages naming `label`. */
export const merchantFen = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}最多两位小数`)
    .min(0, `${label}不能小于0`)
    .max(merchantMaxFen, `${label}最大为${merchantMaxFen / 100}元`);
const count = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是整数` })
    .int(`${label}必须是整数`)
    .min(1, `${label}最小为1`)
    .max(100_000, `${label}最大为100000`);

/** The account a merchant signs in to its phone page with: letters, digits, _ and -. */
export const merchantAccount = z
  .string({ error: '请输入登录账号' })
  .trim()
  .min(3, '登录账号至少3位')
  .max(32, '登录账号最长32位')
  .regex(/^[A-Za-z0-9_-]+$/, '登录账号只能包含字母、数字、下划线和短横线');

export const merchantFields = z.object({
  name: z.string({ error: '请输入商户名称' }).trim().min(1, '请输入商户名称').max(64, '商户名称最长64位'),
  kind: z.enum(merchantKinds, { error: '请选择商户类型' }),
  contactName: parkingText('联系人', 32),
  contactPhone: z.string({ error: '请输入联系电话' }).trim().min(1, '请输入联系电话').regex(mobilePattern, mobileMessage),
  /** the lots where its coupons take money off a stay */
  lotIds: z
    .array(z.uuid({ error: '停车场编号格式不正确' }), { error: '请选择适用停车场' })
    .min(1, '请选择适用停车场')
    .max(200, '适用停车场最多200个'),
  settlement: z.enum(merchantSettlements, { error: '请选择结算方式' }),
  /** fen the balance may go below zero (预付 only) */
  overdraftLimit: merchantFen('透支额度').default(0),
  /** null: no limit */
  dailyCouponLimit: count('每日发券上限').nullable().default(null),
  monthlyCouponLimit: count('每月发券上限').nullable().default(null),
  /** fen of coupons issued in a month; null: no limit */
  monthlyAmountLimit: merchantFen('每月发券金额上限').nullable().default(null),
  account: merchantAccount,
  /** the MD5 of the password, as every password travels; required on create, '' on an update keeps it */
  password: z
    .string()
    .trim()
    .regex(/^([0-9a-f]{32})?$/, '密码格式错误：应为小写十六进制 MD5 摘要')
    .default(''),
  remark: parkingText('备注', 200),
  enabled: z.boolean({ error: '启用状态只能是是或否' }).default(true),
});

export const merchantInput = merchantFields.superRefine((merchant, ctx) => {
  if (new Set(merchant.lotIds).size !== merchant.lotIds.length) ctx.addIssue({ code: 'custom', path: ['lotIds'], message: '适用停车场重复' });
  if (merchant.settlement === 'postpaid' && merchant.overdraftLimit > 0) ctx.addIssue({ code: 'custom', path: ['overdraftLimit'], message: '后付商户没有余额，透支额度应为0' });
});
export type MerchantInput = z.input<typeof merchantInput>;
export type MerchantValues = z.output<typeof merchantInput>;

export const merchantFilter = z.strictObject({
  name: z.string().trim().max(64, '商户名称最长64位').optional(),
  kind: z.enum(merchantKinds, { error: '商户类型只能是 shop（商铺）、mall（商场）、hotel（酒店）或 other（其他）' }).optional(),
  settlement: z.enum(merchantSettlements, { error: '结算方式只能是 prepaid（预付）或 postpaid（后付）' }).optional(),
  lotId: z.uuid('停车场编号格式不正确').optional(),
  enabled: enabledMarkFilter().optional(),
});
export type MerchantFilterValues = z.output<typeof merchantFilter>;

export const merchantListQuery = z.strictObject({
  ...pageQuery.shape,
  sidx: z.enum(['name', 'balance', 'createdAt'], { error: '不支持的排序字段' }).optional(),
  ...merchantFilter.shape,
});
export type MerchantListQuery = z.input<typeof merchantListQuery>;
export type MerchantListValues = z.output<typeof merchantListQuery>;

export const merchant = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(merchantKinds),
  contactName: z.string(),
  contactPhone: z.string(),
  lotIds: z.array(z.string()),
  lotNames: z.array(z.string()),
  settlement: z.enum(merchantSettlements),
  /** fen; below zero within the overdraft limit */
  balance: z.number().int(),
  overdraftLimit: z.number().int(),
  dailyCouponLimit: z.number().int().nullable(),
  monthlyCouponLimit: z.number().int().nullable(),
  monthlyAmountLimit: z.number().int().nullable(),
  /** coupons issued today and this month (Shanghai days), and their fen this month */
  issuedToday: z.number().int(),
  issuedThisMonth: z.number().int(),
  amountThisMonth: z.number().int(),
  account: z.string(),
  remark: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Merchant = z.infer<typeof merchant>;
export const merchantPage = pagedList(merchant);

/** 充值 (a positive amount) or 调整 (either sign, with its reason). */
export const merchantLedgerInput = z
  .strictObject({
    kind: z.enum(['top_up', 'adjustment'], { error: '请选择充值或调整' }),
    /** fen; an adjustment may be negative */
    amount: z.coerce
      .number({ error: '金额必须是数字' })
      .int('金额最多两位小数')
      .min(-merchantMaxFen, `金额最小为-${merchantMaxFen / 100}元`)
      .max(merchantMaxFen, `金额最大为${merchantMaxFen / 100}元`),
    remark: parkingText('备注', 200),
  })
  .superRefine((entry, ctx) => {
    if (entry.amount === 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: '金额不能为0' });
    if (entry.kind === 'top_up' && entry.amount < 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: '充值金额必须大于0' });
    if (entry.kind === 'adjustment' && entry.remark === '') ctx.addIssue({ code: 'custom', path: ['remark'], message: '请填写调整原因' });
  });
export type MerchantLedgerInput = z.input<typeof merchantLedgerInput>;
export type MerchantLedgerValues = z.output<typeof merchantLedgerInput>;

export const merchantLedgerListQuery = z
  .strictObject({
    ...pageQuery.shape,
    merchantId: z.uuid('商户编号格式不正确').optional(),
    kind: z.enum(merchantLedgerKinds, { error: '类型只能是 top_up（充值）、deduction（发券扣款）、refund（作废退回）或 adjustment（调整）' }).optional(),
    createdFrom: timeFilter('开始时间').optional(),
    createdTo: timeFilter('结束时间').optional(),
  })
  .superRefine((q, ctx) => refuseReversedRange(ctx, q, 'createdFrom', 'createdTo', '结束时间不能早于开始时间'));
export type MerchantLedgerListQuery = z.input<typeof merchantLedgerListQuery>;
export type MerchantLedgerListValues = z.output<typeof merchantLedgerListQuery>;

export const merchantLedgerEntry = z.object({
  id: z.string(),
  merchantId: z.string(),
  merchantName: z.string(),
  kind: z.enum(merchantLedgerKinds),
  /** fen, signed: what the line did to the balance */
  amount: z.number().int(),
  balanceBefore: z.number().int(),
  balanceAfter: z.number().int(),
  /** the coupon a deduction or refund was for */
  couponId: z.string().nullable(),
  couponNo: z.string(),
  remark: z.string(),
  operator: z.string(),
  createdAt: z.string(),
});
export type MerchantLedgerEntry = z.infer<typeof merchantLedgerEntry>;
export const merchantLedgerPage = pagedList(merchantLedgerEntry);

/** The most a merchant picker is given at once: typing narrows it. */
export const merchantOptionsLimit = 50;
export const merchantOptionsQuery = z.strictObject({
  keyword: z.string().trim().max(64, '商户名称最长64位').optional(),
  settlement: z.enum(merchantSettlements, { error: '结算方式只能是 prepaid 或 postpaid' }).optional(),
});
export type MerchantOptionsQuery = z.input<typeof merchantOptionsQuery>;
export const merchantOption = z.object({ id: z.string(), name: z.string(), enabled: z.boolean(), settlement: z.enum(merchantSettlements) });
export type MerchantOption = z.infer<typeof merchantOption>;
export const merchantOptions = z.array(merchantOption);
