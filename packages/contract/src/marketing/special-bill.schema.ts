import { z } from 'zod';
import { resourcePaths } from '../common/endpoint.js';
import { pagedList, pageQuery } from '../common/paging.js';
import { refuseReversedRange, timeFilter } from '../common/query-fields.js';
import { parkingText } from '../parking/area.schema.js';
import { groupCardPlate, groupCardTokenQuery } from './group-card.schema.js';

export const specialBillPaths = {
  ...resourcePaths('/api/system/SpecialBill'),
  /** 作废: only an unpaid bill */
  cancel: '/api/system/SpecialBill/:id/Actions/Cancel',
  /** PNG of the bill's QR code, pointing at the public page with a signed token */
  qrcode: '/api/system/SpecialBill/:id/QRCode',
} as const;

/** No sign-in: what the driver's phone reads with the token of a bill's QR code. */
export const specialBillOpenPaths = {
  info: '/api/open/specialBill',
  /** paying is wired to the payment gateway by the integrator; the page only calls it */
  pay: '/api/open/specialBill/pay',
} as const;

/** The phone pages, at their fixed addresses ("Speial" not corrected): the printed code opens the first, which shows the second. */
export const specialBillPagePaths = { scan: '/scanSpeialBillQrcode', info: '/speialBillInfo' } as const;

export const specialBillStatuses = ['unpaid', 'paid', 'cancelled'] as const;
export type SpecialBillStatus = (typeof specialBillStatuses)[number];
export const specialBillStatusNames: Readonly<Record<SpecialBillStatus, string>> = { unpaid: '待支付', paid: '已支付', cancelled: '已作废' };

/** ¥100,000 for one bill: anything above is a typo */
export const specialBillMaxAmount = 10_000_000;

/** The fields one by one, for forms that check each as it is typed. */
export const specialBillFields = z.object({
  lotId: z.uuid({ error: '请选择停车场' }),
  /** optional: a bill may be for no car (e.g. 过夜服务费 of a walk-in) */
  plateNumber: z.preprocess((v) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v), groupCardPlate.nullable()),
  item: z.string({ error: '请输入收费项目' }).trim().min(1, '请输入收费项目').max(64, '收费项目最长64位'),
  /** fen */
  amount: z.coerce
    .number({ error: '金额必须是数字' })
    .int('金额最多两位小数')
    .min(1, '金额必须大于0')
    .max(specialBillMaxAmount, `金额最大为${specialBillMaxAmount / 100}元`),
  remark: parkingText('备注', 200),
});
export const specialBillInput = z.strictObject(specialBillFields.shape);
export type SpecialBillInput = z.input<typeof specialBillInput>;
export type SpecialBillValues = z.output<typeof specialBillInput>;

export const specialBillFilter = z.strictObject({
  lotId: z.uuid('停车场编号格式不正确').optional(),
  /** a plate or its beginning (粤B…) */
  plateNumber: z.string().trim().toUpperCase().max(16, '车牌号最长16位').optional(),
  status: z.enum(specialBillStatuses, { error: '状态只能是 unpaid（待支付）、paid（已支付）或 cancelled（已作废）' }).optional(),
  createdFrom: timeFilter('创建开始时间').optional(),
  createdTo: timeFilter('创建结束时间').optional(),
});

export const specialBillListQuery = z
  .strictObject({
    ...pageQuery.shape,
    sidx: z.enum(['createdAt', 'amount'], { error: '排序字段只能是 createdAt 或 amount' }).optional(),
    ...specialBillFilter.shape,
  })
  .superRefine((q, ctx) => {
    refuseReversedRange(ctx, q, 'createdFrom', 'createdTo', '创建结束时间不能早于开始时间');
  });
export type SpecialBillListQuery = z.input<typeof specialBillListQuery>;
export type SpecialBillListValues = z.output<typeof specialBillListQuery>;

export const specialBill = z.object({
  id: z.string(),
  lotId: z.string(),
  lotName: z.string(),
  plateNumber: z.string().nullable(),
  item: z.string(),
  /** fen */
  amount: z.number().int(),
  remark: z.string(),
  status: z.enum(specialBillStatuses),
  /** fen; 0 until paid */
  paidAmount: z.number().int(),
  paidAt: z.string().nullable(),
  createdBy: z.string(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SpecialBill = z.infer<typeof specialBill>;
export const specialBillPage = pagedList(specialBill);

export const specialBillTokenQuery = groupCardTokenQuery;

/** 立即支付: the bill's token in, the provider's cashier address out. */
export const specialBillPayInput = specialBillTokenQuery;
export const specialBillPayResult = z.object({ payUrl: z.string().describe('收银台地址') });
export type SpecialBillPayResult = z.infer<typeof specialBillPayResult>;

/** What the phone page shows: no ids, no staff names, no remark. */
export const specialBillPublic = z.object({
  lotName: z.string(),
  plateNumber: z.string().nullable(),
  item: z.string(),
  /** fen */
  amount: z.number().int(),
  status: z.enum(specialBillStatuses),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** whether the operator takes payments online; when not, the driver pays at the booth */
  onlinePay: z.boolean(),
});
export type SpecialBillPublic = z.infer<typeof specialBillPublic>;
