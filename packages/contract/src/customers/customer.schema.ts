import { z } from 'zod';
import { boundedDay } from '../common/bounded-time.js';
import { resourcePaths } from '../common/endpoint.js';
import { plateNumberPattern } from '../common/filters.js';
import { pagedList, pageQuery } from '../common/paging.js';
import { refuseReversedRange } from '../common/query-fields.js';
import { mobileMessage, mobilePattern } from '../common/rules.js';
import { enabledMarkFilter } from '../parking/area.schema.js';

/** 车主 (customer/customerList): one owner account per phone within a tenant. */
export const customerPaths = {
  ...resourcePaths('/api/system/Customer'),
  /** 启用 / 停用 an owner */
  state: '/api/system/Customer/:id/Actions/State',
} as const;

/** 车辆 (customer/carList): an owner's vehicles, bound and unbound. */
export const customerVehiclePaths = {
  list: '/api/system/CustomerVehicle',
  /** staff bind a plate to an owner (未认证) */
  bind: '/api/system/CustomerVehicle',
  /** 解绑: the vehicle stays in the history as 已解绑 */
  unbind: '/api/system/CustomerVehicle/:id/Actions/Unbind',
  /** 绑定车辆's owner picker: owners found by phone, for holders of 车辆 who may not hold 车主 */
  owners: '/api/system/CustomerVehicle/Actions/Owners',
} as const;

/** Where an owner registered. */
export const customerSources = ['miniapp', 'mp', 'h5', 'console'] as const;
export type CustomerSource = (typeof customerSources)[number];
export const customerSourceNames: Readonly<Record<CustomerSource, string>> = { miniapp: '小程序', mp: '公众号', h5: 'H5', console: '后台' };

/** A vehicle's binding state: 未认证 → 认证中 → 已认证 / 认证失败, and 已解绑. */
export const vehicleBindingStates = ['unverified', 'verifying', 'verified', 'failed', 'unbound'] as const;
export type VehicleBindingState = (typeof vehicleBindingStates)[number];
export const vehicleBindingStateNames: Readonly<Record<VehicleBindingState, string>> = {
  unverified: '未认证',
  verifying: '认证中',
  verified: '已认证',
  failed: '认证失败',
  unbound: '已解绑',
};
/** states in which a plate is claimed: another owner cannot bind it */
export const claimedVehicleStates: readonly VehicleBindingState[] = ['verifying', 'verified'];
/** how many vehicles (not unbound) one owner may hold */
export const maxVehiclesPerCustomer = 5;

const customerPhone = z.string({ error: '请输入手机号' }).trim().min(1, '请输入手机号').regex(mobilePattern, mobileMessage);

/** 新增车主 by staff: the source is 后台. */
export const customerInput = z.strictObject({
  phone: customerPhone,
  nickname: z.string({ error: '昵称必须是文字' }).trim().max(32, '昵称最长32位').default(''),
});
export type CustomerInput = z.input<typeof customerInput>;
export type CustomerValues = z.output<typeof customerInput>;

export const customerStateInput = z.strictObject({ enabled: z.boolean({ error: '启用状态只能是是或否' }) });
export type CustomerStateInput = z.input<typeof customerStateInput>;

/** filters shared by the list and its export; the dates are Shanghai days, both ends included */
export const customerFilter = z.strictObject({
  phone: z.string().trim().max(11, '手机号最长11位').optional(),
  plateNumber: z.string().trim().toUpperCase().max(16, '车牌号最长16位').optional(),
  enabled: enabledMarkFilter().optional(),
  registeredFrom: boundedDay('注册开始日期').optional(),
  registeredTo: boundedDay('注册结束日期').optional(),
});

export const customerListQuery = z
  .strictObject({
    ...pageQuery.shape,
    sidx: z.enum(['registeredAt', 'phone'], { error: '不支持的排序字段' }).optional(),
    ...customerFilter.shape,
  })
  .superRefine((q, ctx) => refuseReversedRange(ctx, q, 'registeredFrom', 'registeredTo', '注册结束日期不能早于开始日期'));
export type CustomerListQuery = z.input<typeof customerListQuery>;
export type CustomerListValues = z.output<typeof customerListQuery>;

export const customerVehicle = z.object({
  id: z.string(),
  customerId: z.string(),
  /** the owner's whole number: the console masks it on a list */
  customerPhone: z.string(),
  plateNumber: z.string(),
  plateColour: z.number().int(),
  state: z.enum(vehicleBindingStates),
  boundAt: z.string(),
  unboundAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type CustomerVehicle = z.infer<typeof customerVehicle>;
export const customerVehiclePage = pagedList(customerVehicle);

export const customer = z.object({
  id: z.string(),
  /** the whole number: the console masks it on the list, the export masks it */
  phone: z.string(),
  nickname: z.string(),
  source: z.enum(customerSources),
  enabled: z.boolean(),
  registeredAt: z.string(),
  /** vehicles bound now (not 已解绑) */
  vehicleCount: z.number().int(),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof customer>;
export const customerPage = pagedList(customer);

/** 车主详情: the owner with every vehicle, unbound ones included, newest first. */
export const customerDetail = customer.extend({ vehicles: z.array(customerVehicle) });
export type CustomerDetail = z.infer<typeof customerDetail>;

/** 绑定车辆 by staff: the vehicle starts 未认证. */
export const vehicleBindInput = z.strictObject({
  customerId: z.uuid({ error: '请选择车主' }),
  plateNumber: z.string({ error: '请输入车牌号' }).trim().toUpperCase().min(1, '请输入车牌号').regex(plateNumberPattern, '请输入正确的车牌号，如 粤B12345'),
  /** dictionary 车牌颜色 (plate_colour): 0 blue, 1 white, 2 yellow, 3 green, 4 black */
  plateColour: z.number({ error: '请选择车牌颜色' }).int('请选择车牌颜色').min(0, '请选择车牌颜色').max(4, '请选择车牌颜色').default(0),
});
export type VehicleBindInput = z.input<typeof vehicleBindInput>;
export type VehicleBindValues = z.output<typeof vehicleBindInput>;

export const vehicleListQuery = z.strictObject({
  ...pageQuery.shape,
  sidx: z.enum(['boundAt', 'plateNumber'], { error: '不支持的排序字段' }).optional(),
  plateNumber: z.string().trim().toUpperCase().max(16, '车牌号最长16位').optional(),
  phone: z.string().trim().max(11, '手机号最长11位').optional(),
  state: z.enum(vehicleBindingStates, { error: '绑定状态只能是未认证、认证中、已认证、认证失败或已解绑' }).optional(),
});
export type VehicleListQuery = z.input<typeof vehicleListQuery>;
export type VehicleListValues = z.output<typeof vehicleListQuery>;

/** 绑定车辆's owner picker: the first owners whose phone holds these digits. */
export const vehicleOwnerQuery = z.strictObject({
  phone: z
    .string()
    .trim()
    .regex(/^\d{0,11}$/, '手机号只能是最多11位数字')
    .optional(),
});
export type VehicleOwnerQuery = z.input<typeof vehicleOwnerQuery>;
export const vehicleOwnerOption = customer.pick({ id: true, phone: true, nickname: true, enabled: true });
export type VehicleOwnerOption = z.infer<typeof vehicleOwnerOption>;
/** how many owners the picker offers at once */
export const vehicleOwnerOptionLimit = 20;
