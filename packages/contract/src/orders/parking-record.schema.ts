import { z } from 'zod';
import { resourcePaths } from '../common/endpoint.js';
import { formatDuration } from '../common/filters.js';
import { pagedList, pageQuery } from '../common/paging.js';
import { fenFilter, plateMatchFilter, refuseReversedRange, timeFilter } from '../common/query-fields.js';
import { recordEditRequest } from './record-edit-audit.schema.js';

export const parkingRecordPaths = {
  ...resourcePaths('/api/system/ParkingRecord'),
  photo: '/api/system/ParkingRecord/:id/photos/:which',
} as const;

/** the two photos a lane or space event may leave on a record */
export const parkingRecordPhotoKinds = ['entry', 'exit'] as const;
export type ParkingRecordPhotoKind = (typeof parkingRecordPhotoKinds)[number];
export const parkingRecordPhotoParams = z.object({
  id: z.uuid('停车记录编号格式不正确'),
  which: z.enum(parkingRecordPhotoKinds, { error: '照片类型只能是 entry（入场）或 exit（出场）' }),
});

/** parked → awaiting_payment → paid → closed; → unpaid (left without paying); → void */
export const parkingRecordStates = ['parked', 'awaiting_payment', 'paid', 'closed', 'unpaid', 'void'] as const;
export type ParkingRecordState = (typeof parkingRecordStates)[number];
export const parkingRecordStateNames: Readonly<Record<ParkingRecordState, string>> = {
  parked: '在场',
  awaiting_payment: '待支付',
  paid: '已支付',
  closed: '已完成',
  unpaid: '欠费',
  void: '已作废',
};

/** why a record needs a second look (订单预警) */
export const abnormalReasons = ['duplicate_entry', 'exit_without_entry', 'held_for_staff', 'low_confidence', 'long_stay', 'no_tariff', 'abnormal_release'] as const;
export type AbnormalReason = (typeof abnormalReasons)[number];
export const abnormalReasonNames: Readonly<Record<AbnormalReason, string>> = {
  duplicate_entry: '重复入场',
  exit_without_entry: '无入场记录出场',
  held_for_staff: '待人工处理',
  low_confidence: '车牌识别置信度低',
  long_stay: '超长停车',
  no_tariff: '入场时无生效的计费规则',
  abnormal_release: '异常放行',
};

export const parkingRecordListQuery = z
  .strictObject({
    ...pageQuery.shape,
    sidx: z.enum(['enteredAt', 'exitedAt', 'amountDue', 'plateNumber'], { error: '排序字段只能是 enteredAt、exitedAt、amountDue 或 plateNumber' }).optional(),
    lotId: z.uuid('停车场编号格式不正确').optional(),
    plateNumber: z.string().trim().toUpperCase().min(1, '车牌号不能为空').max(16, '车牌号最长16位').optional(),
    plateMatch: plateMatchFilter,
    plateColour: z.coerce.number({ error: '车牌颜色必须是整数' }).int('车牌颜色必须是整数').min(0, '车牌颜色不正确').max(99, '车牌颜色不正确').optional(),
    state: z.enum(parkingRecordStates, { error: `状态只能是 ${parkingRecordStates.join('、')}` }).optional(),
    enteredFrom: timeFilter('入场开始时间').optional(),
    enteredTo: timeFilter('入场结束时间').optional(),
    amountMin: fenFilter('最低应收金额').optional(),
    amountMax: fenFilter('最高应收金额').optional(),
  })
  .superRefine((q, ctx) => {
    refuseReversedRange(ctx, q, 'enteredFrom', 'enteredTo', '入场结束时间不能早于开始时间');
    refuseReversedRange(ctx, q, 'amountMin', 'amountMax', '最高应收金额不能小于最低应收金额');
  });
export type ParkingRecordListQuery = z.input<typeof parkingRecordListQuery>;
export type ParkingRecordListValues = z.output<typeof parkingRecordListQuery>;

export const parkingRecord = z.object({
  id: z.string(),
  lotId: z.string(),
  lotName: z.string(),
  entryLaneId: z.string().nullable(),
  entryLaneName: z.string().nullable(),
  exitLaneId: z.string().nullable(),
  exitLaneName: z.string().nullable(),
  spaceId: z.string().nullable(),
  spaceNumber: z.string().nullable(),
  plateNumber: z.string(),
  plateColour: z.number().int(),
  enteredAt: z.string().nullable(),
  exitedAt: z.string().nullable(),
  entryConfidence: z.number().nullable(),
  exitConfidence: z.number().nullable(),
  entryPhoto: z.string().nullable(),
  exitPhoto: z.string().nullable(),
  tariffId: z.string().nullable(),
  tariffVersionId: z.string().nullable(),
  vehicleClass: z.string().nullable(),
  state: z.enum(parkingRecordStates),
  /** fen; amountDue − discount = paid + unpaid */
  amountDue: z.number().int(),
  discount: z.number().int(),
  paid: z.number().int(),
  unpaid: z.number().int(),
  abnormal: z.boolean(),
  abnormalReasons: z.array(z.enum(abnormalReasons)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ParkingRecord = z.infer<typeof parkingRecord>;
export const parkingRecordPage = pagedList(parkingRecord);

/** How the amount due was reached: the record's own tariff version, priced again for display. */
export const parkingRecordFee = z.object({
  tariffName: z.string(),
  tariffVersionNo: z.number().int(),
  /** fen */
  amount: z.number().int(),
  breakdown: z.array(z.object({ label: z.string(), from: z.string(), to: z.string(), minutes: z.number().int(), units: z.number().int(), amount: z.number().int() })),
  freeReason: z.string().nullable(),
  /** the class the stay was priced as, and why the vehicle was taken for it (null on records from before it was kept) */
  vehicleClass: z.object({ code: z.string(), name: z.string(), why: z.string().nullable() }),
});
export type ParkingRecordFee = z.infer<typeof parkingRecordFee>;

/** one record with its fee breakdown (null while parked or when no tariff priced it) and its corrections, newest first */
/** The group card (集团卡) that took its benefit off the stay at exit; discount in fen. */
export const parkingRecordGroupCard = z.object({ cardNo: z.string(), groupName: z.string(), benefit: z.enum(['free', 'discount', 'amount']), discount: z.number().int() });
export type ParkingRecordGroupCard = z.infer<typeof parkingRecordGroupCard>;

/** A merchant's coupon (优惠券) that took its part off the stay at exit; discount in fen. */
export const parkingRecordCoupon = z.object({ couponNo: z.string(), templateName: z.string(), merchantName: z.string(), benefitText: z.string(), discount: z.number().int() });
export type ParkingRecordCoupon = z.infer<typeof parkingRecordCoupon>;

export const parkingRecordDetail = parkingRecord.extend({
  fee: parkingRecordFee.nullable(),
  groupCard: parkingRecordGroupCard.nullable(),
  /** in the order they applied */
  coupons: z.array(parkingRecordCoupon),
  edits: z.lazy(() => z.array(recordEditRequest)),
});
export type ParkingRecordDetail = z.infer<typeof parkingRecordDetail>;

/** How long a finished stay lasted, as the list, the detail and the export say it ("2时5分"); empty while parked. */
export const stayLength = (enteredAt: string | null, exitedAt: string | null): string => {
  if (!enteredAt || !exitedAt) return '';
  return formatDuration(Math.max(0, Date.parse(exitedAt) - Date.parse(enteredAt)) / 1000);
};
