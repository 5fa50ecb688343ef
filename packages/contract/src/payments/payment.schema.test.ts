import { describe, expect, it } from 'vitest';
import { paymentInput, paymentListQuery } from './payment.schema.js';
import { refundInput, refundListQuery } from './refund.schema.js';

const recordId = '5b1f0c2e-8a4d-4c1e-9f0a-3d2b1c0e9f8a';
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('payment input', () => {
  it('accepts a payment in whole fen on a known channel, with payer and remark defaulting to empty', () => {
    expect(paymentInput.parse({ recordId, channel: 'sandbox', amount: 1, idempotencyKey: 'abc:123-XY' })).toEqual({
      recordId,
      channel: 'sandbox',
      amount: 1,
      idempotencyKey: 'abc:123-XY',
      payer: '',
      remark: '',
    });
  });

  it.each([
    [{ amount: 0 }, '支付金额必须大于0'],
    [{ amount: -5 }, '支付金额必须大于0'],
    [{ amount: 9.9 }, '支付金额必须是整数（分）'],
    [{ amount: '100' }, '支付金额必须是整数（分）'],
    [{ channel: 'unionpay' }, '支付渠道只能是 wechat、alipay、cash、balance、sandbox'],
    [{ idempotencyKey: 'seven77' }, '幂等键应为8到64位字母、数字或 _ . : -'],
    [{ idempotencyKey: 'k'.repeat(65) }, '幂等键应为8到64位字母、数字或 _ . : -'],
    [{ idempotencyKey: '含中文的幂等键abc' }, '幂等键应为8到64位字母、数字或 _ . : -'],
    [{ recordId: '42' }, '停车记录编号格式不正确'],
  ])('refuses %j in Chinese', (change, message) => {
    expect(firstMessage(paymentInput.safeParse({ recordId, channel: 'cash', amount: 100, idempotencyKey: 'key-00000001', ...change }))).toBe(message);
  });

  it('refuses a time range that ends before it starts and unknown filters', () => {
    expect(firstMessage(paymentListQuery.safeParse({ paidFrom: '2025-03-03T10:00:00+08:00', paidTo: '2025-03-03T09:00:00+08:00' }))).toBe('支付结束时间不能早于开始时间');
    expect(paymentListQuery.safeParse({ colour: 'red' }).success).toBe(false);
    expect(paymentListQuery.parse({ plateNumber: ' 粤b12345 ' }).plateNumber).toBe('粤B12345');
  });
});

describe('refund input', () => {
  it('needs a reason and a positive amount', () => {
    expect(firstMessage(refundInput.safeParse({ paymentId: recordId, amount: 100, reason: '  ' }))).toBe('请填写退款原因');
    expect(firstMessage(refundInput.safeParse({ paymentId: recordId, amount: 0, reason: '多收' }))).toBe('退款金额必须大于0');
    expect(refundInput.parse({ paymentId: recordId, amount: 100, reason: ' 多收 ' }).reason).toBe('多收');
  });

  it('filters by the three statuses only', () => {
    expect(refundListQuery.parse({ status: 'requested' }).status).toBe('requested');
    expect(firstMessage(refundListQuery.safeParse({ status: 'done' }))).toBe('退款状态只能是 requested、approved、rejected');
  });
});
