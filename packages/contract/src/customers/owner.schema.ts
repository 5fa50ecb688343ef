import { z } from 'zod';
import { pagedList, pageQuery } from '../common/paging.js';
import { mobileMessage, mobilePattern } from '../common/rules.js';
import { parkingRecordStates } from '../orders/parking-record.schema.js';
import { paymentChannels } from '../payments/payment.schema.js';
import { customerVehicle, vehicleBindInput } from './customer.schema.js';

/**
 * The car owner's phone pages (车主登录, 我的车辆, 我的停车, 欠费), signed in with an owner session of
 * their own: under /api/open like the other driver pages, never a staff token.
 */
export const ownerPaths = {
  smsCode: '/api/open/owner/sms-code',
  signIn: '/api/open/owner/sign-in',
  signOut: '/api/open/owner/sign-out',
  me: '/api/open/owner/me',
  vehicles: '/api/open/owner/vehicles',
  unbind: '/api/open/owner/vehicles/:id/unbind',
  /** the 行驶证 photo of one of the owner's vehicles (multipart field `file`): the vehicle goes 认证中 */
  authenticate: '/api/open/owner/vehicles/:id/authentication',
  /** what the owner has been told: decisions on their 认证 and 过户申诉 */
  notices: '/api/open/owner/notices',
  /** 更换手机号 while the owner still has the old number: codes to both numbers */
  phoneCodes: '/api/open/owner/phone/codes',
  /** 更换手机号 with both codes: no review */
  phone: '/api/open/owner/phone',
  /** the owner's stays in every lot of the operator, newest first */
  stays: '/api/open/owner/stays',
  /** the owner's stays left unpaid, and what they owe in all */
  arrears: '/api/open/owner/arrears',
  /** opens the payment gateway's cashier for one stay left unpaid */
  payArrear: '/api/open/owner/arrears/:id/pay',
} as const;

/** The header an owner's token travels in: never Authorization, which carries staff tokens. */
export const ownerTokenHeader = 'x-owner-token';

/** The phone pages, as hash routes of the web app. */
export const ownerPagePaths = {
  signIn: '/owner/login',
  vehicles: '/owner/vehicles',
  stays: '/owner/stays',
  arrears: '/owner/arrears',
  phone: '/owner/phone',
  complaints: '/owner/complaints',
  appeals: '/owner/appeals',
} as const;

const ownerPhone = z.string({ error: '请输入手机号' }).trim().min(1, '请输入手机号').regex(mobilePattern, mobileMessage);

export const ownerSmsCodeInput = z.strictObject({ phone: ownerPhone });
export type OwnerSmsCodeInput = z.input<typeof ownerSmsCodeInput>;
export const ownerSmsCodeResult = z.object({
  /** the phone masked, as the page repeats it */
  sentTo: z.string(),
  /** seconds the code stays valid */
  expiresIn: z.number().int(),
  /** seconds before another code may be asked for (the page's countdown) */
  resendIn: z.number().int(),
  /** where the code went when no SMS gateway is connected (the log-only sender), else null */
  demoHint: z.string().nullable(),
  /** the code itself, only where the server is told to show it (SMS_REVEAL_CODES, a demo or browser test) */
  demoCode: z.string().nullable(),
});
export type OwnerSmsCodeResult = z.infer<typeof ownerSmsCodeResult>;

export const ownerSignInInput = z.strictObject({
  phone: ownerPhone,
  code: z
    .string({ error: '请输入验证码' })
    .trim()
    .min(1, '请输入验证码')
    .regex(/^\d{6}$/, '验证码为6位数字'),
});
export type OwnerSignInInput = z.input<typeof ownerSignInInput>;
export const ownerSession = z.object({ token: z.string(), expiresIn: z.number().int() });
export type OwnerSession = z.infer<typeof ownerSession>;

const sixDigits = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .regex(/^\d{6}$/, '验证码为6位数字');

/** 更换手机号: the new number gets a code, and so does the old one the owner still has. */
export const ownerPhoneCodesInput = z.strictObject({ phone: ownerPhone });
export const ownerPhoneCodesResult = z.object({
  oldSentTo: z.string(),
  newSentTo: z.string(),
  expiresIn: z.number().int(),
  resendIn: z.number().int(),
  demoHint: z.string().nullable(),
  /** the two codes, only where the server is told to show them (SMS_REVEAL_CODES) */
  demoCodes: z.object({ old: z.string(), new: z.string() }).nullable(),
});
export type OwnerPhoneCodesResult = z.infer<typeof ownerPhoneCodesResult>;
export const ownerPhoneInput = z.strictObject({ phone: ownerPhone, oldCode: sixDigits('请输入原手机号收到的验证码'), newCode: sixDigits('请输入新手机号收到的验证码') });
export type OwnerPhoneInput = z.input<typeof ownerPhoneInput>;

/** 我的: only what the owner's own pages show. */
export const ownerProfile = z.object({ phone: z.string(), nickname: z.string(), registeredAt: z.string() });
export type OwnerProfile = z.infer<typeof ownerProfile>;

export const ownerVehicle = customerVehicle.pick({ id: true, plateNumber: true, plateColour: true, state: true, boundAt: true });
export type OwnerVehicle = z.infer<typeof ownerVehicle>;

/** One thing the owner was told (a decision on their 行驶证 or claim), newest first. */
export const ownerNotice = z.object({ id: z.string(), title: z.string(), content: z.string(), createdAt: z.string() });
export type OwnerNotice = z.infer<typeof ownerNotice>;

/** 绑定车辆 on the phone: the owner is the signed-in one. */
export const ownerBindInput = vehicleBindInput.omit({ customerId: true });
export type OwnerBindInput = z.input<typeof ownerBindInput>;

/** One stay as the owner (and the owner's detail in the console) sees it. Money in fen. */
export const ownerStay = z.object({
  id: z.string(),
  lotName: z.string(),
  plateNumber: z.string(),
  /** dictionary 车牌颜色: the same characters on another colour are another vehicle */
  plateColour: z.number().int(),
  enteredAt: z.string().nullable(),
  exitedAt: z.string().nullable(),
  /** entry to exit, or to now for a car still in */
  durationSeconds: z.number().int(),
  amountDue: z.number().int(),
  discount: z.number().int(),
  paid: z.number().int(),
  unpaid: z.number().int(),
  state: z.enum(parkingRecordStates),
});
export type OwnerStay = z.infer<typeof ownerStay>;

export const ownerStayQuery = z.strictObject({ currentPage: pageQuery.shape.currentPage, pageSize: pageQuery.shape.pageSize });
export type OwnerStayQuery = z.input<typeof ownerStayQuery>;
export const ownerStayPage = pagedList(ownerStay);

/** The stays left unpaid (欠费), newest first, and what they come to. */
export const ownerArrears = z.object({ owed: z.number().int(), list: z.array(ownerStay) });
export type OwnerArrears = z.infer<typeof ownerArrears>;
export const ownerPayResult = z.object({ cashierUrl: z.string() });

/** The console's 车主详情: the owner's stays in every lot, paged, with what they paid and owe in all. */
export const customerStaysPath = '/api/system/Customer/:id/Stays';
export const customerStayQuery = z.strictObject({
  currentPage: pageQuery.shape.currentPage,
  pageSize: pageQuery.shape.pageSize,
  /** only the stays left unpaid (欠费) */
  unpaidOnly: z.enum(['0', '1'], { error: '只看欠费只能是 0 或 1' }).optional(),
});
export type CustomerStayQuery = z.input<typeof customerStayQuery>;
export const customerStays = pagedList(ownerStay).extend({
  /** what the owner's stays left unpaid come to */
  owed: z.number().int(),
  /** what the owner's stays have been paid in all */
  paid: z.number().int(),
});
export type CustomerStays = z.infer<typeof customerStays>;

/** The console's 车主详情 支付记录: the payments of the owner's plates in every lot, newest first, paged. */
export const customerPaymentsPath = '/api/system/Customer/:id/Payments';
export const customerPaymentQuery = z.strictObject({ currentPage: pageQuery.shape.currentPage, pageSize: pageQuery.shape.pageSize });
export type CustomerPaymentQuery = z.input<typeof customerPaymentQuery>;

/**
 * When in the stay the money was taken: while the car was still in (场内预付), at the exit (出场缴费),
 * or after it had left owing (欠费追缴, the payment wrote a recovery record).
 */
export const paymentStages = ['prepaid', 'exit', 'pursuit'] as const;
export type PaymentStage = (typeof paymentStages)[number];
export const paymentStageNames: Readonly<Record<PaymentStage, string>> = { prepaid: '场内预付', exit: '出场缴费', pursuit: '欠费追缴' };

/** One payment as 车主详情 lists it. Money in fen. */
export const customerPayment = z.object({
  id: z.string(),
  recordId: z.string(),
  paidAt: z.string(),
  lotName: z.string(),
  plateNumber: z.string(),
  plateColour: z.number().int(),
  channel: z.enum(paymentChannels),
  amount: z.number().int(),
  /** fen given back by approved refunds; the whole amount is a payment refunded in full */
  refunded: z.number().int(),
  stage: z.enum(paymentStages),
});
export type CustomerPayment = z.infer<typeof customerPayment>;
export const customerPayments = pagedList(customerPayment);
export type CustomerPayments = z.infer<typeof customerPayments>;

/** 车主's 欠费 column: what the owners of one list page owe now, in one call. */
export const customerOwedPath = '/api/system/Customer/Actions/Owed';
export const customerOwedQuery = z.strictObject({
  ids: z
    .string({ error: '请指定车主' })
    .trim()
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string())
        .min(1, '请指定车主')
        .max(200, '一次最多查询200位车主')
        .refine((ids) => ids.every((id) => z.uuid().safeParse(id).success), '车主编号格式不正确'),
    ),
});
export type CustomerOwedQuery = z.input<typeof customerOwedQuery>;
/** one row per owner asked for; an owner with no arrears owes 0 */
export const customerOwed = z.array(z.object({ customerId: z.string(), owed: z.number().int() }));
