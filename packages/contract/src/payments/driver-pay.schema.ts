import { z } from 'zod';
import { boundedTime } from '../common/bounded-time.js';
import { plateNumberPattern } from '../common/filters.js';

/**
 * The driver's scan-to-exit and scan-to-pay calls (no sign-in). A lane's exit QR holds a signed
 * scan token (`t`); the record the driver sees is named by a signed, expiring record token (`o`),
 * never by a record id.
 */
export const driverPayPaths = {
  /** `?t=<lane scan token>`: the lot and lane, and the plate the lane's exit camera read just now */
  exitLane: '/api/open/payments/exit',
  /** finds the open record at the token's lot by plate: answers a record token */
  findByPlate: '/api/open/payments/records/find',
  /** `?o=<record token>`: what the record page shows */
  record: '/api/open/payments/records',
  /** starts a payment of the record's unpaid amount: answers the cashier URL */
  pay: '/api/open/payments/records/pay',
  /** `?o=<record token>`: the 商户优惠码 of a car still in, the merchant page's address it holds */
  stayCode: '/api/open/payments/records/stay-code',
  /** `?o=<record token>`: the same code as a PNG */
  stayCodePng: '/api/open/payments/records/stay-code.png',
  /** the sandbox provider's asynchronous, signed payment notice */
  sandboxNotify: '/api/open/payments/sandbox/notify',
} as const;

/** The sandbox provider's own pages: its cashier and the buttons on it. */
export const sandboxCashierPaths = {
  page: '/sandbox/cashier/:no',
  confirm: '/sandbox/cashier/:no/confirm',
  cancel: '/sandbox/cashier/:no/cancel',
} as const;

/** The header carrying hex HMAC-SHA256(provider secret, raw body) of a sandbox notice. */
export const sandboxSignatureHeader = 'x-sandbox-signature';

/** Staff: the URL an attendant's PDA shows as 收款二维码 for one record. */
export const recordPayQrCodePath = '/api/system/ParkingRecord/:id/payQrCode';

/** The phone pages, as hash routes of the web app. */
export const driverPagePaths = { scan: '/scanQRcode', record: '/orderInfoByQRcode', pda: '/pdaScanQrcode' } as const;

/** Provinces of the plate keyboard, in the order drivers know them. */
export const plateProvinces = [...'京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼'] as const;

const tokenText = (missing: string) => z.string({ error: missing }).trim().min(1, missing).max(1024, '二维码无效或已被篡改');

export const exitLaneQuery = z.strictObject({ t: tokenText('缺少二维码参数') });
export const exitLaneInfo = z.object({
  lotName: z.string(),
  laneName: z.string(),
  /** what the lane's exit camera read within the last few minutes, if anything */
  recentPlate: z.string().nullable(),
});
export type ExitLaneInfo = z.infer<typeof exitLaneInfo>;

export const driverPlate = z.string({ error: '请输入车牌号' }).trim().toUpperCase().min(1, '请输入车牌号').regex(plateNumberPattern, '车牌号格式不正确，如 粤B12345 或新能源 粤BD12345');

export const findRecordInput = z.strictObject({ t: tokenText('缺少二维码参数'), plateNumber: driverPlate });
export const recordToken = z.object({
  /** signed and expiring: put it in the order page's URL as `o` */
  recordToken: z.string(),
});
export type RecordTokenAnswer = z.infer<typeof recordToken>;

export const recordQuery = z.strictObject({ o: tokenText('缺少订单参数') });
export const payRecordInput = z.strictObject({ o: tokenText('缺少订单参数') });
export const payRecordResult = z.object({ cashierUrl: z.string() });
export type PayRecordResult = z.infer<typeof payRecordResult>;

/** unpaid: something to pay; paid: paid and nothing more owed; free: nothing to pay (free period, long-rental card) */
export const driverRecordStates = ['unpaid', 'paid', 'free'] as const;
export type DriverRecordState = (typeof driverRecordStates)[number];

/** What a driver is told where online payment is not offered (PAYMENT_PROVIDER=none). */
export const noOnlinePayMessage = '暂未开通线上支付，请到收费处缴费';

/** Only what the driver's record page shows: no staff data, no ids. Money in fen. */
export const driverRecord = z.object({
  lotName: z.string(),
  plateNumber: z.string(),
  enteredAt: z.string().nullable(),
  /** the exit time, or now while the car is still in */
  until: z.string(),
  /** true once the car has left (the exit camera read it) */
  exited: z.boolean(),
  durationSeconds: z.number().int(),
  amountDue: z.number().int(),
  discount: z.number().int(),
  paid: z.number().int(),
  unpaid: z.number().int(),
  state: z.enum(driverRecordStates),
  graceMinutes: z.number().int(),
  /** paid and still in: leave before this and nothing more is charged */
  leaveBefore: z.string().nullable(),
  /** a payment was started and its result has not come back yet */
  paying: z.boolean(),
  /** whether the operator takes payments online; when not, the driver pays at the booth */
  onlinePay: z.boolean(),
});
export type DriverRecord = z.infer<typeof driverRecord>;

/** What the sandbox provider posts to our notify URL (signed, see sandboxSignatureHeader). */
export const sandboxNotice = z.strictObject({
  gatewayOrderNo: z.string().min(1).max(64),
  tradeNo: z.string().min(1).max(64),
  amount: z.number().int().min(0),
  state: z.enum(['paid', 'closed']),
  /** when the provider decided the trade; inside the business window, and not past our clock (checked on receipt) */
  at: boundedTime('通知时间'),
});
export type SandboxNotice = z.infer<typeof sandboxNotice>;
export const sandboxNoticeResult = z.object({ state: z.enum(['created', 'paid', 'closed']) });

/** 商户优惠码: the merchant page's address with a stay token, shown to a merchant to scan; expires. */
export const stayCode = z.object({ url: z.string(), expiresAt: z.string() });
export type StayCode = z.infer<typeof stayCode>;

export const recordPayQrCode = z.object({ url: z.string(), expiresAt: z.string() });
export type RecordPayQrCode = z.infer<typeof recordPayQrCode>;
