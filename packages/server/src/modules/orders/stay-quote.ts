/** What a stay's money is: due − discount = paid + unpaid, all in fen. */
export interface StayMoney {
  amountDue: number;
  discount: number;
  paid: number;
  unpaid: number;
}

/** What takes money off a stay's fee, as found for the plate when the stay is priced. */
export interface StayBenefits {
  /** a long-rental card (长租) of the plate in force that day: the stay costs nothing */
  longRental: boolean;
  /** fen the plate's group card takes off the fee (its benefit applied to this fee), 0 without one */
  groupCardOff: number;
  /**
   * a white-list entry (白名单) of the plate covered the stay, or part of it: only this much is owed,
   * the tariff's fee of the part it did not cover (0 when it covered all); absent without one
   */
  whiteListCharged?: number | undefined;
  /** fen merchants' coupons take off what the benefits above left (stackCoupons), 0 without any */
  couponOff?: number | undefined;
}

/** The part of the fee the first benefit that applies takes: long rental all, a white-list entry what it covered, else the group card's. */
const cardsOff = (fee: number, benefits: StayBenefits) =>
  benefits.longRental ? fee : benefits.whiteListCharged !== undefined ? fee - Math.min(fee, Math.max(0, benefits.whiteListCharged)) : Math.min(fee, Math.max(0, benefits.groupCardOff));

/** The parts of a stay's discount kept on its record for 营收报表 (coupons and group cards keep theirs in their own tables). */
export interface DiscountKinds {
  longRentalDiscount: number;
  whiteListDiscount: number;
  waiverDiscount: number;
}

export const noBenefits: StayBenefits = { longRental: false, groupCardOff: 0 };

/**
 * The one quote of a stay, the same wherever it is asked: at the exit, on the driver's record page,
 * at the cashier, in a correction. From the tariff's fee, the benefits in their order (long rental
 * pays all, else a white-list entry leaves only the fee of the time it did not cover, else the
 * group card takes its part; then coupons take theirs; never more than the fee) and what was paid already:
 * money taken is kept, only the rest is owed, never less than nothing; a stay paid beyond its fee is
 * due what was paid, the discount shrinking first.
 */
export const quoteStay = (fee: number, benefits: StayBenefits, paid: number): StayMoney => {
  const cards = cardsOff(fee, benefits);
  const off = Math.min(fee, cards + Math.max(0, benefits.couponOff ?? 0));
  const amountDue = Math.max(fee, paid);
  const unpaid = Math.max(0, amountDue - off - paid);
  return { amountDue, discount: amountDue - paid - unpaid, paid, unpaid };
};

/**
 * The kinds of the discount `money` (quoteStay of `fee` and `benefits`) holds, written with it on
 * the record: the long-rental or white-list part, never more than the discount (which shrinks
 * first when more was paid); a priced stay has no waiver, that comes only after (record-correction.ts).
 */
export const discountKinds = (fee: number, benefits: StayBenefits, money: StayMoney): DiscountKinds => {
  const cards = Math.min(cardsOff(fee, benefits), money.discount);
  return {
    longRentalDiscount: benefits.longRental ? cards : 0,
    whiteListDiscount: !benefits.longRental && benefits.whiteListCharged !== undefined ? cards : 0,
    waiverDiscount: 0,
  };
};
