import { z } from 'zod';
import { resourcePaths } from '../common/endpoint.js';
import { pagedList, pageQuery } from '../common/paging.js';
import { latitudeField, longitudeField } from './area.schema.js';

export const parkingSpacePaths = {
  ...resourcePaths('/api/system/ParkingSpace'),
  /** page /parkingAdmin/add/:id: many spaces of one lot by pattern, e.g. A001–A120 */
  batch: '/api/system/ParkingSpace/Actions/Batch',
} as const;

/** 0 normal, 1 long-rental, 2 reserved, 3 accessible; a charger is the `charging` flag on any type */
export const parkingSpaceTypes = [0, 1, 2, 3] as const;
export const parkingSpaceTypeNames: Readonly<Record<number, string>> = { 0: '普通', 1: '长租', 2: '预留', 3: '无障碍' };

export const parkingSpaceStates = ['free', 'occupied', 'fault'] as const;
export type ParkingSpaceState = (typeof parkingSpaceStates)[number];
export const parkingSpaceStateNames: Readonly<Record<ParkingSpaceState, string>> = { free: '空闲', occupied: '占用', fault: '故障' };

/** most spaces one batch may create */
export const parkingSpaceBatchMax = 2000;

const spaceType = z.coerce.number({ error: '泊位类型只能是0到3' }).int('泊位类型只能是0到3').min(0, '泊位类型只能是0到3').max(3, '泊位类型只能是0到3');
const spaceState = z.enum(parkingSpaceStates, { error: '泊位状态只能是 free（空闲）、occupied（占用）或 fault（故障）' });
const spaceNumber = z
  .string({ error: '请输入泊位编号' })
  .trim()
  .min(1, '请输入泊位编号')
  .max(32, '泊位编号最长32位')
  .regex(/^[\p{L}\p{N}_-]+$/u, '泊位编号只能包含字母、数字、汉字、下划线和短横线');

/** what a space and a batch of spaces share */
const spaceAttributes = {
  lotId: z.uuid({ error: '请选择停车场' }),
  type: spaceType.default(0),
  charging: z.boolean({ error: '是否充电车位只能是是或否' }).default(false),
  state: spaceState.default('free'),
};

export const parkingSpaceInput = z.object({
  ...spaceAttributes,
  number: spaceNumber,
  sensorSn: z
    .string()
    .trim()
    .max(64, '地磁编号最长64位')
    .regex(/^[\w-]*$/, '地磁编号只能包含字母、数字、下划线和短横线')
    .default(''),
  lng: longitudeField,
  lat: latitudeField,
});
export type ParkingSpaceInput = z.input<typeof parkingSpaceInput>;
export type ParkingSpaceValues = z.output<typeof parkingSpaceInput>;

const batchNumber = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是整数` })
    .int(`${label}必须是整数`)
    .min(0, `${label}最小为0`)
    .max(99999999, `${label}最大为99999999`);

/** prefix + start..end, each number left-padded with zeros to `digits` (A + 1..120 + 3 digits → A001–A120) */
export const parkingSpaceBatchInput = z
  .object({
    ...spaceAttributes,
    prefix: z
      .string()
      .trim()
      .max(16, '编号前缀最长16位')
      .regex(/^[\p{L}\p{N}_-]*$/u, '编号前缀只能包含字母、数字、汉字、下划线和短横线')
      .default(''),
    start: batchNumber('起始编号'),
    end: batchNumber('结束编号'),
    digits: z.coerce.number({ error: '编号位数必须是整数' }).int('编号位数必须是整数').min(1, '编号位数最小为1').max(8, '编号位数最大为8').default(1),
  })
  .superRefine((batch, ctx) => {
    if (batch.end < batch.start) ctx.addIssue({ code: 'custom', path: ['end'], message: '结束编号不能小于起始编号' });
    else if (batch.end - batch.start + 1 > parkingSpaceBatchMax) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: `一次最多生成${parkingSpaceBatchMax}个泊位` });
    }
  });
export type ParkingSpaceBatchInput = z.input<typeof parkingSpaceBatchInput>;
export type ParkingSpaceBatchValues = z.output<typeof parkingSpaceBatchInput>;

/** The numbers a batch makes, in order: the one place the pattern is spelled out. */
export const parkingSpaceBatchNumbers = (batch: Pick<ParkingSpaceBatchValues, 'prefix' | 'start' | 'end' | 'digits'>) =>
  Array.from({ length: Math.max(0, batch.end - batch.start + 1) }, (_, i) => `${batch.prefix}${String(batch.start + i).padStart(batch.digits, '0')}`);

export const parkingSpaceListQuery = z.strictObject({
  ...pageQuery.shape,
  sidx: z.enum(['number', 'type', 'state', 'createdAt'], { error: '不支持的排序字段' }).optional(),
  lotId: z.uuid('停车场编号格式不正确').optional(),
  number: z.string().trim().max(32).optional(),
  type: spaceType.optional(),
  state: spaceState.optional(),
  charging: z.coerce
    .number({ error: '是否充电车位只能是 1（是）或 0（否）' })
    .int()
    .refine((v) => v === 0 || v === 1, '是否充电车位只能是 1（是）或 0（否）')
    .optional(),
  sensorSn: z.string().trim().max(64).optional(),
});
export type ParkingSpaceListQuery = z.input<typeof parkingSpaceListQuery>;
export type ParkingSpaceListValues = z.output<typeof parkingSpaceListQuery>;

export const parkingSpace = z.object({
  id: z.string(),
  lotId: z.string(),
  lotName: z.string(),
  number: z.string(),
  type: z.number().int(),
  charging: z.boolean(),
  sensorSn: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  state: spaceState,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ParkingSpace = z.infer<typeof parkingSpace>;
export const parkingSpacePage = pagedList(parkingSpace);

export const parkingSpaceBatchResult = z.object({ created: z.number().int(), first: z.string(), last: z.string() });
export type ParkingSpaceBatchResult = z.infer<typeof parkingSpaceBatchResult>;
