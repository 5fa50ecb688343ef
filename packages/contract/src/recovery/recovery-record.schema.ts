import { z } from 'zod';
import { pagedList, pageQuery } from '../common/paging.js';
import { plateMatchFilter, plateNumberText, refuseReversedRange, timeFilter } from '../common/query-fields.js';
import { paymentChannels } from '../payments/payment.schema.js';

/** 追缴记录: money taken for a record that had gone to pursuit, one per payment. */
export const recoveryRecordPaths = {
  list: '/api/system/RecoveryRecord',
  export: '/api/system/RecoveryRecord/Actions/Export',
} as const;

export const recoveryRecordListQuery = z
  .strictObject({
    ...pageQuery.shape,
    sidx: z.enum(['recoveredAt', 'amount'], { error: '排序字段只能是 recoveredAt 或 amount' }).optional(),
    plateNumber: plateNumberText.optional(),
    plateMatch: plateMatchFilter,
    lotId: z.uuid('停车场编号格式不正确').optional(),
    recordId: z.uuid('停车记录编号格式不正确').optional(),
    channel: z.enum(paymentChannels, { error: `支付渠道只能是 ${paymentChannels.join('、')}` }).optional(),
    recoveredFrom: timeFilter('追缴开始时间').optional(),
    recoveredTo: timeFilter('追缴结束时间').optional(),
  })
  .superRefine((q, ctx) => {
    refuseReversedRange(ctx, q, 'recoveredFrom', 'recoveredTo', '追缴结束时间不能早于开始时间');
  });
export type RecoveryRecordListQuery = z.input<typeof recoveryRecordListQuery>;
export type RecoveryRecordListValues = z.output<typeof recoveryRecordListQuery>;

export const recoveryRecord = z.object({
  id: z.string(),
  recordId: z.string(),
  paymentId: z.string(),
  plateNumber: z.string(),
  lotId: z.string(),
  lotName: z.string(),
  /** fen */
  amount: z.number().int(),
  /** fen of this payment refunded since (approved refunds): the recovery then kept only amount − refunded */
  refunded: z.number().int(),
  channel: z.enum(paymentChannels),
  recoveredAt: z.string(),
  /** when the car left without paying */
  exitedAt: z.string().nullable(),
  operatorName: z.string(),
});
export type RecoveryRecord = z.infer<typeof recoveryRecord>;
export const recoveryRecordPage = pagedList(recoveryRecord);
