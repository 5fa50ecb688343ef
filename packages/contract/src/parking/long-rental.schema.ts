import { z } from 'zod';
import { resourcePaths } from '../common/endpoint.js';
import { plateNumberPattern } from '../common/filters.js';
import { pagedList, pageQuery } from '../common/paging.js';
import { mobileMessage, mobilePattern } from '../common/rules.js';
import { enabledMarkFilter, parkingText } from './area.schema.js';

/** a card's first or last day: any calendar date (a card may run past the business window's end) */
const cardDay = (label: string) => z.iso.date({ error: `${label}格式应为YYYY-MM-DD` });

export const longRentalPaths = {
  ...resourcePaths('/api/system/LongRental'),
  /** per lot: its long-rental spaces, the cards in force and the space-leave flag */
  lots: '/api/system/LongRental/lots',
} as const;

/** A card's state on a Shanghai business day: before its first day, within its dates, after its last. */
export const longRentalStates = ['active', 'pending', 'expired'] as const;
export type LongRentalState = (typeof longRentalStates)[number];
export const longRentalStateNames: Readonly<Record<LongRentalState, string>> = { active: '生效中', pending: '未生效', expired: '已过期' };

/** ¥100,000 a month: anything above is a typo */
export const longRentalMaxMonthlyPrice = 10_000_000;

export const longRentalInput = z
  .object({
    plateNumber: z.string({ error: '请输入车牌号' }).trim().toUpperCase().min(1, '请输入车牌号').regex(plateNumberPattern, '请输入正确的车牌号，如 粤B12345'),
    /** dictionary 车牌颜色 (plate_colour): 1 white, 2 yellow, 3 green, 4 black, otherwise blue */
    plateColour: z.coerce.number({ error: '请选择车牌颜色' }).int('请选择车牌颜色').min(0, '请选择车牌颜色').max(99, '请选择车牌颜色').default(0),
    lotId: z.uuid({ error: '请选择停车场' }),
    ownerName: z.string({ error: '请输入车主姓名' }).trim().min(1, '请输入车主姓名').max(32, '车主姓名最长32位'),
    phone: z.string({ error: '请输入联系电话' }).trim().min(1, '请输入联系电话').regex(mobilePattern, mobileMessage),
    validFrom: cardDay('开始日期'),
    validTo: cardDay('结束日期'),
    /** fen */
    monthlyPrice: z.coerce
      .number({ error: '月租金额必须是数字' })
      .int('月租金额最多两位小数')
      .min(0, '月租金额不能为负数')
      .max(longRentalMaxMonthlyPrice, `月租金额最大为${longRentalMaxMonthlyPrice / 100}元`),
    spaceCount: z.coerce.number({ error: '车位数必须是整数' }).int('车位数必须是整数').min(1, '车位数最小为1').max(100000, '车位数最大为100000').default(1),
    remark: parkingText('备注', 200),
    enabled: z.boolean({ error: '启用状态只能是是或否' }).default(true),
  })
  .superRefine((card, ctx) => {
    if (card.validTo < card.validFrom) ctx.addIssue({ code: 'custom', path: ['validTo'], message: '结束日期不能早于开始日期' });
  });
export type LongRentalInput = z.input<typeof longRentalInput>;
export type LongRentalValues = z.output<typeof longRentalInput>;

/** filters shared by the list and its export */
export const longRentalFilter = z.strictObject({
  plateNumber: z.string().trim().toUpperCase().max(16, '车牌号最长16位').optional(),
  lotId: z.uuid('停车场编号格式不正确').optional(),
  state: z.enum(longRentalStates, { error: '状态只能是 active（生效中）、pending（未生效）或 expired（已过期）' }).optional(),
  enabled: enabledMarkFilter().optional(),
});
export type LongRentalFilterValues = z.output<typeof longRentalFilter>;

export const longRentalListQuery = z.strictObject({
  ...pageQuery.shape,
  sidx: z.enum(['plateNumber', 'validFrom', 'validTo', 'createdAt'], { error: '不支持的排序字段' }).optional(),
  ...longRentalFilter.shape,
});
export type LongRentalListQuery = z.input<typeof longRentalListQuery>;
export type LongRentalListValues = z.output<typeof longRentalListQuery>;

export const longRental = z.object({
  id: z.string(),
  lotId: z.string(),
  lotName: z.string(),
  plateNumber: z.string(),
  plateColour: z.number().int(),
  ownerName: z.string(),
  phone: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  monthlyPrice: z.number().int(),
  spaceCount: z.number().int(),
  remark: z.string(),
  enabled: z.boolean(),
  state: z.enum(longRentalStates),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LongRental = z.infer<typeof longRental>;
export const longRentalPage = pagedList(longRental);

/** The strip above the cards: every lot with long-rental spaces or cards. */
export const longRentalLot = z.object({
  lotId: z.string(),
  lotName: z.string(),
  longRentalSpaces: z.number().int(),
  /** cards in force today */
  activeCards: z.number().int(),
  /** spaces those cards hold */
  rentedSpaces: z.number().int(),
  longRentalSpaceLeave: z.boolean(),
});
export type LongRentalLot = z.infer<typeof longRentalLot>;
export const longRentalLots = z.array(longRentalLot);

/** `today` is a business day (common/business-day.ts). */
export const longRentalStateOn = (card: { validFrom: string; validTo: string }, today: string): LongRentalState =>
  today < card.validFrom ? 'pending' : today > card.validTo ? 'expired' : 'active';
