import { z } from 'zod';
import { resourcePaths } from '../common/endpoint.js';
import { pagedList, pageQuery } from '../common/paging.js';
import { enabledMarkFilter } from './area.schema.js';

export const parkingLanePaths = resourcePaths('/api/system/ParkingLane');

export const parkingLaneDirections = ['in', 'out'] as const;
export type ParkingLaneDirection = (typeof parkingLaneDirections)[number];
export const parkingLaneDirectionNames: Readonly<Record<ParkingLaneDirection, string>> = { in: '入口', out: '出口' };

const laneDirection = z.enum(parkingLaneDirections, { error: '车道方向只能是 in（入口）或 out（出口）' });

export const parkingLaneInput = z.object({
  lotId: z.uuid({ error: '请选择停车场' }),
  name: z.string({ error: '请输入车道名称' }).trim().min(1, '请输入车道名称').max(64, '车道名称最长64位'),
  direction: laneDirection,
  /** the barrier opens by itself once the exit fee is paid */
  releaseAfterPayment: z.boolean({ error: '缴费后自动放行只能是是或否' }).default(true),
  enabled: z.boolean({ error: '启用状态只能是是或否' }).default(true),
  sortCode: z.coerce.number({ error: '排序必须是整数' }).int('排序必须是整数').min(0, '排序最小为0').max(99999, '排序最大为99999').default(0),
});
export type ParkingLaneInput = z.input<typeof parkingLaneInput>;
export type ParkingLaneValues = z.output<typeof parkingLaneInput>;

export const parkingLaneListQuery = z.strictObject({
  ...pageQuery.shape,
  sidx: z.enum(['sortCode', 'name', 'createdAt'], { error: '不支持的排序字段' }).optional(),
  lotId: z.uuid('停车场编号格式不正确').optional(),
  direction: laneDirection.optional(),
  name: z.string().trim().max(64).optional(),
  enabled: enabledMarkFilter().optional(),
});
export type ParkingLaneListQuery = z.input<typeof parkingLaneListQuery>;
export type ParkingLaneListValues = z.output<typeof parkingLaneListQuery>;

export const parkingLane = z.object({
  id: z.string(),
  lotId: z.string(),
  lotName: z.string(),
  name: z.string(),
  direction: laneDirection,
  releaseAfterPayment: z.boolean(),
  enabled: z.boolean(),
  sortCode: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ParkingLane = z.infer<typeof parkingLane>;
export const parkingLanePage = pagedList(parkingLane);
