import { z } from 'zod';
import { pagedList, pageQuery } from '../common/paging.js';
import { fenFilter, plateMatchFilter, plateNumberText, refuseReversedRange, timeFilter } from '../common/query-fields.js';
import { parkingRecord } from '../orders/parking-record.schema.js';

/** 欠费订单: a record left unpaid, gathered by plate across every lot of the tenant (联合追缴). */
export const arrearsPaths = {
  list: '/api/system/Arrears',
  export: '/api/system/Arrears/Actions/Export',
  /** :plateNumber is the plate, URL-encoded */
  item: '/api/system/Arrears/:plateNumber',
  reminders: '/api/system/Arrears/:plateNumber/Reminders',
} as const;

/** 手动放行 of a record awaiting payment at a lane: the car is let out and the record goes to pursuit. */
export const abnormalReleasePath = '/api/system/ParkingRecord/:id/release';

export const arrearsPlateParams = z.object({ plateNumber: plateNumberText });

export const arrearsListQuery = z
  .strictObject({
    ...pageQuery.shape,
    sidx: z.enum(['owed', 'recordCount', 'lastExitedAt'], { error: '排序字段只能是 owed、recordCount 或 lastExitedAt' }).optional(),
    plateNumber: plateNumberText.optional(),
    plateMatch: plateMatchFilter,
    /** only the plate's arrears on this lot are counted */
    lotId: z.uuid('停车场编号格式不正确').optional(),
    owedMin: fenFilter('最低欠费金额').optional(),
    owedMax: fenFilter('最高欠费金额').optional(),
    exitedFrom: timeFilter('出场开始时间').optional(),
    exitedTo: timeFilter('出场结束时间').optional(),
  })
  .superRefine((q, ctx) => {
    refuseReversedRange(ctx, q, 'exitedFrom', 'exitedTo', '出场结束时间不能早于开始时间');
    refuseReversedRange(ctx, q, 'owedMin', 'owedMax', '最高欠费金额不能小于最低欠费金额');
  });
export type ArrearsListQuery = z.input<typeof arrearsListQuery>;
export type ArrearsListValues = z.output<typeof arrearsListQuery>;

export const arrearsLot = z.object({ id: z.string(), name: z.string() });

/** one plate and what it owes */
export const arrears = z.object({
  plateNumber: z.string(),
  recordCount: z.number().int(),
  /** fen: the sum of the records' unpaid */
  owed: z.number().int(),
  firstExitedAt: z.string().nullable(),
  lastExitedAt: z.string().nullable(),
  lots: z.array(arrearsLot),
});
export type Arrears = z.infer<typeof arrears>;
export const arrearsPage = pagedList(arrears);

/** 催缴 channels */
export const reminderChannels = ['sms', 'phone', 'letter', 'other'] as const;
export type ReminderChannel = (typeof reminderChannels)[number];
export const reminderChannelNames: Readonly<Record<ReminderChannel, string>> = {
  sms: '短信',
  phone: '电话',
  letter: '信函',
  other: '其他',
};

export const arrearsReminderInput = z.strictObject({
  channel: z.enum(reminderChannels, { error: `催缴方式只能是 ${reminderChannels.join('、')}（短信、电话、信函、其他）` }),
  content: z
    .string({ error: (issue) => (issue.input === undefined ? '请输入催缴内容' : '催缴内容必须是文字') })
    .trim()
    .min(1, '请输入催缴内容')
    .max(500, '催缴内容最长500个字'),
});
export type ArrearsReminderInput = z.input<typeof arrearsReminderInput>;
export type ArrearsReminderValues = z.output<typeof arrearsReminderInput>;

export const arrearsReminder = z.object({
  id: z.string(),
  plateNumber: z.string(),
  channel: z.enum(reminderChannels),
  content: z.string(),
  operatorId: z.string().nullable(),
  operatorName: z.string(),
  createdAt: z.string(),
});
export type ArrearsReminder = z.infer<typeof arrearsReminder>;

/** what a plate owes now, the reminders sent and the money already recovered */
export const arrearsDetail = z.object({
  plateNumber: z.string(),
  owed: z.number().int(),
  records: z.array(parkingRecord),
  reminders: z.array(arrearsReminder),
  recovered: z.number().int(),
});
export type ArrearsDetail = z.infer<typeof arrearsDetail>;

export const abnormalReleaseInput = z.strictObject({
  reason: z
    .string({ error: (issue) => (issue.input === undefined ? '请输入放行原因' : '放行原因必须是文字') })
    .trim()
    .min(1, '请输入放行原因')
    .max(255, '放行原因最长255个字'),
});
export type AbnormalReleaseInput = z.input<typeof abnormalReleaseInput>;
