import { z } from 'zod';
import { resourcePaths } from '../common/endpoint.js';
import { pagedList, pageQuery } from '../common/paging.js';

export const refundPaths = {
  ...resourcePaths('/api/system/Refund'),
  approve: '/api/system/Refund/:id/Actions/Approve',
  reject: '/api/system/Refund/:id/Actions/Reject',
} as const;

/** requested → approved (money goes back) or rejected */
export const refundStatuses = ['requested', 'approved', 'rejected'] as const;
export type RefundStatus = (typeof refundStatuses)[number];
export const refundStatusNames: Readonly<Record<RefundStatus, string>> = {
  requested: '待审核',
  approved: '已退款',
  rejected: '已驳回',
};

export const refundInput = z.strictObject({
  paymentId: z.uuid('支付记录编号格式不正确'),
  amount: z.number({ error: '退款金额必须是整数（分）' }).int('退款金额必须是整数（分）').min(1, '退款金额必须大于0'),
  reason: z.string({ error: '请填写退款原因' }).trim().min(1, '请填写退款原因').max(255, '退款原因最长255个字'),
});
export type RefundInput = z.input<typeof refundInput>;
export type RefundValues = z.output<typeof refundInput>;

export const refundDecision = z.strictObject({
  remark: z.string({ error: '审核意见必须是文字' }).trim().max(255, '审核意见最长255个字').default(''),
});
export type RefundDecisionValues = z.output<typeof refundDecision>;

export const refundListQuery = z.strictObject({
  ...pageQuery.shape,
  sidx: z.enum(['createdAt', 'amount'], { error: '排序字段只能是 createdAt 或 amount' }).optional(),
  status: z.enum(refundStatuses, { error: `退款状态只能是 ${refundStatuses.join('、')}` }).optional(),
  plateNumber: z.string().trim().toUpperCase().min(1, '车牌号不能为空').max(16, '车牌号最长16位').optional(),
  recordId: z.uuid('停车记录编号格式不正确').optional(),
  paymentId: z.uuid('支付记录编号格式不正确').optional(),
});
export type RefundListQuery = z.input<typeof refundListQuery>;
export type RefundListValues = z.output<typeof refundListQuery>;

export const refund = z.object({
  id: z.string(),
  paymentId: z.string(),
  recordId: z.string(),
  plateNumber: z.string(),
  lotName: z.string(),
  /** fen */
  amount: z.number().int(),
  reason: z.string(),
  status: z.enum(refundStatuses),
  requestedBy: z.string(),
  /** the requesting and deciding users' names, as the console shows them */
  requestedByName: z.string(),
  decidedBy: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  remark: z.string(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof refund>;
export const refundPage = pagedList(refund);
