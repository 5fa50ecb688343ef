import { z } from 'zod';
import { resourcePaths } from '../common/endpoint.js';
import { pagedList, pageQuery } from '../common/paging.js';
import { emailMessage, emailPattern } from '../common/rules.js';

export const invoicePaths = {
  ...resourcePaths('/api/system/Invoice'),
  issue: '/api/system/Invoice/:id/Actions/Issue',
  query: '/api/system/Invoice/:id/Actions/Query',
  redFlush: '/api/system/Invoice/:id/Actions/RedFlush',
  upload: '/api/system/Invoice/:id/Actions/Upload',
  pdf: '/api/system/Invoice/:id/Pdf',
  owner: '/api/open/owner/invoices',
  /** the driver's order page: `?o=<record token>` lists, a POST with `o` asks */
  record: '/api/open/payments/records/invoices',
  recordPdf: '/api/open/payments/records/invoices/:id/Pdf',
  ownerPayments: '/api/open/owner/invoices/payments',
  ownerPdf: '/api/open/owner/invoices/:id/Pdf',
  /** the platform's callback: it only says which order to ask about, so it needs no signature */
  notify: '/api/open/invoice/notify',
} as const;

/**
 * 待开票 (asked for, waits for staff) → 开票中 (at the provider) → 已开票 or 开票失败 (retryable);
 * an issued invoice whose payment is refunded becomes 待红冲, and 已红冲 once the provider reverses it.
 */
export const invoiceStates = ['pending', 'issuing', 'issued', 'failed', 'redPending', 'redFlushed'] as const;
export type InvoiceState = (typeof invoiceStates)[number];
export const invoiceStateNames: Readonly<Record<InvoiceState, string>> = {
  pending: '待开票',
  issuing: '开票中',
  issued: '已开票',
  failed: '开票失败',
  redPending: '待红冲',
  redFlushed: '已红冲',
};

export const buyerTypes = ['personal', 'company'] as const;
export type BuyerType = (typeof buyerTypes)[number];
export const buyerTypeNames: Readonly<Record<BuyerType, string>> = { personal: '个人', company: '单位' };

/** 统一社会信用代码: 18 characters of digits and capitals without I, O, Z, S, V, with its check character. */
const creditCodeChars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const creditCodeWeights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
export const isCreditCode = (value: string): boolean => {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(value)) return false;
  const sum = creditCodeWeights.reduce((total, weight, i) => total + creditCodeChars.indexOf(value[i]!) * weight, 0);
  return creditCodeChars[(31 - (sum % 31)) % 31] === value[17];
};
export const taxNumberMessage = '纳税人识别号应为18位统一社会信用代码（数字和大写字母，校验位正确）';

/** The buyer an invoice is made out to, as both request forms ask for it. */
const buyerFields = {
  buyerType: z.enum(buyerTypes, { error: '抬头类型只能是个人或单位' }),
  buyerTitle: z.string({ error: '请填写发票抬头' }).trim().min(1, '请填写发票抬头').max(100, '发票抬头最长100个字'),
  taxNumber: z.string({ error: '纳税人识别号必须是文字' }).trim().toUpperCase().default(''),
  email: z.string({ error: '请填写接收邮箱' }).trim().min(1, '请填写接收邮箱').max(100, '接收邮箱最长100个字').regex(emailPattern, emailMessage),
};
/** A company needs its 统一社会信用代码; a person may give one, and then it must be valid. */
const checkTaxNumber = (value: { buyerType: BuyerType; taxNumber: string }, ctx: z.RefinementCtx) => {
  if (value.buyerType === 'company' && !isCreditCode(value.taxNumber)) ctx.addIssue({ code: 'custom', path: ['taxNumber'], message: taxNumberMessage });
  if (value.buyerType === 'personal' && value.taxNumber !== '' && !isCreditCode(value.taxNumber)) ctx.addIssue({ code: 'custom', path: ['taxNumber'], message: taxNumberMessage });
};
export const invoiceBuyerInput = z.strictObject(buyerFields).superRefine(checkTaxNumber);
export type InvoiceBuyerInput = z.input<typeof invoiceBuyerInput>;
export type InvoiceBuyerValues = z.output<typeof invoiceBuyerInput>;

export const invoiceRequestInput = z
  .strictObject({
    paymentIds: z
      .array(z.uuid('支付记录编号格式不正确'), { error: '请选择要开票的支付记录' })
      .min(1, '请选择要开票的支付记录')
      .max(100, '一次最多为100笔支付开票')
      .refine((ids) => new Set(ids).size === ids.length, '支付记录不能重复选择'),
    ...buyerFields,
  })
  .superRefine(checkTaxNumber);
export type InvoiceRequestInput = z.input<typeof invoiceRequestInput>;
export type InvoiceRequestValues = z.output<typeof invoiceRequestInput>;

export const invoiceListQuery = z.strictObject({
  ...pageQuery.shape,
  sidx: z.enum(['requestedAt', 'amount'], { error: '排序字段只能是 requestedAt 或 amount' }).optional(),
  state: z.enum(invoiceStates, { error: `开票状态只能是 ${invoiceStates.join('、')}` }).optional(),
  keyword: z.string().trim().min(1, '关键字不能为空').max(64, '关键字最长64个字').optional(),
  lotId: z.uuid('停车场编号格式不正确').optional(),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuery>;
export type InvoiceListValues = z.output<typeof invoiceListQuery>;

export const invoiceItem = z.object({
  paymentId: z.string(),
  recordId: z.string(),
  plateNumber: z.string(),
  /** fen invoiced for this payment */
  amount: z.number().int(),
  paidAt: z.string(),
});
export type InvoiceItem = z.infer<typeof invoiceItem>;

export const invoice = z.object({
  id: z.string(),
  /** ours, sent to the provider; a retried submit carries the same one */
  orderNo: z.string(),
  lotId: z.string(),
  lotName: z.string(),
  phone: z.string(),
  buyerType: z.enum(buyerTypes),
  buyerTitle: z.string(),
  taxNumber: z.string(),
  email: z.string(),
  /** fen */
  amount: z.number().int(),
  state: z.enum(invoiceStates),
  provider: z.string(),
  invoiceNo: z.string().nullable(),
  /** 发票代码 of an older 电子普通发票 (with its 8-digit number); empty for a 数电发票 and whatever the platform issued */
  invoiceCode: z.string(),
  /** why the provider refused, or why it is to be red-flushed */
  cause: z.string(),
  hasPdf: z.boolean(),
  /** the invoice this one reissues after a red-flush */
  reissueOf: z.string().nullable(),
  requestedAt: z.string(),
  issuedAt: z.string().nullable(),
  redFlushedAt: z.string().nullable(),
  items: z.array(invoiceItem),
});
export type Invoice = z.infer<typeof invoice>;
export const invoicePage = pagedList(invoice);

/** A paid payment of the owner that can still be invoiced. */
export const invoiceablePayment = z.object({
  paymentId: z.string(),
  recordId: z.string(),
  plateNumber: z.string(),
  lotId: z.string(),
  lotName: z.string(),
  /** fen: paid less refunded and refunds waiting */
  amount: z.number().int(),
  paidAt: z.string(),
});
export type InvoiceablePayment = z.infer<typeof invoiceablePayment>;

export const invoiceNotifyInput = z.strictObject({
  orderNo: z
    .string({ error: '请提供开票流水号' })
    .trim()
    .regex(/^[A-Z0-9]{8,64}$/, '开票流水号格式不正确'),
});

const recordTokenText = z.string({ error: '缺少订单参数' }).trim().min(1, '缺少订单参数').max(1024, '二维码无效或已被篡改');
/** The order page's own request: the record (and its tenant) is the one its signed token names, never the body. */
export const recordInvoiceInput = z.strictObject({ o: recordTokenText, ...buyerFields }).superRefine(checkTaxNumber);
export type RecordInvoiceInput = z.input<typeof recordInvoiceInput>;
export type RecordInvoiceValues = z.output<typeof recordInvoiceInput>;
export const recordInvoiceQuery = z.strictObject({ o: recordTokenText });

/** An invoice as the order page shows it: no phone, no ids of payments. */
export const recordInvoice = z.object({
  id: z.string(),
  buyerType: z.enum(buyerTypes),
  buyerTitle: z.string(),
  /** fen */
  amount: z.number().int(),
  state: z.enum(invoiceStates),
  invoiceNo: z.string().nullable(),
  invoiceCode: z.string(),
  hasPdf: z.boolean(),
  requestedAt: z.string(),
  issuedAt: z.string().nullable(),
});
export type RecordInvoice = z.infer<typeof recordInvoice>;
/** The order page's 电子发票: what of its paid online payments can still be invoiced, and the invoices asked for there. */
export const recordInvoices = z.object({
  /** fen: paid online, less refunds, not held by any invoice */
  invoiceable: z.number().int(),
  invoices: z.array(recordInvoice),
});
export type RecordInvoices = z.infer<typeof recordInvoices>;

/**
 * What staff enter with an uploaded PDF, as the paper says it: 发票号码 (20 digits of a 数电发票, or 8 of
 * an older 电子普通发票 with its 10- or 12-digit 发票代码) and 开票日期. Sent as multipart fields.
 */
export const invoiceUploadFields = z
  .strictObject({
    invoiceNo: z
      .string({ error: '请填写发票号码' })
      .trim()
      .min(1, '请填写发票号码')
      .regex(/^(\d{8}|\d{20})$/, '发票号码应为20位数字（数电发票）或8位数字（电子普通发票）'),
    invoiceCode: z
      .string({ error: '发票代码必须是文字' })
      .trim()
      .regex(/^(\d{10}|\d{12})?$/, '发票代码应为10位或12位数字')
      .default(''),
    issuedOn: z
      .string({ error: '请填写开票日期' })
      .trim()
      .min(1, '请填写开票日期')
      .regex(/^\d{4}-\d{2}-\d{2}$/, '开票日期格式应为YYYY-MM-DD')
      .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), '开票日期格式应为YYYY-MM-DD'),
  })
  .superRefine((value, ctx) => {
    if (value.invoiceNo.length === 8 && value.invoiceCode === '') ctx.addIssue({ code: 'custom', path: ['invoiceCode'], message: '8位发票号码须同时填写发票代码' });
    if (value.invoiceNo.length === 20 && value.invoiceCode !== '') ctx.addIssue({ code: 'custom', path: ['invoiceCode'], message: '数电发票（20位号码）没有发票代码，请留空' });
  });
export type InvoiceUploadFieldsInput = z.input<typeof invoiceUploadFields>;
export type InvoiceUploadFieldsValues = z.output<typeof invoiceUploadFields>;

export const invoiceMessages = {
  missing: '发票文件不存在',
  empty: '请选择要上传的发票PDF',
  tooLarge: '发票PDF不能超过5MB',
  wrongType: '只能上传PDF格式的发票',
  notMultipart: '请以 multipart/form-data 上传发票PDF',
  wrongField: '发票PDF应放在 file 字段',
  oneFile: '一次只能上传一个发票PDF',
} as const;
