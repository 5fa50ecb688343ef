// The public face of marketing: groups, group cards and special bills, and the discount a group
// card gives a stay (the record core and payments ask it here).
export { groupCardOpenRoutes, type GroupCardOpenRoutesOptions } from './group-card-open.routes.js';
export { groupCardRoutes, type GroupCardRoutesOptions } from './group-card.routes.js';
export { groupRoutes } from './group.routes.js';
export { specialBillOpenRoutes, type SpecialBillOpenRoutesOptions } from './special-bill-open.routes.js';
export { specialBillRoutes, type SpecialBillRoutesOptions } from './special-bill.routes.js';

export { groupCardDiscount, groupCardQuote, recordGroupCard, reviseCardUse, type GroupCardDiscount, type GroupCardDiscountInput } from './group-card-discount.js';
export { checkSpecialBillToken } from './special-bill-open.service.js';
export { markSpecialBillPaid } from './special-bill.service.js';
export { findSpecialBill, type SpecialBillRow } from './special-bill.repository.js';
