import { z } from 'zod';
import { boundedDay } from '../common/bounded-time.js';
import { resourcePaths } from '../common/endpoint.js';
import { plateNumberPattern } from '../common/filters.js';
import { pagedList, pageQuery } from '../common/paging.js';
import { refuseReversedRange } from '../common/query-fields.js';
import { mobileMessage, mobilePattern } from '../common/rules.js';
import { reviewedStay } from './reviewed-stay.schema.js';
import { servicePhoto } from './service-photo.schema.js';

/**
 * 客户投诉 (ParkingOperations/customerComplain): a driver's complaint, taken by phone, from the owner's
 * phone pages, from a WeChat Pay complaint or entered by staff, answered as a thread until 已完成, within
 * a deadline the tenant sets.
 */
export const complaintPaths = {
  ...resourcePaths('/api/system/CustomerComplain'),
  /** a staff reply: the first one moves 待处理 to 处理中 */
  reply: '/api/system/CustomerComplain/:id/Actions/Reply',
  /** 办结: the result closes the thread as 已完成 */
  complete: '/api/system/CustomerComplain/:id/Actions/Complete',
  /** the tenant's 处理时限 (hours from receipt), read and set on the page */
  settings: '/api/system/CustomerComplain/Settings',
  /** the owner's phone pages: their complaints, and filing one */
  owner: '/api/open/owner/complaints',
  /** the owner's supplement to a thread of theirs not yet 已完成 */
  ownerReply: '/api/open/owner/complaints/:id/reply',
  /** a driver on the order page (扫码出场's record, named by its signed record token) disputes that stay */
  record: '/api/open/complaints/record',
  /** staff add a photo to a complaint entered in the console (multipart field `file`) */
  photos: '/api/system/CustomerComplain/:id/Photos',
  /** one photo's bytes for staff of the page; staff remove one they added */
  photo: '/api/system/CustomerComplain/:id/Photos/:photoId',
  ownerPhotos: '/api/open/owner/complaints/:id/photos',
  ownerPhoto: '/api/open/owner/complaints/:id/photos/:photoId',
  /** the order page's complaint, with the record token it was filed with */
  recordPhotos: '/api/open/complaints/record/:id/photos',
  recordPhoto: '/api/open/complaints/record/:id/photos/:photoId',
} as const;

export const complaintCategories = ['billing', 'cloned_plate', 'space_device', 'barrier', 'attitude', 'payment', 'invoice', 'other'] as const;
export type ComplaintCategory = (typeof complaintCategories)[number];
export const complaintCategoryNames: Readonly<Record<ComplaintCategory, string>> = {
  billing: '计费错误',
  cloned_plate: '套牌',
  space_device: '车位/设备异常',
  barrier: '道闸',
  attitude: '服务态度',
  payment: '支付',
  invoice: '发票',
  other: '其他',
};

export const complaintChannels = ['phone', 'owner_page', 'wechat_pay', 'console'] as const;
export type ComplaintChannel = (typeof complaintChannels)[number];
export const complaintChannelNames: Readonly<Record<ComplaintChannel, string>> = {
  phone: '电话',
  owner_page: '车主页面',
  wechat_pay: '微信支付投诉',
  console: '后台录入',
};
/** what staff may enter by hand; 车主页面 is the owner's own filing */
export const staffComplaintChannels = ['phone', 'wechat_pay', 'console'] as const satisfies readonly ComplaintChannel[];

/** 待处理 → 处理中 (the first reply) → 已完成 */
export const complaintStatuses = ['pending', 'processing', 'done'] as const;
export type ComplaintStatus = (typeof complaintStatuses)[number];
export const complaintStatusNames: Readonly<Record<ComplaintStatus, string>> = { pending: '待处理', processing: '处理中', done: '已完成' };

/** 处理时限: hours from receipt, per tenant; a new tenant has 48 */
export const defaultComplaintDeadlineHours = 48;
export const complaintDeadlineLimits = { min: 1, max: 720 } as const;
export const complaintTextMax = 500;

const text = (label: string, max = complaintTextMax) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}最长${max}个字`);
const contactPhone = z.string({ error: '请输入联系电话' }).trim().min(1, '请输入联系电话').regex(mobilePattern, mobileMessage);
const categoryField = z.enum(complaintCategories, { error: '请选择投诉类型' });
const optionalPlate = z
  .string({ error: '车牌号必须是文字' })
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || plateNumberPattern.test(v), '请输入正确的车牌号，如 粤B12345')
  .default('');

/** 新增投诉 by staff, from a call, a WeChat Pay complaint or a visit. */
export const complaintInput = z.strictObject({
  category: categoryField,
  channel: z.enum(staffComplaintChannels, { error: '请选择投诉渠道（电话、微信支付投诉或后台录入）' }),
  content: text('投诉内容'),
  contactName: z.string({ error: '联系人必须是文字' }).trim().max(32, '联系人最长32个字').default(''),
  contactPhone,
  plateNumber: optionalPlate,
  /** the stay complained about, when there is one */
  recordId: z.uuid({ error: '停车记录编号格式不正确' }).nullable().default(null),
  /** when it was received (a call logged afterwards); now when left out; never in the future */
  receivedAt: z.iso.datetime({ offset: true, error: '受理时间格式应为 ISO 8601，如 2026-03-03T08:00:00+08:00' }).optional(),
});
export type ComplaintInput = z.input<typeof complaintInput>;
export type ComplaintValues = z.output<typeof complaintInput>;

/** The owner's own filing from the phone pages: the phone is the signed-in owner's. */
export const ownerComplaintInput = z.strictObject({
  category: categoryField,
  content: text('投诉内容'),
  plateNumber: optionalPlate,
  recordId: z.uuid({ error: '停车记录编号格式不正确' }).nullable().default(null),
});
export type OwnerComplaintInput = z.input<typeof ownerComplaintInput>;
export type OwnerComplaintValues = z.output<typeof ownerComplaintInput>;

/** From the driver's order page: the stay is the one the record token names; the driver leaves a phone to be called back on. */
export const recordComplaintInput = z.strictObject({
  o: z.string({ error: '缺少订单参数' }).trim().min(1, '缺少订单参数').max(1024, '二维码无效或已被篡改'),
  category: categoryField,
  content: text('投诉内容'),
  contactPhone,
});
export type RecordComplaintInput = z.input<typeof recordComplaintInput>;
/** the complaint's id lets the order page add its photos, with the same record token */
export const recordComplaintFiled = z.object({ id: z.string(), receivedAt: z.string(), deadlineAt: z.string() });
export type RecordComplaintFiled = z.infer<typeof recordComplaintFiled>;

export const complaintReplyInput = z.strictObject({ content: text('回复内容') });
export type ComplaintReplyInput = z.input<typeof complaintReplyInput>;
export const complaintCompleteInput = z.strictObject({ result: text('处理结果') });
export type ComplaintCompleteInput = z.input<typeof complaintCompleteInput>;

export const complaintSettings = z.object({ deadlineHours: z.number().int() });
export type ComplaintSettings = z.infer<typeof complaintSettings>;
export const complaintSettingsInput = z.strictObject({
  deadlineHours: z
    .number({ error: '处理时限必须是整数小时' })
    .int('处理时限必须是整数小时')
    .min(complaintDeadlineLimits.min, `处理时限最少${complaintDeadlineLimits.min}小时`)
    .max(complaintDeadlineLimits.max, `处理时限最多${complaintDeadlineLimits.max}小时`),
});
export type ComplaintSettingsInput = z.input<typeof complaintSettingsInput>;

/** 1 yes, 0 no, as the console's other yes/no filters */
const yesNoFilter = (label: string) =>
  z.coerce
    .number({ error: `${label}只能是 1（是）或 0（否）` })
    .int()
    .refine((v) => v === 0 || v === 1, `${label}只能是 1（是）或 0（否）`);

/** filters shared by the list and its export; the dates are Shanghai days, both ends included */
export const complaintListQuery = z
  .strictObject({
    ...pageQuery.shape,
    sidx: z.enum(['receivedAt', 'deadlineAt'], { error: '不支持的排序字段' }).optional(),
    status: z.enum(complaintStatuses, { error: '处理状态只能是待处理、处理中或已完成' }).optional(),
    category: z.enum(complaintCategories, { error: '不支持的投诉类型' }).optional(),
    channel: z.enum(complaintChannels, { error: '不支持的投诉渠道' }).optional(),
    /** the contact phone holds these digits */
    phone: z.string().trim().max(11, '手机号最长11位').optional(),
    plateNumber: z.string().trim().toUpperCase().max(16, '车牌号最长16位').optional(),
    /** 1: overdue (open past the deadline, or completed after it); 0: on time */
    overdue: yesNoFilter('是否逾期').optional(),
    receivedFrom: boundedDay('受理开始日期').optional(),
    receivedTo: boundedDay('受理结束日期').optional(),
  })
  .superRefine((q, ctx) => refuseReversedRange(ctx, q, 'receivedFrom', 'receivedTo', '受理结束日期不能早于开始日期'));
export type ComplaintListQuery = z.input<typeof complaintListQuery>;
export type ComplaintListValues = z.output<typeof complaintListQuery>;

export const complaint = z.object({
  id: z.string(),
  category: z.enum(complaintCategories),
  channel: z.enum(complaintChannels),
  status: z.enum(complaintStatuses),
  content: z.string(),
  contactName: z.string(),
  /** whole: the console masks it on the list, the export masks it */
  contactPhone: z.string(),
  plateNumber: z.string(),
  plateColour: z.number().int().nullable(),
  recordId: z.string().nullable(),
  /** the owner account the complaint belongs to, when the contact phone is one */
  customerId: z.string().nullable(),
  receivedAt: z.string(),
  deadlineAt: z.string(),
  /** open past its deadline, or completed after it */
  overdue: z.boolean(),
  replyCount: z.number().int(),
  completedAt: z.string().nullable(),
  completedByName: z.string().nullable(),
  result: z.string(),
  createdByName: z.string().nullable(),
});
export type Complaint = z.infer<typeof complaint>;
/** a page of complaints, and how many of the tenant's are open past their deadline whatever the filter */
export const complaintPage = pagedList(complaint).extend({ overdueOpen: z.number().int() });
export type ComplaintPage = z.infer<typeof complaintPage>;

export const complaintReplyAuthors = ['staff', 'owner'] as const;
export const complaintReply = z.object({
  id: z.string(),
  author: z.enum(complaintReplyAuthors),
  authorName: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type ComplaintReply = z.infer<typeof complaintReply>;

/** the stay complained about, as the reviewer needs it beside the thread */
export const complaintRecord = reviewedStay;
export const complaintDetail = complaint.extend({ replies: z.array(complaintReply), record: complaintRecord.nullable(), photos: z.array(servicePhoto) });
export type ComplaintDetail = z.infer<typeof complaintDetail>;

/** what the owner sees of their own complaints: the thread, without staff names */
export const ownerComplaint = complaint
  .pick({ id: true, category: true, status: true, content: true, plateNumber: true, recordId: true, receivedAt: true, deadlineAt: true, completedAt: true, result: true })
  .extend({ replies: z.array(complaintReply.omit({ authorName: true })), photos: z.array(servicePhoto) });
export type OwnerComplaint = z.infer<typeof ownerComplaint>;
