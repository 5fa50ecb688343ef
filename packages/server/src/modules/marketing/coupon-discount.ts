import { stackCoupons, type CouponStack, type TimeCut } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { lockStayCoupons, updateCouponRow, type CouponRow } from './coupon.repository.js';

export interface CouponDiscountInput {
  tenantId: string;
  lotId: string;
  plateNumber: string;
  plateColour: number;
  /** the stay leaving */
  recordId: string;
  /** the exit the stay is priced at */
  at: Date;
  /** fen still owed after long rental, white list and group card */
  due: number;
  /** a white list or group card took part */
  hadBenefit: boolean;
  /** the tariff's fee of the stay with time cut out of it (time coupons) */
  feeWith: (cut: TimeCut) => number;
}

const none: CouponStack = { total: 0, used: [] };

const termsOf = (c: CouponRow) => ({
  kind: c.kind,
  minutes: c.minutes,
  amountOff: c.amountOff,
  discountPercent: c.discountPercent,
  maxOff: c.maxOff,
  periodStart: c.periodStart,
  periodEnd: c.periodEnd,
  stackable: c.stackable,
  stackLimit: c.stackLimit,
  withBenefits: c.withBenefits,
  minDue: c.minDue,
});

/**
 * The coupons' part of a stay leaving, inside the exit's transaction: the plate's live coupons for
 * the lot (those bound to this stay and those bound to none) are locked, stacked in their order
 * (stackCoupons), and those that took money off become 已使用 on this stay with their part. A coupon
 * bound to the stay whose benefit was not needed goes back to 未使用, for the next visit.
 */
export const couponDiscount = async (tx: Db, input: CouponDiscountInput): Promise<CouponStack> => {
  if (input.plateNumber === '' || input.due <= 0) return none;
  const rows = await lockStayCoupons(tx, { ...input });
  if (rows.length === 0) return none;
  const stack = stackCoupons({
    due: input.due,
    hadBenefit: input.hadBenefit,
    candidates: rows.map((c) => ({ id: c.id, templateId: c.templateId, terms: termsOf(c), expiresAt: c.expiresAt })),
    feeWith: input.feeWith,
  });
  const parts = new Map(stack.used.map((u) => [u.id, u.off]));
  for (const row of rows) {
    const off = parts.get(row.id);
    if (off !== undefined) await updateCouponRow(tx, input.tenantId, row.id, { state: 'used', recordId: input.recordId, usedAt: input.at, discount: off });
    else if (row.recordId !== null) await updateCouponRow(tx, input.tenantId, row.id, { state: 'unused', recordId: null });
  }
  return stack;
};
