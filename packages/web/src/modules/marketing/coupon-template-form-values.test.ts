import { couponTemplateInput } from '@parking/contract';
import { describe, expect, it } from 'vitest';
import { couponTemplateFormBody, couponTemplateToFormValues } from './coupon-template-form-values';
import { couponTemplate } from './marketing-fixtures';

describe('券种 form values', () => {
  it('gives back the template it was filled from, and the server takes it', () => {
    const template = couponTemplate({ kind: 'period', minutes: null, periodStart: '22:00', periodEnd: '07:00', minDue: 1000, stackable: true, stackLimit: 2 });
    const body = couponTemplateFormBody(couponTemplateToFormValues(template));
    expect(body).toMatchObject({ kind: 'period', minutes: null, periodStart: '22:00', periodEnd: '07:00', price: 500, minDue: 1000, stackable: true, stackLimit: 2 });
    expect(couponTemplateInput.safeParse(body).success).toBe(true);
  });

  it('sends only the figures of the kind picked, in fen, and one coupon a stay when it does not stack', () => {
    const values = {
      ...couponTemplateToFormValues(undefined),
      name: '八折券',
      kind: 'percent' as const,
      minutes: 120,
      discountPercent: 80,
      maxOff: '10',
      amountOff: '5',
      price: '1.5',
      stackLimit: 3,
    };
    expect(couponTemplateFormBody(values)).toMatchObject({
      minutes: null,
      amountOff: null,
      discountPercent: 80,
      maxOff: 1000,
      periodStart: null,
      periodEnd: null,
      price: 150,
      stackLimit: 1,
    });
    expect(couponTemplateFormBody({ ...values, maxOff: '' }).maxOff).toBeNull();
  });
});
