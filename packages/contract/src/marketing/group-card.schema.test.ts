import { describe, expect, it } from 'vitest';
import { groupInput } from './group.schema.js';
import { groupCardBenefitOff, groupCardBenefitText, groupCardInput, groupCardListQuery, groupCardStateOn } from './group-card.schema.js';

const lot = '0b6f1f36-8a55-4a43-9a43-6f1b2a6c9f01';
const base = {
  groupId: '0b6f1f36-8a55-4a43-9a43-6f1b2a6c9f02',
  cardNo: 'JT-001',
  benefit: 'free',
  plates: [' 粤b12345 '],
  lotIds: [lot],
  validFrom: '2026-01-01',
  validTo: '2026-12-31',
};
const messages = (input: unknown) => {
  const parsed = groupCardInput.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('group input', () => {
  it('names the field that is wrong', () => {
    const parsed = groupInput.safeParse({ name: ' ', contact: '王经理', phone: '123' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(['请输入集团名称', '请输入正确的电话号码']);
  });
});

describe('group card input', () => {
  it('takes plates as other plate inputs do: trimmed and upper-cased', () => {
    const card = groupCardInput.parse(base);
    expect(card.plates).toEqual(['粤B12345']);
    expect(card).toMatchObject({ monthlyQuota: null, allowBind: false, maxPlates: 5, enabled: true, discountPercent: null, amountOff: null });
  });

  it('refuses a wrong plate, a repeated plate, more plates than the limit and no lot', () => {
    expect(messages({ ...base, plates: ['粤B1234'] })).toEqual(['请输入正确的车牌号，如 粤B12345']);
    expect(messages({ ...base, plates: ['粤B12345', '粤b12345'] })).toEqual(['车牌「粤B12345」重复']);
    expect(messages({ ...base, plates: ['粤B12345', '粤B12346'], maxPlates: 1 })).toEqual(['车牌数不能超过车牌上限（1）']);
    expect(messages({ ...base, plates: [] })).toEqual(['至少绑定一个车牌']);
    expect(messages({ ...base, lotIds: [] })).toEqual(['请选择适用停车场']);
  });

  it('wants the figure of its benefit, and drops the other one', () => {
    expect(messages({ ...base, benefit: 'discount' })).toEqual(['请输入折扣（1-99）']);
    expect(messages({ ...base, benefit: 'discount', discountPercent: 100 })).toEqual(['折扣应在1到99之间']);
    expect(messages({ ...base, benefit: 'amount' })).toEqual(['请输入每次减免金额']);
    expect(groupCardInput.parse({ ...base, benefit: 'amount', amountOff: 500, discountPercent: 80 })).toMatchObject({ amountOff: 500, discountPercent: null });
  });

  it('refuses an end before the start', () => {
    expect(messages({ ...base, validTo: '2025-12-31' })).toEqual(['结束日期不能早于开始日期']);
  });

  it('list query refuses unknown filters', () => {
    expect(groupCardListQuery.safeParse({ owner: 'x' }).success).toBe(false);
    expect(groupCardListQuery.parse({ plateNumber: '粤b1' }).plateNumber).toBe('粤B1');
  });
});

describe('group card benefit', () => {
  it('takes all of a free stay, the unpaid share of a discount and at most the stay for an amount', () => {
    expect(groupCardBenefitOff({ benefit: 'free', discountPercent: null, amountOff: null }, 1750)).toBe(1750);
    expect(groupCardBenefitOff({ benefit: 'discount', discountPercent: 80, amountOff: null }, 1750)).toBe(350);
    // the driver's share 0.85 × 333 = 283.05 → 283 fen paid
    expect(groupCardBenefitOff({ benefit: 'discount', discountPercent: 85, amountOff: null }, 333)).toBe(50);
    expect(groupCardBenefitOff({ benefit: 'amount', discountPercent: null, amountOff: 500 }, 1750)).toBe(500);
    expect(groupCardBenefitOff({ benefit: 'amount', discountPercent: null, amountOff: 500 }, 300)).toBe(300);
    expect(groupCardBenefitOff({ benefit: 'free', discountPercent: null, amountOff: null }, 0)).toBe(0);
  });

  it('reads as the page says it', () => {
    expect(groupCardBenefitText({ benefit: 'free', discountPercent: null, amountOff: null })).toBe('免费停车');
    expect(groupCardBenefitText({ benefit: 'discount', discountPercent: 85, amountOff: null })).toBe('8.5折');
    expect(groupCardBenefitText({ benefit: 'amount', discountPercent: null, amountOff: 500 })).toBe('每次减免5.00元');
  });

  it('is in force between its days', () => {
    const card = { validFrom: '2026-01-01', validTo: '2026-01-31' };
    expect(groupCardStateOn(card, '2025-12-31')).toBe('pending');
    expect(groupCardStateOn(card, '2026-01-31')).toBe('active');
    expect(groupCardStateOn(card, '2026-02-01')).toBe('expired');
  });
});
