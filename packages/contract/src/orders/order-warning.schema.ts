import { z } from 'zod';
import { resourcePaths } from '../common/endpoint.js';
import { pagedList, pageQuery } from '../common/paging.js';
import { refuseReversedRange, timeFilter } from '../common/query-fields.js';

export const orderWarningPaths = {
  ...resourcePaths('/api/system/OrderWarning'),
  handle: '/api/system/OrderWarning/:id/Actions/Handle',
} as const;

/** 1 订单异常 (system message type 1), 2 车辆布控 (system message type 8); the page's `type` query param */
export const orderWarningCategories = [1, 2] as const;
export type OrderWarningCategory = (typeof orderWarningCategories)[number];
export const orderWarningCategoryNames: Readonly<Record<OrderWarningCategory, string>> = { 1: '订单异常', 2: '车辆布控' };
/** the system message each category raises */
export const orderWarningMessageType: Readonly<Record<OrderWarningCategory, 1 | 8>> = { 1: 1, 2: 8 };

export const orderWarningKinds = ['duplicate_entry', 'exit_without_entry', 'long_stay', 'low_confidence', 'abnormal_release', 'blacklist_entry', 'arrears_entry'] as const;
export type OrderWarningKind = (typeof orderWarningKinds)[number];
export const orderWarningKindNames: Readonly<Record<OrderWarningKind, string>> = {
  duplicate_entry: '重复入场',
  exit_without_entry: '无入场记录出场',
  long_stay: '超长停车',
  low_confidence: '车牌识别置信度低',
  abnormal_release: '异常放行',
  blacklist_entry: '黑名单车辆入场',
  arrears_entry: '欠费车辆入场',
};
export const orderWarningKindCategory: Readonly<Record<OrderWarningKind, OrderWarningCategory>> = {
  duplicate_entry: 1,
  exit_without_entry: 1,
  long_stay: 1,
  low_confidence: 1,
  abnormal_release: 1,
  blacklist_entry: 2,
  arrears_entry: 2,
};
export const orderWarningKindsOf = (category: OrderWarningCategory) => orderWarningKinds.filter((k) => orderWarningKindCategory[k] === category);

export const orderWarningStates = ['open', 'closed'] as const;
export type OrderWarningState = (typeof orderWarningStates)[number];
export const orderWarningStateNames: Readonly<Record<OrderWarningState, string>> = { open: '未处理', closed: '已处理' };

const plate = z.string({ error: '车牌号必须是文字' }).trim().toUpperCase().min(1, '车牌号不能为空').max(16, '车牌号最长16位');

export const orderWarningListQuery = z
  .strictObject({
    ...pageQuery.shape,
    sidx: z.enum(['createdAt', 'plateNumber'], { error: '排序字段只能是 createdAt 或 plateNumber' }).optional(),
    category: z.coerce
      .number({ error: '预警类别只能是 1（订单异常）或 2（车辆布控）' })
      .refine((v): v is OrderWarningCategory => v === 1 || v === 2, '预警类别只能是 1（订单异常）或 2（车辆布控）')
      .optional(),
    kind: z.enum(orderWarningKinds, { error: `预警类型只能是 ${orderWarningKinds.join('、')}` }).optional(),
    state: z.enum(orderWarningStates, { error: '处理状态只能是 open（未处理）或 closed（已处理）' }).optional(),
    lotId: z.uuid('停车场编号格式不正确').optional(),
    /** a plate or its beginning (粤B…) */
    plateNumber: plate.optional(),
    recordId: z.uuid('停车记录编号格式不正确').optional(),
    createdFrom: timeFilter('预警开始时间').optional(),
    createdTo: timeFilter('预警结束时间').optional(),
  })
  .superRefine((q, ctx) => {
    refuseReversedRange(ctx, q, 'createdFrom', 'createdTo', '预警结束时间不能早于开始时间');
    if (q.kind && q.category !== undefined && orderWarningKindCategory[q.kind] !== q.category) {
      ctx.addIssue({ code: 'custom', path: ['kind'], message: `预警类型「${orderWarningKindNames[q.kind]}」不属于${orderWarningCategoryNames[q.category]}` });
    }
  });
export type OrderWarningListQuery = z.input<typeof orderWarningListQuery>;
export type OrderWarningListValues = z.output<typeof orderWarningListQuery>;

export const orderWarning = z.object({
  id: z.string(),
  /** the parking record it is about; null for an entry that was refused and opened none */
  recordId: z.string().nullable(),
  lotId: z.string(),
  lotName: z.string(),
  plateNumber: z.string(),
  kind: z.enum(orderWarningKinds),
  category: z.union([z.literal(1), z.literal(2)]),
  state: z.enum(orderWarningStates),
  detail: z.string(),
  remark: z.string(),
  handledBy: z.string().nullable(),
  handledByName: z.string().nullable(),
  handledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderWarning = z.infer<typeof orderWarning>;
export const orderWarningPage = pagedList(orderWarning);

/** 处理: staff close a warning saying what they did */
export const orderWarningHandleInput = z.strictObject({
  remark: z.string({ error: '请填写处理说明' }).trim().min(1, '请填写处理说明').max(255, '处理说明最长255个字'),
});
export type OrderWarningHandleInput = z.input<typeof orderWarningHandleInput>;
