import { describe, expect, it } from 'vitest';
import { couponBenefitText, couponListQuery, couponTemplateInput, stackCoupons, type CouponCandidate, type CouponTerms, type TimeCut } from './coupon.schema.js';

const terms = (over: Partial<CouponTerms>): CouponTerms => ({
  kind: 'amount',
  minutes: null,
  amountOff: null,
  discountPercent: null,
  maxOff: null,
  periodStart: null,
  periodEnd: null,
  stackable: true,
  stackLimit: 5,
  withBenefits: false,
  minDue: 0,
  ...over,
});

let seq = 0;
const coupon = (over: Partial<CouponTerms>, expiresAt = '2026-03-03T12:00:00+08:00', templateId: string | null = null): CouponCandidate => {
  seq += 1;
  return { id: `c${seq}`, templateId: templateId ?? `t-${over.kind ?? 'amount'}-${seq}`, terms: terms(over), expiresAt: new Date(expiresAt) };
};

/** A stay of 5 hours at 2 yuan an hour, the cut taken off its length. */
const hourly = (cut: TimeCut) => Math.max(0, 300 - cut.minutes) * (200 / 60) + 0 * cut.periods.length;
const fiveHours = (cut: TimeCut) => Math.round(Math.max(0, 5 * 60 - cut.minutes - cut.periods.length * 60) / 60) * 200;

describe('stackCoupons', () => {
  it('applies time, then percentage, then amount, whatever order they were issued in', () => {
    const amount = coupon({ kind: 'amount', amountOff: 100 });
    const percent = coupon({ kind: 'percent', discountPercent: 50 });
    const minutes = coupon({ kind: 'minutes', minutes: 120 });
    const stack = stackCoupons({ due: 1000, hadBenefit: false, candidates: [amount, percent, minutes], feeWith: fiveHours });
    // 1000 − 2 h (400) = 600; half of it (300) = 300; 1 yuan = 200 left
    expect(stack.used).toEqual([
      { id: minutes.id, off: 400 },
      { id: percent.id, off: 300 },
      { id: amount.id, off: 100 },
    ]);
    expect(stack.total).toBe(800);
  });

  it('never takes off more than is due, and a coupon not needed stays unused', () => {
    const free = coupon({ kind: 'free' });
    const amount = coupon({ kind: 'amount', amountOff: 500 });
    const stack = stackCoupons({ due: 300, hadBenefit: false, candidates: [amount, free], feeWith: fiveHours });
    expect(stack).toEqual({ total: 300, used: [{ id: free.id, off: 300 }] });
    const big = stackCoupons({ due: 300, hadBenefit: false, candidates: [amount], feeWith: fiveHours });
    expect(big).toEqual({ total: 300, used: [{ id: amount.id, off: 300 }] });
  });

  it('caps a percentage at its 最高减免', () => {
    const percent = coupon({ kind: 'percent', discountPercent: 20, maxOff: 500 });
    expect(stackCoupons({ due: 2000, hadBenefit: false, candidates: [percent], feeWith: fiveHours }).total).toBe(500);
    expect(stackCoupons({ due: 400, hadBenefit: false, candidates: [percent], feeWith: fiveHours }).total).toBe(320);
  });

  it('uses a coupon that is not stackable alone, and keeps a stackable one to its limit per stay', () => {
    const alone = coupon({ kind: 'minutes', minutes: 60, stackable: false, stackLimit: 1 });
    const other = coupon({ kind: 'amount', amountOff: 100 });
    expect(stackCoupons({ due: 1000, hadBenefit: false, candidates: [other, alone], feeWith: fiveHours }).used.map((u) => u.id)).toEqual([alone.id]);

    const first = coupon({ kind: 'amount', amountOff: 100, stackLimit: 2 }, '2026-03-03T10:00:00+08:00', 'same');
    const second = coupon({ kind: 'amount', amountOff: 100, stackLimit: 2 }, '2026-03-03T11:00:00+08:00', 'same');
    const third = coupon({ kind: 'amount', amountOff: 100, stackLimit: 2 }, '2026-03-03T12:00:00+08:00', 'same');
    const stack = stackCoupons({ due: 1000, hadBenefit: false, candidates: [third, second, first], feeWith: fiveHours });
    // the soonest to expire first, two of the template at most
    expect(stack.used.map((u) => u.id)).toEqual([first.id, second.id]);
    expect(stack.total).toBe(200);
  });

  it('keeps a coupon off a stay below its minimum, or one a white list or group card already paid part of unless it may share', () => {
    const min = coupon({ kind: 'amount', amountOff: 100, minDue: 500 });
    expect(stackCoupons({ due: 499, hadBenefit: false, candidates: [min], feeWith: fiveHours }).used).toEqual([]);
    expect(stackCoupons({ due: 500, hadBenefit: false, candidates: [min], feeWith: fiveHours }).total).toBe(100);

    const alone = coupon({ kind: 'amount', amountOff: 100 });
    const shares = coupon({ kind: 'amount', amountOff: 50, withBenefits: true });
    expect(stackCoupons({ due: 500, hadBenefit: true, candidates: [alone, shares], feeWith: fiveHours }).used).toEqual([{ id: shares.id, off: 50 }]);
  });

  it('does not use a time coupon whose cut takes nothing off', () => {
    const minutes = coupon({ kind: 'minutes', minutes: 30 });
    // the fee is the same with 30 minutes less (rounded to the hour): nothing to take
    expect(stackCoupons({ due: 1000, hadBenefit: false, candidates: [minutes], feeWith: fiveHours }).used).toEqual([]);
    expect(stackCoupons({ due: 1000, hadBenefit: false, candidates: [minutes], feeWith: hourly }).total).toBe(100);
  });

  it('takes nothing from a stay that owes nothing', () => {
    expect(stackCoupons({ due: 0, hadBenefit: false, candidates: [coupon({ kind: 'free' })], feeWith: fiveHours })).toEqual({ total: 0, used: [] });
  });
});

describe('couponTemplateInput', () => {
  const base = { name: '2小时券', price: 400, validHours: 24 };
  it('keeps only the figures of its kind', () => {
    const t = couponTemplateInput.parse({ ...base, kind: 'minutes', minutes: 120, amountOff: 300, discountPercent: 80 });
    expect([t.minutes, t.amountOff, t.discountPercent]).toEqual([120, null, null]);
  });
  it('refuses a kind without its figure, and a non-stackable coupon with a limit above 1', () => {
    const issues = (input: object) => couponTemplateInput.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ ...base, kind: 'minutes' })).toEqual(['请输入减免时长']);
    expect(issues({ ...base, kind: 'period', periodStart: '22:00', periodEnd: '22:00' })).toEqual(['时段结束不能等于开始']);
    expect(issues({ ...base, kind: 'free', stackable: false, stackLimit: 3 })).toEqual(['不可叠加的券每单只能用1张']);
    expect(issues({ ...base, kind: 'amount', amountOff: 12.5 })).toEqual(['减免金额最多两位小数']);
  });
  it('reads its benefit in words', () => {
    expect(couponBenefitText(terms({ kind: 'minutes', minutes: 120 }))).toBe('减2小时');
    expect(couponBenefitText(terms({ kind: 'minutes', minutes: 90 }))).toBe('减90分钟');
    expect(couponBenefitText(terms({ kind: 'percent', discountPercent: 85, maxOff: 1000 }))).toBe('8.5折（最高减10.00元）');
    expect(couponBenefitText(terms({ kind: 'period', periodStart: '22:00', periodEnd: '07:00' }))).toBe('每日22:00-07:00免费');
    expect(couponBenefitText(terms({ kind: 'amount', amountOff: 500 }))).toBe('减5.00元');
  });
});

describe('couponListQuery', () => {
  it('takes a 券号 of digits as printed, and refuses anything else in Chinese', () => {
    expect(couponListQuery.parse({ couponNo: ' 00000012 ' }).couponNo).toBe('00000012');
    for (const couponNo of ['YH12', '12a', '1'.repeat(16), '', '-1']) {
      expect(couponListQuery.safeParse({ couponNo }).error?.issues[0]?.message).toBe('券号只能是数字，如 00000012');
    }
  });
});
