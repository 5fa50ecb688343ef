import { z } from 'zod';
import { boundedDay } from '../common/bounded-time.js';
import { resourcePaths } from '../common/endpoint.js';
import { pagedList, pageQuery } from '../common/paging.js';
import { refuseReversedRange } from '../common/query-fields.js';
import { mobileMessage, mobilePattern } from '../common/rules.js';
import { vehicleBindingStates } from './customer.schema.js';

/**
 * 手机号变更审核 (customer/carPhoneAudit): an owner who lost the old number asks staff to move their
 * account to a new one, with evidence: a 行驶证 photo of a vehicle bound to the account and one of its
 * recent order numbers. (An owner who still has the old number changes it on the phone with two codes,
 * with no review: ownerPaths.phone.)
 */
export const phoneChangePaths = {
  ...resourcePaths('/api/system/CarPhoneAudit'),
  /** the 行驶证 photo (image bytes), for staff of the page only */
  photo: '/api/system/CarPhoneAudit/:id/Photo',
  approve: '/api/system/CarPhoneAudit/:id/Actions/Approve',
  reject: '/api/system/CarPhoneAudit/:id/Actions/Reject',
  /** the phone page's 申请人工变更: a code to the new number, keyed by both numbers */
  code: '/api/open/owner/phone-change/code',
  /** the phone page's 申请人工变更: what is asked in the query, the 行驶证 photo as multipart field `file` */
  submit: '/api/open/owner/phone-change',
} as const;

/** The phone page's form for one who lost the old number. */
export const phoneChangeRequestPagePath = '/owner/phone-request';

export const phoneChangeStatuses = ['pending', 'approved', 'rejected'] as const;
export type PhoneChangeStatus = (typeof phoneChangeStatuses)[number];
export const phoneChangeStatusNames: Readonly<Record<PhoneChangeStatus, string>> = { pending: '待审核', approved: '已通过', rejected: '已驳回' };

const phone = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, { error: `请输入${label}`, abort: true })
    .regex(mobilePattern, mobileMessage);

const pairOfPhones = {
  oldPhone: phone('原手机号'),
  newPhone: phone('新手机号'),
};
const differentPhones = (values: { oldPhone: string; newPhone: string }, ctx: z.RefinementCtx) => {
  if (values.oldPhone === values.newPhone) ctx.addIssue({ code: 'custom', path: ['newPhone'], message: '新手机号不能与原手机号相同' });
};

/** 获取验证码 for the new number: the code is good for this old number and this new one only. */
export const phoneChangeCodeInput = z.strictObject(pairOfPhones).superRefine(differentPhones);
export type PhoneChangeCodeInput = z.input<typeof phoneChangeCodeInput>;
export const phoneChangeCodeResult = z.object({
  sentTo: z.string(),
  expiresIn: z.number().int(),
  resendIn: z.number().int(),
  demoHint: z.string().nullable(),
  /** the code itself, only where the server is told to show it (SMS_REVEAL_CODES) */
  demoCode: z.string().nullable(),
});
export type PhoneChangeCodeResult = z.infer<typeof phoneChangeCodeResult>;

/** 申请人工变更: the numbers, the new number's code and an order number; the 行驶证 photo is multipart field `file`. */
export const phoneChangeSubmitQuery = z
  .strictObject({
    ...pairOfPhones,
    code: z
      .string({ error: '请输入新手机号收到的验证码' })
      .trim()
      .min(1, '请输入新手机号收到的验证码')
      .regex(/^\d{6}$/, '验证码为6位数字'),
    orderNo: z.string({ error: '请填写最近一次停车的订单号' }).trim().min(1, '请填写最近一次停车的订单号').max(64, '订单号最长64位'),
  })
  .superRefine(differentPhones);
export type PhoneChangeSubmitQuery = z.input<typeof phoneChangeSubmitQuery>;
export type PhoneChangeSubmitValues = z.output<typeof phoneChangeSubmitQuery>;
export const phoneChangeSubmitted = z.object({ id: z.string(), newPhone: z.string(), createdAt: z.string() });

export const phoneChangeRejectInput = z.strictObject({
  reason: z.string({ error: '请填写驳回原因' }).trim().min(1, '请填写驳回原因').max(200, '驳回原因最长200个字'),
});
export type PhoneChangeRejectInput = z.input<typeof phoneChangeRejectInput>;
export type PhoneChangeRejectValues = z.output<typeof phoneChangeRejectInput>;

/** filters shared by the list and its export; a phone matches the old or the new number; the dates are Shanghai days, both ends included */
export const phoneChangeListQuery = z
  .strictObject({
    ...pageQuery.shape,
    sidx: z.enum(['createdAt', 'decidedAt'], { error: '不支持的排序字段' }).optional(),
    status: z.enum(phoneChangeStatuses, { error: '审核状态只能是待审核、已通过或已驳回' }).optional(),
    phone: z.string().trim().max(11, '手机号最长11位').optional(),
    createdFrom: boundedDay('申请开始日期').optional(),
    createdTo: boundedDay('申请结束日期').optional(),
  })
  .superRefine((q, ctx) => refuseReversedRange(ctx, q, 'createdFrom', 'createdTo', '申请结束日期不能早于开始日期'));
export type PhoneChangeListQuery = z.input<typeof phoneChangeListQuery>;
export type PhoneChangeListValues = z.output<typeof phoneChangeListQuery>;

export const phoneChangeRequest = z.object({
  id: z.string(),
  status: z.enum(phoneChangeStatuses),
  customerId: z.string(),
  customerNickname: z.string(),
  /** the number the request moves away from, and the one it moves to: whole, the console masks them on a list */
  oldPhone: z.string(),
  newPhone: z.string(),
  /** the owner's number now (the new one once approved) */
  customerPhone: z.string(),
  orderNo: z.string(),
  /** false once the photo is removed, some days after the decision */
  hasPhoto: z.boolean(),
  rejectReason: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PhoneChangeRequest = z.infer<typeof phoneChangeRequest>;
export const phoneChangePage = pagedList(phoneChangeRequest);

/** What the reviewer weighs: the order number's stay and whether its plate is the owner's, and the owner's vehicles. */
export const phoneChangeEvidence = z.object({
  /** the stay the order number names in this tenant (its record id or a payment's order number); null when none */
  order: z
    .object({
      recordId: z.string(),
      plateNumber: z.string(),
      plateColour: z.number().int(),
      lotName: z.string(),
      enteredAt: z.string().nullable(),
      exitedAt: z.string().nullable(),
      /** its plate and colour are one of the owner's vehicles, bound now or unbound since */
      ownersPlate: z.boolean(),
    })
    .nullable(),
  /** the owner's vehicles, unbound ones last */
  vehicles: z.array(z.object({ plateNumber: z.string(), plateColour: z.number().int(), state: z.enum(vehicleBindingStates) })),
});
export type PhoneChangeEvidence = z.infer<typeof phoneChangeEvidence>;
export const phoneChangeDetail = phoneChangeRequest.extend({ evidence: phoneChangeEvidence });
export type PhoneChangeDetail = z.infer<typeof phoneChangeDetail>;
