import { z } from 'zod';
import { resourcePaths } from '../common/endpoint.js';
import { pagedList, pageQuery } from '../common/paging.js';

export const parkingAreaPaths = resourcePaths('/api/system/ParkingArea');

/** Optional free text of at most `max` characters, trimmed, empty when left out. */
export const parkingText = (label: string, max: number) => z.string().trim().max(max, `${label}最长${max}位`).default('');

/** WGS-84/GCJ-02 degrees; null when the place has not been picked on the map. */
export const longitudeField = z.number({ error: '经度必须是数字' }).min(-180, '经度应在-180到180之间').max(180, '经度应在-180到180之间').nullable().default(null);
export const latitudeField = z.number({ error: '纬度必须是数字' }).min(-90, '纬度应在-90到90之间').max(90, '纬度应在-90到90之间').nullable().default(null);

export const pickedUserIds = (label: string) =>
  z
    .array(z.uuid(`${label}编号格式不正确`))
    .max(50, `${label}最多50个`)
    .refine((ids) => new Set(ids).size === ids.length, `${label}不能重复`)
    .default([]);

/** 0/1 in a query string: 1 enabled, 0 disabled. */
export const enabledMarkFilter = (label = '状态') =>
  z.coerce
    .number({ error: `${label}只能是 1（启用）或 0（停用）` })
    .int()
    .refine((v) => v === 0 || v === 1, `${label}只能是 1（启用）或 0（停用）`);

export const parkingAreaInput = z.object({
  name: z.string({ error: '请输入片区名称' }).trim().min(1, '请输入片区名称').max(64, '片区名称最长64位'),
  address: parkingText('地址', 200),
  floor: parkingText('楼层', 32),
  lng: longitudeField,
  lat: latitudeField,
  inspectorIds: pickedUserIds('巡检员'),
  checkInRange: z.coerce.number({ error: '打卡范围必须是整数' }).int('打卡范围必须是整数').min(0, '打卡范围最小为0米').max(10000, '打卡范围最大为10000米').default(100),
  description: parkingText('描述', 500),
  enabled: z.boolean({ error: '启用状态只能是是或否' }).default(true),
});
export type ParkingAreaInput = z.input<typeof parkingAreaInput>;
export type ParkingAreaValues = z.output<typeof parkingAreaInput>;

export const parkingAreaListQuery = z.strictObject({
  ...pageQuery.shape,
  sidx: z.enum(['name', 'createdAt'], { error: '不支持的排序字段' }).optional(),
  name: z.string().trim().max(64).optional(),
  enabled: enabledMarkFilter().optional(),
});
export type ParkingAreaListQuery = z.input<typeof parkingAreaListQuery>;

export const pickedUser = z.object({ id: z.string(), name: z.string() });

export const parkingArea = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  floor: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  inspectorIds: z.array(z.string()),
  /** the inspectors who are still users of the tenant, by name */
  inspectors: z.array(pickedUser),
  checkInRange: z.number().int(),
  description: z.string(),
  enabled: z.boolean(),
  /** lots in the area; an area with lots cannot be deleted */
  lotCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ParkingArea = z.infer<typeof parkingArea>;
export const parkingAreaPage = pagedList(parkingArea);
