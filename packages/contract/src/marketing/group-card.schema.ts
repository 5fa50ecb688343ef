import { z } from 'zod';
import { boundedDay } from '../common/bounded-time.js';
import { resourcePaths } from '../common/endpoint.js';
import { formatAmount, plateNumberPattern } from '../common/filters.js';
import { pagedList, pageQuery } from '../common/paging.js';
import { enabledMarkFilter, parkingText } from '../parking/area.schema.js';

export const groupCardPaths = {
  ...resourcePaths('/api/system/GroupCard'),
  /** PNG of the card's QR code, pointing at the public page with a signed token */
  qrcode: '/api/system/GroupCard/:id/QRCode',
} as const;

/** No sign-in: what the driver's phone reads and writes with the token of a card's QR code. */
export const groupCardOpenPaths = {
  info: '/api/open/groupCard',
  plates: '/api/open/groupCard/plates',
} as const;

/** The phone pages: the printed code opens the first, which shows the second. */
export const groupCardPagePaths = { scan: '/scanGroupCardQrcode', info: '/groupCardInfo' } as const;

/** 免费停车: the stay costs nothing; 折扣: the driver pays `discountPercent`% of it; 每次减免: `amountOff` fen less each time. */
export const groupCardBenefits = ['free', 'discount', 'amount'] as const;
export type GroupCardBenefit = (typeof groupCardBenefits)[number];
export const groupCardBenefitNames: Readonly<Record<GroupCardBenefit, string>> = { free: '免费停车', discount: '折扣', amount: '每次减免' };

export const groupCardStates = ['active', 'pending', 'expired'] as const;
export type GroupCardState = (typeof groupCardStates)[number];
export const groupCardStateNames: Readonly<Record<GroupCardState, string>> = { active: '生效中', pending: '未生效', expired: '已过期' };

export const groupCardMaxPlates = 20;
/** ¥1,000 off a visit: anything above is a typo */
export const groupCardMaxAmountOff = 100_000;

/** One plate as every plate input of the product takes it: trimmed, upper-cased, a mainland plate. */
export const groupCardPlate = z.string({ error: '请输入车牌号' }).trim().toUpperCase().min(1, '请输入车牌号').regex(plateNumberPattern, '请输入正确的车牌号，如 粤B12345');

/** The fields one by one, for forms that check each as it is typed. */
export const groupCardFields = z.object({
  groupId: z.uuid({ error: '请选择集团' }),
  cardNo: z
    .string({ error: '请输入卡号' })
    .trim()
    .min(1, '请输入卡号')
    .max(32, '卡号最长32位')
    .regex(/^[A-Za-z0-9-]+$/, '卡号只能包含字母、数字和短横线'),
  benefit: z.enum(groupCardBenefits, { error: '请选择优惠方式' }),
  /** the share of the fee paid, 80 = 八折; only for 折扣 */
  discountPercent: z.coerce.number({ error: '折扣必须是整数' }).int('折扣必须是整数').min(1, '折扣应在1到99之间').max(99, '折扣应在1到99之间').nullable().default(null),
  /** fen off each visit; only for 每次减免 */
  amountOff: z.coerce
    .number({ error: '减免金额必须是数字' })
    .int('减免金额最多两位小数')
    .min(1, '减免金额必须大于0')
    .max(groupCardMaxAmountOff, `减免金额最大为${groupCardMaxAmountOff / 100}元`)
    .nullable()
    .default(null),
  plates: z.array(groupCardPlate, { error: '请输入车牌号' }).min(1, '至少绑定一个车牌').max(groupCardMaxPlates, `最多绑定${groupCardMaxPlates}个车牌`),
  lotIds: z
    .array(z.uuid({ error: '停车场编号格式不正确' }), { error: '请选择适用停车场' })
    .min(1, '请选择适用停车场')
    .max(200, '适用停车场最多200个'),
  validFrom: boundedDay('开始日期'),
  validTo: boundedDay('结束日期'),
  /** uses a natural month (Shanghai); null = unlimited */
  monthlyQuota: z.coerce.number({ error: '每月次数必须是整数' }).int('每月次数必须是整数').min(1, '每月次数最小为1').max(10000, '每月次数最大为10000').nullable().default(null),
  /** the driver may add a plate on the card's phone page, up to maxPlates */
  allowBind: z.boolean({ error: '允许车主绑定只能是是或否' }).default(false),
  maxPlates: z.coerce.number({ error: '车牌上限必须是整数' }).int('车牌上限必须是整数').min(1, '车牌上限最小为1').max(groupCardMaxPlates, `车牌上限最大为${groupCardMaxPlates}`).default(5),
  remark: parkingText('备注', 200),
  enabled: z.boolean({ error: '启用状态只能是是或否' }).default(true),
});

export const groupCardInput = groupCardFields
  .superRefine((card, ctx) => {
    if (card.validTo < card.validFrom) ctx.addIssue({ code: 'custom', path: ['validTo'], message: '结束日期不能早于开始日期' });
    if (card.benefit === 'discount' && card.discountPercent === null) ctx.addIssue({ code: 'custom', path: ['discountPercent'], message: '请输入折扣（1-99）' });
    if (card.benefit === 'amount' && card.amountOff === null) ctx.addIssue({ code: 'custom', path: ['amountOff'], message: '请输入每次减免金额' });
    const seen = new Set<string>();
    card.plates.forEach((plate, index) => {
      if (seen.has(plate)) ctx.addIssue({ code: 'custom', path: ['plates', index], message: `车牌「${plate}」重复` });
      seen.add(plate);
    });
    if (new Set(card.lotIds).size !== card.lotIds.length) ctx.addIssue({ code: 'custom', path: ['lotIds'], message: '适用停车场重复' });
    if (card.plates.length > card.maxPlates) ctx.addIssue({ code: 'custom', path: ['plates'], message: `车牌数不能超过车牌上限（${card.maxPlates}）` });
  })
  // a benefit keeps only its own figure, so a card switched from 折扣 to 免费 carries no stale percent
  .transform((card) => ({
    ...card,
    discountPercent: card.benefit === 'discount' ? card.discountPercent : null,
    amountOff: card.benefit === 'amount' ? card.amountOff : null,
  }));
export type GroupCardInput = z.input<typeof groupCardInput>;
export type GroupCardValues = z.output<typeof groupCardInput>;

export const groupCardFilter = z.strictObject({
  cardNo: z.string().trim().max(32, '卡号最长32位').optional(),
  plateNumber: z.string().trim().toUpperCase().max(16, '车牌号最长16位').optional(),
  groupId: z.uuid('集团编号格式不正确').optional(),
  lotId: z.uuid('停车场编号格式不正确').optional(),
  benefit: z.enum(groupCardBenefits, { error: '优惠方式只能是 free（免费停车）、discount（折扣）或 amount（每次减免）' }).optional(),
  state: z.enum(groupCardStates, { error: '状态只能是 active（生效中）、pending（未生效）或 expired（已过期）' }).optional(),
  enabled: enabledMarkFilter().optional(),
});
export type GroupCardFilterValues = z.output<typeof groupCardFilter>;

export const groupCardListQuery = z.strictObject({
  ...pageQuery.shape,
  sidx: z.enum(['cardNo', 'validFrom', 'validTo', 'createdAt'], { error: '不支持的排序字段' }).optional(),
  ...groupCardFilter.shape,
});
export type GroupCardListQuery = z.input<typeof groupCardListQuery>;
export type GroupCardListValues = z.output<typeof groupCardListQuery>;

export const groupCard = z.object({
  id: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  cardNo: z.string(),
  benefit: z.enum(groupCardBenefits),
  discountPercent: z.number().int().nullable(),
  amountOff: z.number().int().nullable(),
  plates: z.array(z.string()),
  lotIds: z.array(z.string()),
  lotNames: z.array(z.string()),
  validFrom: z.string(),
  validTo: z.string(),
  monthlyQuota: z.number().int().nullable(),
  /** uses left this month; null when unlimited */
  remainingQuota: z.number().int().nullable(),
  allowBind: z.boolean(),
  maxPlates: z.number().int(),
  remark: z.string(),
  enabled: z.boolean(),
  state: z.enum(groupCardStates),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GroupCard = z.infer<typeof groupCard>;
export const groupCardPage = pagedList(groupCard);

export const groupCardTokenQuery = z.strictObject({
  t: z.string({ error: '缺少二维码参数' }).trim().min(1, '缺少二维码参数').max(1024, '二维码无效或已被篡改'),
});
export const groupCardBindInput = z.strictObject({
  t: groupCardTokenQuery.shape.t,
  plateNumber: groupCardPlate,
});
export type GroupCardBindInput = z.input<typeof groupCardBindInput>;

/** What the phone page shows: no ids, no staff data, the group's phone masked. */
export const groupCardPublic = z.object({
  groupName: z.string(),
  /** 138****5678 */
  groupPhone: z.string(),
  cardNo: z.string(),
  benefit: z.enum(groupCardBenefits),
  benefitText: z.string(),
  plates: z.array(z.string()),
  lotNames: z.array(z.string()),
  validFrom: z.string(),
  validTo: z.string(),
  state: z.enum(groupCardStates),
  monthlyQuota: z.number().int().nullable(),
  remainingQuota: z.number().int().nullable(),
  allowBind: z.boolean(),
  maxPlates: z.number().int(),
});
export type GroupCardPublic = z.infer<typeof groupCardPublic>;

/** How the card's benefit reads: 免费停车, 8.5折, 每次减免5.00元. */
export const groupCardBenefitText = (card: { benefit: GroupCardBenefit; discountPercent: number | null; amountOff: number | null }) =>
  card.benefit === 'free' ? groupCardBenefitNames.free : card.benefit === 'discount' ? `${(card.discountPercent ?? 100) / 10}折` : `每次减免${formatAmount(card.amountOff ?? 0)}元`;

/** `today` is a Shanghai business day. */
export const groupCardStateOn = (card: { validFrom: string; validTo: string }, today: string): GroupCardState =>
  today < card.validFrom ? 'pending' : today > card.validTo ? 'expired' : 'active';

/**
 * The fen a card takes off a stay of `due` fen: all of it when free, what lies above the paid share
 * for a discount (the driver's share rounded to the fen), at most the stay for an amount off.
 */
export const groupCardBenefitOff = (card: { benefit: GroupCardBenefit; discountPercent: number | null; amountOff: number | null }, due: number): number => {
  if (due <= 0) return 0;
  if (card.benefit === 'free') return due;
  if (card.benefit === 'discount') return due - Math.round((due * (card.discountPercent ?? 100)) / 100);
  return Math.min(due, card.amountOff ?? 0);
};
