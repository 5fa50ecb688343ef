import { z } from 'zod';
import { boundedDay } from '../common/bounded-time.js';
import { resourcePaths } from '../common/endpoint.js';
import { pagedList, pageQuery } from '../common/paging.js';
import { privatePhotoMessages, privatePhotoRules } from '../common/private-photo.js';
import { refuseReversedRange } from '../common/query-fields.js';
import { vehicleBindInput, vehicleBindingStates } from './customer.schema.js';

/**
 * 车辆认证审核 (customer/CarAuthenticationAudit): an owner's 行驶证 photo for one plate, decided by staff.
 * A request is either 认证 of the owner's own vehicle, or 过户申诉: a claim on a plate another owner
 * holds (认证中 or 已认证), which moves the plate to the claimant when approved.
 */
export const vehicleAuthPaths = {
  ...resourcePaths('/api/system/CarAuthentication'),
  /** the 行驶证 photo (image bytes), for staff of the page only */
  photo: '/api/system/CarAuthentication/:id/Photo',
  approve: '/api/system/CarAuthentication/:id/Actions/Approve',
  reject: '/api/system/CarAuthentication/:id/Actions/Reject',
  /** 批量通过: refused whole when any chosen request is not 待审核 */
  batchApprove: '/api/system/CarAuthentication/Actions/BatchApprove',
  /** 后台录入's pickers, for holders of this page who may hold neither 车主 nor 车辆: vehicles by plate, owners by phone */
  vehicles: '/api/system/CarAuthentication/Actions/Vehicles',
  owners: '/api/system/CarAuthentication/Actions/Owners',
} as const;

export const vehicleAuthKinds = ['verify', 'claim'] as const;
export type VehicleAuthKind = (typeof vehicleAuthKinds)[number];
export const vehicleAuthKindNames: Readonly<Record<VehicleAuthKind, string>> = { verify: '认证', claim: '过户申诉' };

export const vehicleAuthStatuses = ['pending', 'approved', 'rejected'] as const;
export type VehicleAuthStatus = (typeof vehicleAuthStatuses)[number];
export const vehicleAuthStatusNames: Readonly<Record<VehicleAuthStatus, string>> = { pending: '待审核', approved: '已通过', rejected: '已驳回' };

/** The 行驶证 photo: judged by its bytes, JPEG, PNG or WebP, at most 5 MB. */
export const vehicleAuthPhotoRules = privatePhotoRules;
export const vehicleAuthPhotoMessages = privatePhotoMessages('行驶证照片');
/** how many days after the decision a request's photo is kept, unless configured otherwise */
export const defaultVehicleAuthPhotoDays = 30;

/**
 * 后台录入 (staff submit on an owner's behalf; the photo is the multipart field `file`): 认证 names the
 * owner's vehicle; 过户申诉 names the claimant and the plate another owner holds.
 */
export const vehicleAuthSubmitQuery = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('verify'), vehicleId: z.uuid({ error: '请选择要认证的车辆' }) }),
    z.strictObject({
      kind: z.literal('claim'),
      customerId: vehicleBindInput.shape.customerId,
      plateNumber: vehicleBindInput.shape.plateNumber,
      plateColour: z.coerce.number({ error: '请选择车牌颜色' }).int('请选择车牌颜色').min(0, '请选择车牌颜色').max(4, '请选择车牌颜色').default(0),
    }),
  ],
  { error: '申请类型只能是认证（verify）或过户申诉（claim）' },
);
export type VehicleAuthSubmitQuery = z.input<typeof vehicleAuthSubmitQuery>;
export type VehicleAuthSubmitValues = z.output<typeof vehicleAuthSubmitQuery>;

export const vehicleAuthRejectInput = z.strictObject({
  reason: z.string({ error: '请填写驳回原因' }).trim().min(1, '请填写驳回原因').max(200, '驳回原因最长200个字'),
});
export type VehicleAuthRejectInput = z.input<typeof vehicleAuthRejectInput>;
export type VehicleAuthRejectValues = z.output<typeof vehicleAuthRejectInput>;
/** how many requests one 批量通过 may take */
export const vehicleAuthBatchLimit = 100;

export const vehicleAuthBatchInput = z.strictObject({
  ids: z
    .array(z.uuid({ error: '申请编号格式不正确' }), { error: '请选择要通过的申请' })
    .min(1, '请选择要通过的申请')
    .max(vehicleAuthBatchLimit, `一次最多通过${vehicleAuthBatchLimit}条申请`),
});
export type VehicleAuthBatchInput = z.input<typeof vehicleAuthBatchInput>;

/** 后台录入's vehicle picker: the first bound vehicles whose plate holds these characters. */
export const vehicleAuthVehicleQuery = z.strictObject({ plateNumber: z.string().trim().toUpperCase().max(16, '车牌号最长16位').optional() });
export type VehicleAuthVehicleQuery = z.input<typeof vehicleAuthVehicleQuery>;
/** how many vehicles or owners a picker offers at once */
export const vehicleAuthPickerLimit = 20;

/** filters shared by the list and its export; the dates are Shanghai days of the submission, both ends included */
export const vehicleAuthListQuery = z
  .strictObject({
    ...pageQuery.shape,
    sidx: z.enum(['createdAt', 'decidedAt'], { error: '不支持的排序字段' }).optional(),
    status: z.enum(vehicleAuthStatuses, { error: '审核状态只能是待审核、已通过或已驳回' }).optional(),
    kind: z.enum(vehicleAuthKinds, { error: '申请类型只能是认证或过户申诉' }).optional(),
    plateNumber: z.string().trim().toUpperCase().max(16, '车牌号最长16位').optional(),
    phone: z.string().trim().max(11, '手机号最长11位').optional(),
    createdFrom: boundedDay('申请开始日期').optional(),
    createdTo: boundedDay('申请结束日期').optional(),
  })
  .superRefine((q, ctx) => refuseReversedRange(ctx, q, 'createdFrom', 'createdTo', '申请结束日期不能早于开始日期'));
export type VehicleAuthListQuery = z.input<typeof vehicleAuthListQuery>;
export type VehicleAuthListValues = z.output<typeof vehicleAuthListQuery>;

export const vehicleAuthRequest = z.object({
  id: z.string(),
  kind: z.enum(vehicleAuthKinds),
  status: z.enum(vehicleAuthStatuses),
  customerId: z.string(),
  /** the owner's whole number: the console masks it on a list, the export masks it */
  customerPhone: z.string(),
  customerNickname: z.string(),
  /** the owner's vehicle the request is about; a claim has none until it is approved */
  vehicleId: z.string().nullable(),
  /** that vehicle's binding state now */
  vehicleState: z.enum(vehicleBindingStates).nullable(),
  plateNumber: z.string(),
  plateColour: z.number().int(),
  /** a claim: who held the plate when it was filed */
  holderCustomerId: z.string().nullable(),
  holderPhone: z.string().nullable(),
  /** false once the photo is removed, some days after the decision */
  hasPhoto: z.boolean(),
  photoRemovedAt: z.string().nullable(),
  /** 后台录入: the staff member who submitted it; null when the owner did */
  submittedByName: z.string().nullable(),
  rejectReason: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type VehicleAuthRequest = z.infer<typeof vehicleAuthRequest>;
export const vehicleAuthPage = pagedList(vehicleAuthRequest);
