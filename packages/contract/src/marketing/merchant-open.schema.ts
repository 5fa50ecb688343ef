import { z } from 'zod';
import { md5Hex } from '../auth/auth.schema.js';
import { pagedList, pageQuery } from '../common/paging.js';
import { coupon, couponDailyRow, couponIssueFields, couponKinds, couponMonthlyBillQuery, couponRevokeInput, couponStates } from './coupon.schema.js';
import { merchantAccount, merchantSettlements } from './merchant.schema.js';

/**
 * The merchant's phone page (商户发券), signed in with a merchant session of its own: under
 * /api/open like the other phone pages, never a staff token.
 */
export const merchantOpenPaths = {
  signIn: '/api/open/merchant/sign-in',
  signOut: '/api/open/merchant/sign-out',
  /** the merchant, its balance and limits, and the coupons it may issue */
  me: '/api/open/merchant/me',
  coupons: '/api/open/merchant/coupons',
  revoke: '/api/open/merchant/coupons/:id/revoke',
  /** the merchant's own coupons issued and used per day of a month, and what a 后付 month is billed */
  report: '/api/open/merchant/report',
  /** `?stay=<stay token>`: the car of a 商户优惠码 the merchant scanned */
  stay: '/api/open/merchant/stay',
} as const;

/** The header a merchant's token travels in: never Authorization, which carries staff tokens. */
export const merchantTokenHeader = 'x-merchant-token';

/** The phone pages, as hash routes of the web app. */
export const merchantPagePaths = { signIn: '/merchant/login', home: '/merchant', report: '/merchant/report' } as const;

/** The query parameter of the merchant home page that carries a scanned 商户优惠码's stay token. */
export const merchantStayParam = 'stay';

export const merchantSignInInput = z.strictObject({
  account: merchantAccount,
  /** the MD5 of the password, as every sign-in sends it */
  password: md5Hex,
});
export type MerchantSignInInput = z.input<typeof merchantSignInInput>;
export const merchantSession = z.object({ token: z.string(), expiresIn: z.number().int(), merchantName: z.string() });
export type MerchantSession = z.infer<typeof merchantSession>;

/** A coupon the merchant may issue: an enabled template. */
export const merchantCouponOption = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(couponKinds),
  /** 减2小时, 8折（最高减10.00元）… */
  benefitText: z.string(),
  price: z.number().int(),
  validHours: z.number().int(),
  /** may go to a car not in the lot yet */
  beforeEntry: z.boolean(),
});
export type MerchantCouponOption = z.infer<typeof merchantCouponOption>;

export const merchantProfile = z.object({
  name: z.string(),
  account: z.string(),
  settlement: z.enum(merchantSettlements),
  balance: z.number().int(),
  overdraftLimit: z.number().int(),
  lotNames: z.array(z.string()),
  issuedToday: z.number().int(),
  dailyCouponLimit: z.number().int().nullable(),
  issuedThisMonth: z.number().int(),
  monthlyCouponLimit: z.number().int().nullable(),
  amountThisMonth: z.number().int(),
  monthlyAmountLimit: z.number().int().nullable(),
  options: z.array(merchantCouponOption),
});
export type MerchantProfile = z.infer<typeof merchantProfile>;

/** 发券 on the merchant's phone: the merchant is the signed-in one. */
export const merchantIssueInput = z.strictObject(couponIssueFields.shape);
export type MerchantIssueInput = z.input<typeof merchantIssueInput>;

export const merchantCouponListQuery = z.strictObject({
  ...pageQuery.shape,
  plateNumber: z.string().trim().toUpperCase().max(16, '车牌号最长16位').optional(),
  state: z.enum(couponStates, { error: '状态只能是 unused、in_use、used、expired 或 revoked' }).optional(),
});
export type MerchantCouponListQuery = z.input<typeof merchantCouponListQuery>;

/** What the merchant's phone shows of a coupon: no staff names, no record ids. */
export const merchantCoupon = coupon.pick({
  id: true,
  couponNo: true,
  templateName: true,
  kind: true,
  minutes: true,
  amountOff: true,
  discountPercent: true,
  maxOff: true,
  periodStart: true,
  periodEnd: true,
  plateNumber: true,
  plateColour: true,
  price: true,
  state: true,
  issuedAt: true,
  expiresAt: true,
  usedAt: true,
  discount: true,
  revokeReason: true,
  remark: true,
});
export type MerchantCoupon = z.infer<typeof merchantCoupon>;
export const merchantCouponPage = pagedList(merchantCoupon);

export const merchantRevokeInput = couponRevokeInput;

/** 发券报表 on the merchant's phone: one month of its own coupons, the console's daily report cut to this merchant. */
export const merchantReportQuery = z.strictObject({ month: couponMonthlyBillQuery.shape.month });
export type MerchantReportQuery = z.input<typeof merchantReportQuery>;

/** A day of the merchant's month: coupons issued (at their price) and used (what they took off stays). */
export const merchantReportDay = couponDailyRow.pick({ day: true, issued: true, issuedAmount: true, used: true, discount: true });
export type MerchantReportDay = z.infer<typeof merchantReportDay>;

export const merchantReport = z.object({
  month: z.string(),
  settlement: z.enum(merchantSettlements),
  /** the days that had any coupon issued or used, earliest first */
  days: z.array(merchantReportDay),
  total: merchantReportDay.omit({ day: true }),
  /** 后付: fen billed for the month, the price of each coupon used in it; null for 预付 */
  billAmount: z.number().int().nullable(),
});
export type MerchantReport = z.infer<typeof merchantReport>;

/** A scanned 商户优惠码: the stay token from the code's address. */
export const merchantStayQuery = z.strictObject({
  stay: z.string({ error: '缺少二维码参数' }).trim().min(1, '缺少二维码参数').max(1024, '二维码无效，请让车主刷新后重新出示'),
});
export type MerchantStayQuery = z.input<typeof merchantStayQuery>;

/** The car of a scanned code, still in one of the merchant's lots: what the issue form is filled with. */
export const merchantStay = z.object({
  plateNumber: z.string(),
  plateColour: z.number().int(),
  lotName: z.string(),
  enteredAt: z.string().nullable(),
});
export type MerchantStay = z.infer<typeof merchantStay>;
