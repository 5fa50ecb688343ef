import { z } from 'zod';
import { reviewedStay } from './reviewed-stay.schema.js';
import { servicePhoto } from './service-photo.schema.js';
import { boundedDay, boundedTime } from '../common/bounded-time.js';
import { resourcePaths } from '../common/endpoint.js';
import { plateNumberPattern } from '../common/filters.js';
import { pagedList, pageQuery } from '../common/paging.js';
import { refuseReversedRange } from '../common/query-fields.js';
import { recordEditSnapshot } from '../orders/record-edit-audit.schema.js';
import { paymentChannels } from '../payments/payment.schema.js';
import { refundStatuses } from '../payments/refund.schema.js';

/**
 * 申诉审核 (ParkingOperations/appeal): a driver disputes one parking record from the owner's phone
 * pages; a reviewer takes it (领取), weighs it beside the stay and decides: the record is corrected
 * through the orders module's edit rules (exit time, plate, fee), what is owed is waived, part of what
 * was paid is refunded through 退款, or the appeal is rejected with a reason.
 */
export const appealPaths = {
  ...resourcePaths('/api/system/Appeal'),
  /** 领取: the reviewer holds it; nobody else decides it while the hold lasts */
  claim: '/api/system/Appeal/:id/Actions/Claim',
  /** 释放: the holder lets it go before the hold runs out */
  release: '/api/system/Appeal/:id/Actions/Release',
  /** 审核: the outcome, applied to the record in the same transaction */
  decide: '/api/system/Appeal/:id/Actions/Decide',
  /** the owner's phone pages: their appeals with decisions, and filing one */
  owner: '/api/open/owner/appeals',
  /** one photo's bytes for staff of the page */
  photo: '/api/system/Appeal/:id/Photos/:photoId',
  /** the owner adds a photo to their appeal while it is 待审核 (multipart field `file`), views or removes one */
  ownerPhotos: '/api/open/owner/appeals/:id/photos',
  ownerPhoto: '/api/open/owner/appeals/:id/photos/:photoId',
} as const;

/** how long a 领取 holds an appeal: a forgotten one is free again after it */
export const appealHoldMinutes = 30;

export const appealReasons = ['wrong_time', 'wrong_plate', 'wrong_amount', 'not_parked', 'other'] as const;
export type AppealReason = (typeof appealReasons)[number];
export const appealReasonNames: Readonly<Record<AppealReason, string>> = {
  wrong_time: '时间有误',
  wrong_plate: '车牌有误',
  wrong_amount: '金额有误',
  not_parked: '未停车/重复计费',
  other: '其他',
};

/** 待审核 → 已通过 (with its outcome) / 已驳回 */
export const appealStatuses = ['pending', 'approved', 'rejected'] as const;
export type AppealStatus = (typeof appealStatuses)[number];
export const appealStatusNames: Readonly<Record<AppealStatus, string>> = { pending: '待审核', approved: '已通过', rejected: '已驳回' };

export const appealOutcomeKinds = ['times', 'plate', 'amount', 'waive', 'refund', 'reject'] as const;
export type AppealOutcomeKind = (typeof appealOutcomeKinds)[number];
export const appealOutcomeNames: Readonly<Record<AppealOutcomeKind, string>> = {
  times: '更正出场时间',
  plate: '更正车牌',
  amount: '更正应收金额',
  waive: '减免欠费',
  refund: '退款',
  reject: '驳回',
};

export const appealTextMax = 500;
const text = (label: string, max = appealTextMax) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}最长${max}个字`);
const fen = (label: string) =>
  z
    .number({ error: `${label}必须是整数（分）` })
    .int(`${label}必须是整数（分）`)
    .min(0, `${label}不能为负数`)
    .max(100_000_000, `${label}不能超过100万元`);

/** The owner's appeal of a stay of one of their plates. */
export const ownerAppealInput = z.strictObject({
  recordId: z.uuid({ error: '停车记录编号格式不正确' }),
  reason: z.enum(appealReasons, { error: '请选择申诉原因' }),
  content: text('申诉说明'),
});
export type OwnerAppealInput = z.input<typeof ownerAppealInput>;
export type OwnerAppealValues = z.output<typeof ownerAppealInput>;

const remark = z.string({ error: '审核意见必须是文字' }).trim().max(255, '审核意见最长255个字').default('');

/** The reviewer's decision: one outcome, and a remark kept with it. "Not later than now" needs the clock: the service checks it. */
export const appealDecisionInput = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('times'), exitedAt: boundedTime('出场时间'), remark }),
    z.strictObject({
      kind: z.literal('plate'),
      plateNumber: z.string({ error: '请输入车牌号' }).trim().toUpperCase().min(1, '请输入车牌号').regex(plateNumberPattern, '请输入正确的车牌号，如 粤B12345'),
      /** dictionary 车牌颜色 (plate_colour) */
      plateColour: z.number({ error: '请选择车牌颜色' }).int('请选择车牌颜色').min(0, '请选择车牌颜色').max(99, '请选择车牌颜色').default(0),
      remark,
    }),
    z.strictObject({ kind: z.literal('amount'), amountDue: fen('新的应收金额'), remark }),
    z.strictObject({ kind: z.literal('waive'), remark }),
    z.strictObject({ kind: z.literal('refund'), amount: fen('退款金额').min(1, '退款金额必须大于0'), remark }),
    z.strictObject({ kind: z.literal('reject'), reason: text('驳回原因', 255), remark }),
  ],
  { error: '请选择审核结果（更正出场时间、更正车牌、更正应收金额、减免欠费、退款或驳回）' },
);
export type AppealDecisionInput = z.input<typeof appealDecisionInput>;
export type AppealDecisionValues = z.output<typeof appealDecisionInput>;

/** What was decided, as kept with the appeal: the outcome's values, and the refunds it asked for. */
export const appealDecision = z.object({
  exitedAt: z.string().optional(),
  plateNumber: z.string().optional(),
  plateColour: z.number().int().optional(),
  amountDue: z.number().int().optional(),
  /** fen asked back, and the 退款 requests it made (decided on the 退款 page) */
  refundAmount: z.number().int().optional(),
  refundIds: z.array(z.string()).optional(),
  /** fen of what was still owed that a refund outcome waived first */
  waived: z.number().int().optional(),
});
export type AppealDecision = z.infer<typeof appealDecision>;

/** filters shared by the list and its export; a phone matches the owner's; the dates are Shanghai days, both ends included */
export const appealListQuery = z
  .strictObject({
    ...pageQuery.shape,
    sidx: z.enum(['filedAt', 'decidedAt'], { error: '不支持的排序字段' }).optional(),
    status: z.enum(appealStatuses, { error: '审核状态只能是待审核、已通过或已驳回' }).optional(),
    plateNumber: z.string().trim().toUpperCase().max(16, '车牌号最长16位').optional(),
    phone: z.string().trim().max(11, '手机号最长11位').optional(),
    filedFrom: boundedDay('申诉开始日期').optional(),
    filedTo: boundedDay('申诉结束日期').optional(),
    /** the appeals of one parking record, as its 详情 lists them */
    recordId: z.uuid({ error: '停车记录编号格式不正确' }).optional(),
  })
  .superRefine((q, ctx) => refuseReversedRange(ctx, q, 'filedFrom', 'filedTo', '申诉结束日期不能早于开始日期'));
export type AppealListQuery = z.input<typeof appealListQuery>;
export type AppealListValues = z.output<typeof appealListQuery>;

export const appeal = z.object({
  id: z.string(),
  recordId: z.string(),
  /** the record's plate when filed */
  plateNumber: z.string(),
  plateColour: z.number().int(),
  lotName: z.string(),
  /** the owner who filed it, and their phone: whole, the console masks it on the list, the export masks it */
  customerId: z.string().nullable(),
  phone: z.string(),
  reason: z.enum(appealReasons),
  content: z.string(),
  status: z.enum(appealStatuses),
  /** the outcome once decided: a correction, waiver or refund for 已通过, reject for 已驳回 */
  outcome: z.enum(appealOutcomeKinds).nullable(),
  decision: appealDecision.nullable(),
  /** what the decision did, in one line, as the owner reads it too */
  result: z.string(),
  rejectReason: z.string(),
  remark: z.string(),
  /** the record before and after the decision; null until decided (after: null for a rejection) */
  before: recordEditSnapshot.nullable(),
  after: recordEditSnapshot.nullable(),
  /** who holds it now (领取) and until when; null when nobody does or the hold ran out */
  claimedBy: z.string().nullable(),
  claimedByName: z.string().nullable(),
  claimedUntil: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  filedAt: z.string(),
});
export type Appeal = z.infer<typeof appeal>;
export const appealPage = pagedList(appeal);
export type AppealPage = z.infer<typeof appealPage>;

/** the stay appealed, as the reviewer needs it beside the appeal */
export const appealRecord = reviewedStay;
/** a payment of the stay, with what of it is refunded or waiting on the 退款 page */
export const appealPayment = z.object({
  id: z.string(),
  channel: z.enum(paymentChannels),
  amount: z.number().int(),
  paidAt: z.string(),
  refunded: z.number().int(),
  refundPending: z.number().int(),
});
export const appealRefund = z.object({ id: z.string(), paymentId: z.string(), amount: z.number().int(), status: z.enum(refundStatuses), createdAt: z.string() });
export const appealDetail = appeal.extend({ record: appealRecord, payments: z.array(appealPayment), refunds: z.array(appealRefund), photos: z.array(servicePhoto) });
export type AppealDetail = z.infer<typeof appealDetail>;

/** what the owner sees of their own appeals: the decision, without staff names */
export const ownerAppeal = appeal
  .pick({
    id: true,
    recordId: true,
    plateNumber: true,
    lotName: true,
    reason: true,
    content: true,
    status: true,
    outcome: true,
    result: true,
    rejectReason: true,
    decidedAt: true,
    filedAt: true,
  })
  .extend({ photos: z.array(servicePhoto) });
export type OwnerAppeal = z.infer<typeof ownerAppeal>;
