import { z } from 'zod';
import { boundedTime } from '../common/bounded-time.js';
import { resourcePaths } from '../common/endpoint.js';
import { formatAmount, plateNumberPattern } from '../common/filters.js';
import { pagedList, pageQuery } from '../common/paging.js';
import { refuseReversedRange, timeFilter } from '../common/query-fields.js';
// read only inside z.lazy: parking-record.schema imports this file (lazily too) for the record detail's edits
import { parkingRecordStates } from './parking-record.schema.js';

export const recordEditAuditPaths = {
  ...resourcePaths('/api/system/RecordEditAudit'),
  approve: '/api/system/RecordEditAudit/:id/Actions/Approve',
  reject: '/api/system/RecordEditAudit/:id/Actions/Reject',
} as const;

/** what a correction changes on a parking record (every change to a record after its creation goes through this audit) */
export const recordEditKinds = ['plate', 'times', 'amount', 'void'] as const;
export type RecordEditKind = (typeof recordEditKinds)[number];
export const recordEditKindNames: Readonly<Record<RecordEditKind, string>> = {
  plate: '修改车牌',
  times: '修改出入场时间',
  amount: '修改应收金额',
  void: '作废',
};

/** requested → approved (the change is applied) or rejected */
export const recordEditStatuses = ['requested', 'approved', 'rejected'] as const;
export type RecordEditStatus = (typeof recordEditStatuses)[number];
export const recordEditStatusNames: Readonly<Record<RecordEditStatus, string>> = {
  requested: '待审核',
  approved: '已通过',
  rejected: '已驳回',
};

const reason = z.string({ error: '请填写修改原因' }).trim().min(1, '请填写修改原因').max(255, '修改原因最长255个字');
const recordId = z.uuid({ error: '停车记录编号格式不正确' });

const plateRequest = z.strictObject({
  kind: z.literal('plate'),
  recordId,
  plateNumber: z.string({ error: '请输入车牌号' }).trim().toUpperCase().min(1, '请输入车牌号').regex(plateNumberPattern, '请输入正确的车牌号，如 粤B12345'),
  /** dictionary 车牌颜色 (plate_colour): 1 white, 2 yellow, 3 green, 4 black, otherwise blue */
  plateColour: z.number({ error: '请选择车牌颜色' }).int('请选择车牌颜色').min(0, '请选择车牌颜色').max(99, '请选择车牌颜色').default(0),
  reason,
});

const timesRequest = z
  .strictObject({
    kind: z.literal('times'),
    recordId,
    enteredAt: boundedTime('入场时间'),
    /** null while the car is still parked */
    exitedAt: boundedTime('出场时间').nullable().default(null),
    reason,
  })
  // "not later than now" needs the request's clock: the service checks it (requestRecordEdit)
  .superRefine((input, ctx) => {
    if (input.exitedAt !== null && Date.parse(input.exitedAt) < Date.parse(input.enteredAt)) {
      ctx.addIssue({ code: 'custom', path: ['exitedAt'], message: '出场时间不能早于入场时间' });
    }
  });

const amountRequest = z.strictObject({
  kind: z.literal('amount'),
  recordId,
  /** fen */
  amountDue: z.number({ error: '新的应收金额必须是整数（分）' }).int('新的应收金额必须是整数（分）').min(0, '新的应收金额不能为负数').max(100_000_000, '新的应收金额不能超过100万元'),
  reason,
});

const voidRequest = z.strictObject({ kind: z.literal('void'), recordId, reason });

export const recordEditInput = z.discriminatedUnion('kind', [plateRequest, timesRequest, amountRequest, voidRequest], {
  error: `修改类型只能是 ${recordEditKinds.join('、')}`,
});
export type RecordEditInput = z.input<typeof recordEditInput>;
export type RecordEditValues = z.output<typeof recordEditInput>;

export const recordEditDecision = z.strictObject({
  remark: z.string({ error: '审核意见必须是文字' }).trim().max(255, '审核意见最长255个字').default(''),
});
export type RecordEditDecisionValues = z.output<typeof recordEditDecision>;

export const recordEditListQuery = z
  .strictObject({
    ...pageQuery.shape,
    sidx: z.enum(['createdAt', 'decidedAt'], { error: '排序字段只能是 createdAt 或 decidedAt' }).optional(),
    status: z.enum(recordEditStatuses, { error: `审核状态只能是 ${recordEditStatuses.join('、')}` }).optional(),
    kind: z.enum(recordEditKinds, { error: `修改类型只能是 ${recordEditKinds.join('、')}` }).optional(),
    /** the record's plate, or the start of it (粤B…) */
    plateNumber: z.string().trim().toUpperCase().min(1, '车牌号不能为空').max(16, '车牌号最长16位').optional(),
    lotId: z.uuid('停车场编号格式不正确').optional(),
    recordId: recordId.optional(),
    createdFrom: timeFilter('申请开始时间').optional(),
    createdTo: timeFilter('申请结束时间').optional(),
  })
  .superRefine((q, ctx) => {
    refuseReversedRange(ctx, q, 'createdFrom', 'createdTo', '申请结束时间不能早于开始时间');
  });
export type RecordEditListQuery = z.input<typeof recordEditListQuery>;
export type RecordEditListValues = z.output<typeof recordEditListQuery>;

/** What a correction may change on a record, as it stood before and after. */
export const recordEditSnapshot = z.object({
  plateNumber: z.string(),
  plateColour: z.number().int(),
  enteredAt: z.string().nullable(),
  exitedAt: z.string().nullable(),
  state: z.lazy(() => z.enum(parkingRecordStates)),
  /** fen; amountDue − discount = paid + unpaid */
  amountDue: z.number().int(),
  discount: z.number().int(),
  paid: z.number().int(),
  unpaid: z.number().int(),
});
export type RecordEditSnapshot = z.infer<typeof recordEditSnapshot>;

/** The values asked for; an amount request also keeps the fee its tariff version gives, as a suggestion. */
export const recordEditRequested = z.object({
  plateNumber: z.string().optional(),
  plateColour: z.number().int().optional(),
  enteredAt: z.string().optional(),
  exitedAt: z.string().nullable().optional(),
  amountDue: z.number().int().optional(),
  suggestedAmountDue: z.number().int().nullable().optional(),
});
export type RecordEditRequested = z.infer<typeof recordEditRequested>;

export const recordEditRequest = z.object({
  id: z.string(),
  recordId: z.string(),
  /** the record's plate now (after an approved plate change, the new one) */
  plateNumber: z.string(),
  plateColour: z.number().int(),
  lotId: z.string(),
  lotName: z.string(),
  kind: z.enum(recordEditKinds),
  requested: recordEditRequested,
  reason: z.string(),
  status: z.enum(recordEditStatuses),
  requestedBy: z.string(),
  requestedByName: z.string(),
  decidedBy: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionRemark: z.string(),
  /** the record when asked, replaced by the record when applied */
  before: recordEditSnapshot.nullable(),
  /** the record once the change is applied; null until approved */
  after: recordEditSnapshot.nullable(),
  createdAt: z.string(),
});
export type RecordEditRequest = z.infer<typeof recordEditRequest>;
export const recordEditPage = pagedList(recordEditRequest);

/** The fields a correction shows, in the order the audit page and the record detail list them. */
export const recordEditFields = ['plateNumber', 'plateColour', 'enteredAt', 'exitedAt', 'state', 'amountDue', 'discount', 'paid', 'unpaid'] as const;
export type RecordEditField = (typeof recordEditFields)[number];
export const recordEditFieldNames: Readonly<Record<RecordEditField, string>> = {
  plateNumber: '车牌号',
  plateColour: '车牌颜色',
  enteredAt: '入场时间',
  exitedAt: '出场时间',
  state: '状态',
  amountDue: '应收',
  discount: '优惠',
  paid: '已付',
  unpaid: '欠费',
};

/** The fields that differ between two snapshots: what an applied correction changed. */
export const changedEditFields = (before: RecordEditSnapshot, after: RecordEditSnapshot): RecordEditField[] => recordEditFields.filter((field) => before[field] !== after[field]);

/** One line of what was asked for, for messages, logs and exports: "应收金额 12.00 元". */
export const describeEditRequest = (kind: RecordEditKind, requested: RecordEditRequested, formatTime: (iso: string) => string): string => {
  switch (kind) {
    case 'plate':
      return `车牌改为 ${requested.plateNumber ?? ''}`;
    case 'times':
      return `入场时间改为 ${requested.enteredAt ? formatTime(requested.enteredAt) : ''}${requested.exitedAt ? `，出场时间改为 ${formatTime(requested.exitedAt)}` : ''}`;
    case 'amount':
      return `应收金额改为 ${formatAmount(requested.amountDue ?? 0)} 元`;
    case 'void':
      return '作废';
  }
};
