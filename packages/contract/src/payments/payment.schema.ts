import { z } from 'zod';
import { resourcePaths } from '../common/endpoint.js';
import { pagedList, pageQuery } from '../common/paging.js';
import { refuseReversedRange, timeFilter } from '../common/query-fields.js';

export const paymentPaths = resourcePaths('/api/system/Payment');

/** the header a client may send its idempotency key in, instead of the body field */
export const idempotencyKeyHeader = 'idempotency-key';

export const paymentChannels = ['wechat', 'alipay', 'cash', 'balance', 'sandbox'] as const;
export type PaymentChannel = (typeof paymentChannels)[number];
export const paymentChannelNames: Readonly<Record<PaymentChannel, string>> = {
  wechat: '微信',
  alipay: '支付宝',
  cash: '现金',
  balance: '余额',
  sandbox: '沙箱',
};

/** a recorded payment has succeeded (failed attempts are never written); voided: reconciliation found the provider never took it (以渠道为准 of a 渠道漏单) */
export const paymentStatuses = ['succeeded', 'voided'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentStatusNames: Readonly<Record<PaymentStatus, string>> = { succeeded: '成功', voided: '已作废' };

export const idempotencyKey = z.string({ error: '幂等键必须是文字' }).regex(/^[\w.:-]{8,64}$/, '幂等键应为8到64位字母、数字或 _ . : -');

const positiveFen = (label: string) =>
  z
    .number({ error: `${label}必须是整数（分）` })
    .int(`${label}必须是整数（分）`)
    .min(1, `${label}必须大于0`)
    .max(100_000_000, `${label}不能超过100万元`);

/** Staff recording money taken for one parking record. The key may come in the `Idempotency-Key` header instead. */
export const paymentInput = z.strictObject({
  recordId: z.uuid('停车记录编号格式不正确'),
  channel: z.enum(paymentChannels, { error: `支付渠道只能是 ${paymentChannels.join('、')}` }),
  amount: positiveFen('支付金额'),
  idempotencyKey: idempotencyKey.optional(),
  payer: z.string({ error: '付款人必须是文字' }).trim().max(64, '付款人最长64个字').default(''),
  remark: z.string({ error: '备注必须是文字' }).trim().max(255, '备注最长255个字').default(''),
});
export type PaymentInput = z.input<typeof paymentInput>;
export type PaymentValues = z.output<typeof paymentInput>;

export const paymentListQuery = z
  .strictObject({
    ...pageQuery.shape,
    sidx: z.enum(['paidAt', 'amount'], { error: '排序字段只能是 paidAt 或 amount' }).optional(),
    recordId: z.uuid('停车记录编号格式不正确').optional(),
    plateNumber: z.string().trim().toUpperCase().min(1, '车牌号不能为空').max(16, '车牌号最长16位').optional(),
    channel: z.enum(paymentChannels, { error: `支付渠道只能是 ${paymentChannels.join('、')}` }).optional(),
    status: z.enum(paymentStatuses, { error: `支付状态只能是 ${paymentStatuses.join('、')}` }).optional(),
    paidFrom: timeFilter('支付开始时间').optional(),
    paidTo: timeFilter('支付结束时间').optional(),
  })
  .superRefine((q, ctx) => {
    refuseReversedRange(ctx, q, 'paidFrom', 'paidTo', '支付结束时间不能早于开始时间');
  });
export type PaymentListQuery = z.input<typeof paymentListQuery>;
export type PaymentListValues = z.output<typeof paymentListQuery>;

export const payment = z.object({
  id: z.string(),
  recordId: z.string(),
  plateNumber: z.string(),
  lotName: z.string(),
  channel: z.enum(paymentChannels),
  /** fen */
  amount: z.number().int(),
  /** fen given back by approved refunds */
  refunded: z.number().int(),
  idempotencyKey: z.string(),
  status: z.enum(paymentStatuses),
  paidAt: z.string(),
  operatorId: z.string().nullable(),
  /** who recorded it; null for a driver's own payment */
  operatorName: z.string().nullable(),
  payer: z.string(),
  remark: z.string(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof payment>;
export const paymentPage = pagedList(payment);
