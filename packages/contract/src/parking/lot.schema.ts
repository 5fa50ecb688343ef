import { z } from 'zod';
import { resourcePaths } from '../common/endpoint.js';
import { pagedList, pageQuery } from '../common/paging.js';
import { enabledMarkFilter, latitudeField, longitudeField, pickedUser, parkingText, pickedUserIds } from './area.schema.js';

export const parkingLotPaths = {
  ...resourcePaths('/api/system/Parking'),
  /** every enabled lot for pickers, 1000 at a time */
  options: '/api/system/Parking/list',
  sum: '/api/system/Parking/sum',
  bindIf: '/api/system/Parking/bindIf/:id',
  freeCount: '/api/system/Parking/freecnt/:id',
  longRentalSpaceLeave: '/api/system/Parking/updateLongRentalSpaceLeave/:id',
  operationLogs: '/api/system/Parking/operlogList',
} as const;

export const parkingLotTypes = [0, 1, 2, 3, 4] as const;
export const parkingLotTypeNames: Readonly<Record<number, string>> = { 0: '路侧', 1: '商业', 2: '住宅', 3: '写字楼', 4: '交通枢纽' };

/** lane: gated, cars pass lanes; space: open, counted per space (the options query numbers them: type 1 lane, 0 space) */
export const parkingLotKinds = ['lane', 'space'] as const;
export type ParkingLotKind = (typeof parkingLotKinds)[number];
export const parkingLotKindNames: Readonly<Record<ParkingLotKind, string>> = { lane: '车道型', space: '泊位型' };

const lotType = z.coerce.number({ error: '停车场类型只能是0到4' }).int('停车场类型只能是0到4').min(0, '停车场类型只能是0到4').max(4, '停车场类型只能是0到4');
const lotKind = z.enum(parkingLotKinds, { error: '停车场模式只能是 lane（车道型）或 space（泊位型）' });
const spaceCount = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是整数` })
    .int(`${label}必须是整数`)
    .min(0, `${label}最小为0`)
    .max(100000, `${label}最大为100000`)
    .default(0);
/** administrative-division codes: 6 digits (110000, 110100, 110101) or empty */
const divisionCode = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^(\d{6})?$/, `${label}编码应为6位数字`)
    .default('');

export const parkingLotInput = z
  .object({
    areaId: z.uuid('片区编号格式不正确').nullable().default(null),
    name: z.string({ error: '请输入停车场名称' }).trim().min(1, '请输入停车场名称').max(64, '停车场名称最长64位'),
    type: lotType,
    kind: lotKind,
    address: parkingText('地址', 200),
    provinceCode: divisionCode('省份'),
    cityCode: divisionCode('城市'),
    districtCode: divisionCode('区县'),
    lng: longitudeField,
    lat: latitudeField,
    totalSpaces: spaceCount('总车位数'),
    longRentalSpaces: spaceCount('长租车位数'),
    reservedSpaces: spaceCount('预留车位数'),
    chargingSpaces: spaceCount('充电车位数'),
    selfOperated: z.boolean({ error: '是否自营只能是是或否' }).default(true),
    prepay: z.boolean({ error: '是否预付只能是是或否' }).default(false),
    managerIds: pickedUserIds('管理员'),
    enabled: z.boolean({ error: '启用状态只能是是或否' }).default(true),
    longRentalSpaceLeave: z.boolean({ error: '长租车位离场释放只能是是或否' }).default(false),
    /** 计费规则; null clears it, left out keeps the lot's current one */
    tariffId: z.uuid('计费规则编号格式不正确').nullable().optional(),
  })
  .superRefine((lot, ctx) => {
    if (lot.longRentalSpaces + lot.reservedSpaces > lot.totalSpaces) {
      ctx.addIssue({ code: 'custom', path: ['longRentalSpaces'], message: '长租车位数与预留车位数之和不能超过总车位数' });
    }
    if (lot.chargingSpaces > lot.totalSpaces) {
      ctx.addIssue({ code: 'custom', path: ['chargingSpaces'], message: '充电车位数不能超过总车位数' });
    }
  });
export type ParkingLotInput = z.input<typeof parkingLotInput>;
export type ParkingLotValues = z.output<typeof parkingLotInput>;

/** `enabled` and `enabledmark` (the parking list's own name for it) are one filter: given twice, they must agree. */
const oneEnabledFilter = (q: { enabled?: number | undefined; enabledmark?: number | undefined }, ctx: z.RefinementCtx) => {
  if (q.enabled !== undefined && q.enabledmark !== undefined && q.enabled !== q.enabledmark) {
    ctx.addIssue({ code: 'custom', path: ['enabledmark'], message: '状态 enabled 与 enabledmark 不一致' });
  }
};

/** filters shared by the list, its export and the sum */
export const parkingLotFilter = z
  .strictObject({
    name: z.string().trim().max(64).optional(),
    type: lotType.optional(),
    kind: lotKind.optional(),
    areaId: z.uuid('片区编号格式不正确').optional(),
    enabled: enabledMarkFilter().optional(),
    /** the same filter as `enabled`, under the name the parking list call uses */
    enabledmark: enabledMarkFilter().optional(),
  })
  .superRefine(oneEnabledFilter);
export type ParkingLotFilter = z.input<typeof parkingLotFilter>;
export type ParkingLotFilterValues = z.output<typeof parkingLotFilter>;

export const parkingLotListQuery = z
  .strictObject({
    ...pageQuery.shape,
    sidx: z.enum(['name', 'type', 'totalSpaces', 'freeCount', 'createdAt'], { error: '不支持的排序字段' }).optional(),
    ...parkingLotFilter.shape,
  })
  .superRefine(oneEnabledFilter);
export type ParkingLotListQuery = z.input<typeof parkingLotListQuery>;
export type ParkingLotListValues = z.output<typeof parkingLotListQuery>;

/** The lot pickers' list call: pageSize 1000, enabledmark 1, type 1 lane-based or 0 space-based. */
export const parkingLotOptionsQuery = z.strictObject({
  currentPage: pageQuery.shape.currentPage,
  pageSize: pageQuery.shape.pageSize.unwrap().default(1000),
  enabledmark: enabledMarkFilter().default(1),
  type: z.coerce
    .number({ error: '类型只能是 1（车道型）或 0（泊位型）' })
    .int()
    .refine((v) => v === 0 || v === 1, '类型只能是 1（车道型）或 0（泊位型）')
    .optional(),
});
export type ParkingLotOptionsQuery = z.input<typeof parkingLotOptionsQuery>;

export const parkingLot = z.object({
  id: z.string(),
  tenantId: z.string(),
  areaId: z.string().nullable(),
  areaName: z.string(),
  name: z.string(),
  type: z.number().int(),
  kind: lotKind,
  address: z.string(),
  provinceCode: z.string(),
  cityCode: z.string(),
  districtCode: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  totalSpaces: z.number().int(),
  longRentalSpaces: z.number().int(),
  reservedSpaces: z.number().int(),
  chargingSpaces: z.number().int(),
  freeCount: z.number().int(),
  selfOperated: z.boolean(),
  prepay: z.boolean(),
  managerIds: z.array(z.string()),
  /** the managers who are still users of the tenant, by name */
  managers: z.array(pickedUser),
  enabled: z.boolean(),
  longRentalSpaceLeave: z.boolean(),
  tariffId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ParkingLot = z.infer<typeof parkingLot>;
export const parkingLotPage = pagedList(parkingLot);

export const parkingLotOption = z.object({
  id: z.string(),
  tenantId: z.string(),
  name: z.string(),
  areaId: z.string().nullable(),
  areaName: z.string(),
  type: z.number().int(),
  kind: lotKind,
  freeCount: z.number().int(),
  longRentalSpaceLeave: z.boolean(),
});
export type ParkingLotOption = z.infer<typeof parkingLotOption>;
export const parkingLotOptionPage = pagedList(parkingLotOption);

const tally = { lots: z.number().int(), spaces: z.number().int(), free: z.number().int(), occupied: z.number().int() };
export const parkingLotSum = z.object({ ...tally, byKind: z.array(z.object({ kind: lotKind, ...tally })) });
export type ParkingLotSum = z.infer<typeof parkingLotSum>;

/** What is bound to a lot; a lot with anything bound cannot be deleted. */
export const parkingLotBindings = z.object({
  lanes: z.number().int(),
  spaces: z.number().int(),
  /** 长租车位 cards on the lot, in force or not */
  longRentals: z.number().int(),
  /** devices registered on the lot (设备运维) */
  devices: z.number().int(),
  /** 集团卡 whose benefit names the lot */
  groupCards: z.number().int(),
  /** parking records of the lot not yet closed or void */
  openRecords: z.number().int(),
  /** every parking record of the lot: its history keeps a lot that has any */
  records: z.number().int(),
  deletable: z.boolean(),
});
export type ParkingLotBindings = z.infer<typeof parkingLotBindings>;

/**
 * Why a lot cannot be deleted, in the words the server refuses with and the console asks with;
 * undefined when nothing holds it. A lot with parking records keeps them: it can only be disabled.
 */
export function lotDeleteRefusal(name: string, bindings: Omit<ParkingLotBindings, 'deletable'>): string | undefined {
  if (bindings.records > 0) {
    const open = bindings.openRecords > 0 ? `（其中${bindings.openRecords}条未结束）` : '';
    return `停车场「${name}」已有${bindings.records}条停车记录${open}，不能删除，可将其停用`;
  }
  const parts = [
    bindings.lanes > 0 ? `${bindings.lanes}条车道` : '',
    bindings.spaces > 0 ? `${bindings.spaces}个泊位` : '',
    bindings.longRentals > 0 ? `${bindings.longRentals}个长租车位` : '',
    bindings.devices > 0 ? `${bindings.devices}台设备` : '',
    bindings.groupCards > 0 ? `${bindings.groupCards}张集团卡` : '',
  ].filter((part) => part !== '');
  return parts.length > 0 ? `停车场「${name}」下还有${parts.join('、')}，请先删除后再删除停车场` : undefined;
}

export const parkingLotFreeCountInput = z.object({
  freeCount: z.coerce.number({ error: '空闲车位数必须是整数' }).int('空闲车位数必须是整数').min(0, '空闲车位数最小为0'),
});
export const parkingLotSpaceLeaveInput = z.object({
  longRentalSpaceLeave: z.boolean({ error: '长租车位离场释放只能是是或否' }),
});

export const parkingLotLogQuery = z.strictObject({
  currentPage: pageQuery.shape.currentPage,
  pageSize: pageQuery.shape.pageSize,
  lotId: z.uuid('停车场编号格式不正确').optional(),
  sort: pageQuery.shape.sort,
});
