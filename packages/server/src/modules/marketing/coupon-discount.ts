import { stackCoupons, type CouponStack, type TimeCut } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { couponTermsOf } from './coupon-terms.js';
import { stayCoupons, updateCouponRow, type CouponRow } from './coupon.repository.js';

export interface CouponDiscountInput {
  tenantId: string;
  lotId: string;
  plateNumber: string;
  plateColour: number;
  /** the stay priced */
  recordId: string;
  /** the moment the stay is priced at: its exit, or the quote of a car still in */
  at: Date;
  /** a payment of a car still in uses only the coupons issued by the time its cashier was opened */
  issuedUpTo?: Date | undefined;
  /** fen still owed after long rental, white list and group card */
  due: number;
  /** a white list or group card took part */
  hadBenefit: boolean;
  /** the tariff's fee of the stay with time cut out of it (time coupons) */
  feeWith: (cut: TimeCut) => number;
}

const none: CouponStack = { total: 0, used: [] };

const stackOf = (rows: readonly CouponRow[], input: CouponDiscountInput) =>
  stackCoupons({
    due: input.due,
    hadBenefit: input.hadBenefit,
    candidates: rows.map((c) => ({ id: c.id, templateId: c.templateId, terms: couponTermsOf(c), expiresAt: c.expiresAt })),
    feeWith: input.feeWith,
  });

/**
 * The coupons' part of a stay priced now, inside the transaction that prices it (an exit, or a
 * payment on the phone while the car is still in): the plate's live coupons for the lot (those bound
 * to this stay, those bound to none, and those the stay already used) are locked, stacked in their
 * order (stackCoupons), and those that took money off become 已使用 on this stay with their part. A
 * coupon bound to the stay whose benefit was not needed goes back to 未使用, for the next visit.
 */
export const couponDiscount = async (tx: Db, input: CouponDiscountInput): Promise<CouponStack> => {
  if (input.plateNumber === '' || input.due <= 0) return none;
  const rows = await stayCoupons(tx, input, true);
  if (rows.length === 0) return none;
  const stack = stackOf(rows, input);
  const parts = new Map(stack.used.map((u) => [u.id, u.off]));
  for (const row of rows) {
    const off = parts.get(row.id);
    if (off !== undefined) await updateCouponRow(tx, input.tenantId, row.id, { state: 'used', recordId: input.recordId, usedAt: input.at, discount: off });
    else if (row.recordId !== null) await updateCouponRow(tx, input.tenantId, row.id, { state: 'unused', recordId: null, usedAt: null, discount: 0 });
  }
  return stack;
};

/** What the coupons would take off a stay priced now, as couponDiscount weighs them, using none: the driver's quote before paying. */
export const couponQuote = async (db: Db, input: CouponDiscountInput): Promise<CouponStack> => {
  if (input.plateNumber === '' || input.due <= 0) return none;
  const rows = await stayCoupons(db, input, false);
  return rows.length === 0 ? none : stackOf(rows, input);
};
