import { merchantInput } from '@parking/contract';
import { md5Hex } from '../../shared/crypto/md5';
import { describe, expect, it } from 'vitest';
import { lotId, merchant } from './marketing-fixtures';
import { merchantFormBody, merchantToFormValues } from './merchant-form-values';

describe('商户 form values', () => {
  it('gives back the merchant it was filled from, keeping the password when none is typed, and the server takes it', () => {
    const body = merchantFormBody(merchantToFormValues(merchant({ monthlyAmountLimit: 100000 })));
    expect(body).toEqual({
      name: '万象天地超市',
      kind: 'shop',
      contactName: '李店长',
      contactPhone: '13812345678',
      lotIds: [lotId],
      settlement: 'prepaid',
      overdraftLimit: 5000,
      dailyCouponLimit: 50,
      monthlyCouponLimit: null,
      monthlyAmountLimit: 100000,
      account: 'wxtd-shop',
      password: '',
      remark: '',
      enabled: true,
    });
    expect(merchantInput.safeParse(body).success).toBe(true);
  });

  it('sends yuan as fen, a blank overdraft as none and blank limits as 不限', () => {
    const values = { ...merchantToFormValues(undefined), overdraftLimit: ' ', monthlyAmountLimit: '', dailyCouponLimit: null, contactPhone: ' 13812345678 ', password: ' abc123 ' };
    expect(merchantFormBody(values)).toMatchObject({ overdraftLimit: 0, monthlyAmountLimit: null, dailyCouponLimit: null, contactPhone: '13812345678', password: md5Hex(' abc123 ') });
    expect(merchantFormBody({ ...values, overdraftLimit: '50.5' }).overdraftLimit).toBe(5050);
  });
});
