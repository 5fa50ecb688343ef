// The public face of marketing: groups, group cards, special bills, merchants and coupons, and the
// discounts a group card and coupons give a stay (the record core and payments ask them here).
export { couponRoutes, type CouponRoutesOptions } from './coupon.routes.js';
export { merchantRoutes } from './merchant.routes.js';
export { groupCardOpenRoutes, type GroupCardOpenRoutesOptions } from './group-card-open.routes.js';
export { groupCardRoutes, type GroupCardRoutesOptions } from './group-card.routes.js';
export { groupRoutes } from './group.routes.js';
export { specialBillOpenRoutes, type SpecialBillOpenRoutesOptions } from './special-bill-open.routes.js';
export { specialBillRoutes, type SpecialBillRoutesOptions } from './special-bill.routes.js';

export { groupCardDiscount, groupCardQuote, recordGroupCard, reviseCardUse, type GroupCardDiscount, type GroupCardDiscountInput } from './group-card-discount.js';
export { couponDiscount, couponQuote, type CouponDiscountInput } from './coupon-discount.js';
export { releaseStayCoupons } from './coupon.repository.js';
export { createCouponTemplate, issueCoupon, recordCoupons, revokeCoupon, type FindOpenStay } from './coupon.service.js';
export { addLedgerEntry, createMerchant } from './merchant.service.js';
export { checkSpecialBillToken } from './special-bill-open.service.js';
export { markSpecialBillPaid } from './special-bill.service.js';
export { findSpecialBill, type SpecialBillRow } from './special-bill.repository.js';
