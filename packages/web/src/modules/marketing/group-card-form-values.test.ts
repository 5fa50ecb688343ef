import { groupCardInput } from '@parking/contract';
import { describe, expect, it } from 'vitest';
import { groupCardFormBody, groupCardToFormValues } from './group-card-form-values';
import { groupCard } from './marketing-fixtures';

describe('集团卡 form values', () => {
  it('gives back the card it was filled from, and the server takes it', () => {
    const card = groupCard({ lotIds: ['0b6f1f36-8a55-4a43-9a43-6f1b2a6c9f01'], groupId: '0b6f1f36-8a55-4a43-9a43-6f1b2a6c9f02' });
    const body = groupCardFormBody(groupCardToFormValues(card));
    expect(body).toEqual({
      groupId: card.groupId,
      cardNo: 'JT-0001',
      benefit: 'discount',
      discountPercent: 85,
      amountOff: null,
      plates: ['粤B12345', '粤B67890'],
      lotIds: card.lotIds,
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
      monthlyQuota: 20,
      allowBind: true,
      maxPlates: 3,
      remark: '',
      enabled: true,
    });
    expect(groupCardInput.safeParse(body).success).toBe(true);
  });

  it('sends the amount off in fen, drops the figure of another benefit, and upper-cases plates', () => {
    const values = { ...groupCardToFormValues(undefined), benefit: 'amount' as const, amountOff: '5.5', discountPercent: 80, plates: [' 粤b12345 '] };
    expect(groupCardFormBody(values)).toMatchObject({ amountOff: 550, discountPercent: null, plates: ['粤B12345'], monthlyQuota: null });
  });
});
