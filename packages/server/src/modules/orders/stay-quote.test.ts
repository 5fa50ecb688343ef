import { describe, expect, it } from 'vitest';
import { discountKinds, noBenefits, quoteStay, type StayBenefits } from './stay-quote.js';

describe('the one quote of a stay', () => {
  it('owes the fee less what was paid, with no benefit', () => {
    expect(quoteStay(1000, noBenefits, 0)).toEqual({ amountDue: 1000, discount: 0, paid: 0, unpaid: 1000 });
    expect(quoteStay(1000, noBenefits, 400)).toEqual({ amountDue: 1000, discount: 0, paid: 400, unpaid: 600 });
  });

  it('lets a long-rental card pay it all, ahead of a group card', () => {
    expect(quoteStay(1000, { longRental: true, groupCardOff: 300 }, 0)).toEqual({ amountDue: 1000, discount: 1000, paid: 0, unpaid: 0 });
  });

  it("takes the group card's part off, never more than the fee", () => {
    expect(quoteStay(1000, { longRental: false, groupCardOff: 300 }, 0)).toEqual({ amountDue: 1000, discount: 300, paid: 0, unpaid: 700 });
    expect(quoteStay(200, { longRental: false, groupCardOff: 300 }, 0)).toEqual({ amountDue: 200, discount: 200, paid: 0, unpaid: 0 });
  });

  it('lets a white-list entry leave only the fee of the time it did not cover, ahead of a group card', () => {
    expect(quoteStay(1000, { longRental: false, groupCardOff: 300, whiteListCharged: 0 }, 0)).toEqual({ amountDue: 1000, discount: 1000, paid: 0, unpaid: 0 });
    expect(quoteStay(1000, { longRental: false, groupCardOff: 300, whiteListCharged: 400 }, 0)).toEqual({ amountDue: 1000, discount: 600, paid: 0, unpaid: 400 });
    expect(quoteStay(1000, { longRental: false, groupCardOff: 0, whiteListCharged: 1500 }, 0)).toEqual({ amountDue: 1000, discount: 0, paid: 0, unpaid: 1000 });
  });

  it('keeps money taken: paid beyond the fee less its discount shrinks the discount, paid beyond the fee makes it the amount due', () => {
    expect(quoteStay(1000, { longRental: false, groupCardOff: 200 }, 900)).toEqual({ amountDue: 1000, discount: 100, paid: 900, unpaid: 0 });
    expect(quoteStay(500, noBenefits, 800)).toEqual({ amountDue: 800, discount: 0, paid: 800, unpaid: 0 });
  });

  it('balances whatever it is given', () => {
    for (const fee of [0, 1, 250, 1000, 99_999])
      for (const off of [0, 1, 300, 200_000])
        for (const paid of [0, 1, 500, 150_000])
          for (const longRental of [false, true]) {
            const q = quoteStay(fee, { longRental, groupCardOff: off }, paid);
            expect(q.amountDue - q.discount).toBe(q.paid + q.unpaid);
            expect(Math.min(q.amountDue, q.discount, q.paid, q.unpaid)).toBeGreaterThanOrEqual(0);
          }
  });

  it('says how much of the discount a long-rental card or a white-list entry gave, never more than the discount', () => {
    const kinds = (fee: number, benefits: StayBenefits, paid: number) => discountKinds(fee, benefits, quoteStay(fee, benefits, paid));
    expect(kinds(1000, { longRental: true, groupCardOff: 300, couponOff: 100 }, 0)).toEqual({ longRentalDiscount: 1000, whiteListDiscount: 0, waiverDiscount: 0 });
    expect(kinds(1000, { longRental: false, groupCardOff: 300, whiteListCharged: 400, couponOff: 100 }, 0)).toEqual({ longRentalDiscount: 0, whiteListDiscount: 600, waiverDiscount: 0 });
    // the group card and coupons keep theirs in their own tables
    expect(kinds(1000, { longRental: false, groupCardOff: 300, couponOff: 100 }, 0)).toEqual({ longRentalDiscount: 0, whiteListDiscount: 0, waiverDiscount: 0 });
    // paid while in before the card was known: the discount shrank, and its long-rental part with it
    expect(kinds(1000, { longRental: true, groupCardOff: 0 }, 400)).toEqual({ longRentalDiscount: 600, whiteListDiscount: 0, waiverDiscount: 0 });
    expect(kinds(1000, { longRental: false, groupCardOff: 0, whiteListCharged: 200 }, 900)).toEqual({ longRentalDiscount: 0, whiteListDiscount: 100, waiverDiscount: 0 });
  });
});
