import { describe, expect, it } from 'vitest';
import { invoiceRequestInput, isCreditCode, taxNumberMessage } from './invoice.schema.js';

const paymentIds = ['7f3e2a10-5b4c-4d8e-9f00-1a2b3c4d5e6f'];
const messages = (input: object) => {
  const parsed = invoiceRequestInput.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('统一社会信用代码', () => {
  it('accepts codes whose check character fits, and nothing else', () => {
    expect(isCreditCode('91350100M000100Y43')).toBe(true);
    expect(isCreditCode('91110000600037341L')).toBe(true);
    expect(isCreditCode('91350100M000100Y44')).toBe(false);
    expect(isCreditCode('91350100M000100Y4')).toBe(false);
    // I, O, Z, S, V are never used
    expect(isCreditCode('91350100M0001O0Y43')).toBe(false);
  });
});

describe('an invoice request', () => {
  it('needs a valid tax number for a company, upper-cased, and an email, naming the field', () => {
    expect(messages({ paymentIds, buyerType: 'company', buyerTitle: '某公司', email: 'a@b.cn' })).toEqual([`taxNumber: ${taxNumberMessage}`]);
    expect(invoiceRequestInput.parse({ paymentIds, buyerType: 'company', buyerTitle: '某公司', taxNumber: '91350100m000100y43', email: 'a@b.cn' }).taxNumber).toBe('91350100M000100Y43');
    expect(messages({ paymentIds, buyerType: 'personal', buyerTitle: '张三', email: 'nope' })).toEqual(['email: 请输入正确的邮箱地址']);
    expect(messages({ paymentIds: [], buyerType: 'personal', buyerTitle: '张三', email: 'a@b.cn' })).toEqual(['paymentIds: 请选择要开票的支付记录']);
    expect(messages({ paymentIds: [...paymentIds, ...paymentIds], buyerType: 'personal', buyerTitle: ' ', email: 'a@b.cn' })).toEqual([
      'paymentIds: 支付记录不能重复选择',
      'buyerTitle: 请填写发票抬头',
    ]);
    expect(messages({ paymentIds, buyerType: 'personal', buyerTitle: '张三', email: 'a@b.cn' })).toEqual([]);
  });
});
