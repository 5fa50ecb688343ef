import { z } from 'zod';
import { boundedTime } from '../common/bounded-time.js';
import { deviceRequest } from '../devices/device-ingestion.schema.js';
import { vehicleSizes } from '../parking/tariff.schema.js';
import { abnormalReasons, parkingRecordStates } from './parking-record.schema.js';

/** Signed like the heartbeat (contract devices/device-ingestion.schema.ts): same headers, same canonical string. */
export const vehicleEventPath = '/api/device/events';

/** lane cameras report entries and exits; sensors, video poles and PDAs report a space taken or left */
export const vehicleEventKinds = ['lane_entry', 'lane_exit', 'space_occupied', 'space_freed'] as const;
export type VehicleEventKind = (typeof vehicleEventKinds)[number];

/** a photo is at most 2 MB once decoded */
export const eventPhotoMaxBytes = 2 * 1024 * 1024;
const base64MaxLength = Math.ceil(eventPhotoMaxBytes / 3) * 4;

export const vehicleEventInput = deviceRequest
  .extend({
    kind: z.enum(vehicleEventKinds, { error: '事件类型只能是 lane_entry、lane_exit、space_occupied 或 space_freed' }),
    /** the device's own id of the event: a resent event carries the same one and changes nothing */
    deviceEventId: z.string({ error: '请提供设备事件编号' }).regex(/^[\w.:-]{1,64}$/, '设备事件编号应为1到64位字母、数字或 _ . : -'),
    plate: z
      .string({ error: '车牌号必须是文字' })
      .trim()
      .toUpperCase()
      .max(16, '车牌号最长16位')
      .refine((p) => !/\s/.test(p), '车牌号不能含空白')
      .optional(),
    /** dictionary 车牌颜色 (plate_colour): 1 white, 2 yellow, 3 green, 4 black, otherwise blue */
    plateColour: z.number({ error: '车牌颜色必须是整数' }).int('车牌颜色必须是整数').min(0, '车牌颜色不正确').max(99, '车牌颜色不正确').default(0),
    /** the vehicle's size when the device measures it (a lane camera's vehicle type); it wins over the plate's colour */
    vehicleSize: z.enum(vehicleSizes, { error: '车辆大小只能是 small（小型车）或 large（大型车）' }).optional(),
    /** how sure the device is of the plate it read, 0–1 */
    confidence: z.number({ error: '识别置信度必须是0到1之间的数' }).min(0, '识别置信度不能小于0').max(1, '识别置信度不能大于1').default(1),
    /** within the business window; the service also refuses a time past its clock (clockAheadToleranceMs) */
    occurredAt: boundedTime('事件时间'),
    /** a video pole or PDA names the space; a sensor bound to one space need not */
    spaceNumber: z.string({ error: '泊位编号必须是文字' }).trim().min(1, '泊位编号不能为空').max(32, '泊位编号最长32位').optional(),
    /** a JPEG or PNG, base64, at most 2 MB decoded */
    photo: z
      .string({ error: '照片应为 base64 编码的 JPEG 或 PNG' })
      .max(base64MaxLength, '照片不能超过2MB')
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, '照片应为 base64 编码的 JPEG 或 PNG')
      .optional(),
  })
  .superRefine((event, ctx) => {
    if ((event.kind === 'lane_entry' || event.kind === 'lane_exit') && !event.plate) ctx.addIssue({ code: 'custom', path: ['plate'], message: '车道事件必须带车牌号' });
  });
export type VehicleEventInput = z.input<typeof vehicleEventInput>;
export type VehicleEventValues = z.output<typeof vehicleEventInput>;

/** What the device is told; a resent event gets the same answer. */
export const vehicleEventResult = z.object({
  deviceEventId: z.string(),
  /** the record the event opened, closed or touched; null when it touched none (a space of a lane lot) */
  recordId: z.string().nullable(),
  state: z.enum(parkingRecordStates).nullable(),
  /** fen still to pay */
  amountToPay: z.number().int(),
  /** whether the barrier may open now */
  release: z.boolean(),
  abnormalReasons: z.array(z.enum(abnormalReasons)),
  /** true when this event id was seen before and nothing changed */
  duplicate: z.boolean(),
  /** what the lane's LED screen shows (黑名单车辆 禁止通行); absent: the lane's own text */
  display: z.string().optional(),
});
export type VehicleEventResult = z.infer<typeof vehicleEventResult>;
