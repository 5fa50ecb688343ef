import type { CouponTerms } from '@parking/contract';

/** The terms a coupon gives, read off a template or kept on an issued coupon: what stackCoupons weighs and the pages show. */
export const couponTermsOf = (source: CouponTerms): CouponTerms => ({
  kind: source.kind,
  minutes: source.minutes,
  amountOff: source.amountOff,
  discountPercent: source.discountPercent,
  maxOff: source.maxOff,
  periodStart: source.periodStart,
  periodEnd: source.periodEnd,
  stackable: source.stackable,
  stackLimit: source.stackLimit,
  withBenefits: source.withBenefits,
  minDue: source.minDue,
});
