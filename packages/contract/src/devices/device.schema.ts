import { z } from 'zod';
import { resourcePaths } from '../common/endpoint.js';
import { pagedList, pageQuery } from '../common/paging.js';
import { enabledMarkFilter } from '../parking/area.schema.js';

export const devicePaths = {
  ...resourcePaths('/api/system/Device'),
  resetSecret: '/api/system/Device/:id/Actions/ResetSecret',
  /** the lanes and spaces of one lot a device may be bound to */
  lotBindings: '/api/system/Device/lotBindings/:id',
} as const;

export const deviceTypes = ['camera', 'barrier', 'geomagnetic', 'video_pole', 'pda', 'led_screen'] as const;
export type DeviceType = (typeof deviceTypes)[number];
export const deviceTypeNames: Readonly<Record<DeviceType, string>> = {
  camera: '车牌识别相机',
  barrier: '道闸',
  geomagnetic: '地磁',
  video_pole: '视频桩',
  pda: '手持PDA',
  led_screen: '显示屏',
};

export const deviceNetworkTypes = ['4G', 'NB-IoT', '有线', 'WiFi'] as const;
export type DeviceNetworkType = (typeof deviceNetworkTypes)[number];

/** never: registered but no heartbeat yet, so it cannot have gone offline */
export const deviceOnlineStates = ['online', 'offline', 'never'] as const;
export type DeviceOnlineState = (typeof deviceOnlineStates)[number];
export const deviceOnlineStateNames: Readonly<Record<DeviceOnlineState, string>> = { online: '在线', offline: '离线', never: '未上线' };

/** 0 路内 (devices of road-side lots, lot type 0), 1 路外 (every other lot) */
export const deviceParkingTypes = [0, 1] as const;
export type DeviceParkingType = (typeof deviceParkingTypes)[number];
export const deviceParkingTypeNames: Readonly<Record<DeviceParkingType, string>> = { 0: '路内', 1: '路外' };
/** The menu page that shows the devices of each parking type; holding it is holding those devices. */
export const devicePagePermission: Readonly<Record<DeviceParkingType, string>> = { 0: 'inRoad', 1: 'outRoad' };
export const parkingTypeOfLot = (lotType: number): DeviceParkingType => (lotType === 0 ? 0 : 1);

export const heartbeatCycleDefault = 60;
export const heartbeatCycleMin = 10;
export const heartbeatCycleMax = 3600;
/** a device is offline once this many heartbeat cycles passed without one */
export const missedCyclesBeforeOffline = 3;

export const deviceSn = z
  .string({ error: '请输入设备编号' })
  .trim()
  .min(1, '请输入设备编号')
  .max(64, '设备编号最长64位')
  .regex(/^[\w-]+$/, '设备编号只能包含字母、数字、下划线和短横线');

/** The kinds of live stream the video wall (/palyer) plays. */
export const streamKinds = ['hls', 'flv'] as const;
export type StreamKind = (typeof streamKinds)[number];

/**
 * What a stream address plays as, by its file: .m3u8 is HLS, .flv is FLV (HTTP-FLV, or WebSocket-FLV
 * at a ws:// or wss:// address, which the server relays as HTTP-FLV); null for anything else.
 * `media:<folder>/<file>` names a recording under the server's DATA_DIR/media (a stand-in camera).
 */
export const streamKindOf = (address: string): StreamKind | null => {
  const path = (address.split(/[?#]/)[0] ?? '').toLowerCase();
  return path.endsWith('.m3u8') ? 'hls' : path.endsWith('.flv') ? 'flv' : null;
};

/** A camera's live stream: http(s):// or ws(s):// on a media server, or media:<folder>/<file> under DATA_DIR/media; '' clears it. */
export const streamUrl = z
  .string({ error: '视频流地址格式不正确' })
  .trim()
  .max(500, '视频流地址最长500位')
  .transform((value) => value || null)
  .nullable()
  .refine((value) => value === null || /^(https?|wss?):\/\/[^\s/]+\/\S*$/.test(value) || /^media:[\w-]+\/[\w.-]+$/.test(value), '视频流地址须以 http://、https://、ws:// 或 wss:// 开头')
  .refine((value) => value === null || streamKindOf(value) !== null, '视频流地址须指向 .m3u8（HLS）或 .flv（HTTP-FLV、WebSocket-FLV）')
  .refine((value) => value === null || !/^wss?:/.test(value) || streamKindOf(value) === 'flv', 'ws:// 或 wss:// 地址只能是 .flv（WebSocket-FLV）');

const deviceType = z.enum(deviceTypes, { error: '设备类型只能是 camera、barrier、geomagnetic、video_pole、pda 或 led_screen' });
const onlineState = z.enum(deviceOnlineStates, { error: '在线状态只能是 online（在线）、offline（离线）或 never（未上线）' });

export const parkingTypeFilter = z.coerce
  .number({ error: '停车场类型只能是 0（路内）或 1（路外）' })
  .int()
  .refine((v) => v === 0 || v === 1, '停车场类型只能是 0（路内）或 1（路外）')
  .transform((v) => v as DeviceParkingType);

export const deviceInput = z.object({
  sn: deviceSn,
  name: z.string({ error: '请输入设备名称' }).trim().min(1, '请输入设备名称').max(64, '设备名称最长64位'),
  type: deviceType,
  lotId: z.uuid({ error: '请选择停车场' }),
  laneId: z.uuid({ error: '车道编号格式不正确' }).nullable().default(null),
  spaceId: z.uuid({ error: '泊位编号格式不正确' }).nullable().default(null),
  heartbeatCycle: z.coerce
    .number({ error: '心跳周期必须是整数' })
    .int('心跳周期必须是整数')
    .min(heartbeatCycleMin, `心跳周期最小为${heartbeatCycleMin}秒`)
    .max(heartbeatCycleMax, `心跳周期最大为${heartbeatCycleMax}秒`)
    .default(heartbeatCycleDefault),
  networkType: z.enum(deviceNetworkTypes, { error: '网络类型只能是 4G、NB-IoT、有线 或 WiFi' }).default('4G'),
  enabled: z.boolean({ error: '启用状态只能是是或否' }).default(true),
  remark: z.string().trim().max(200, '备注最长200位').default(''),
  /** the camera's live stream for 视频监控 (/palyer); null or empty clears it, absent keeps it */
  streamUrl: streamUrl.optional(),
});
export type DeviceInput = z.input<typeof deviceInput>;
export type DeviceValues = z.output<typeof deviceInput>;

/** What the device list filters by; the export takes the same. */
export const deviceFilter = z.object({
  parkingType: parkingTypeFilter.optional(),
  /** part of the device's sn or name; the message dialog's target passes the sn as deviceNo */
  deviceNo: z.string().trim().max(64, '设备编号最长64位').optional(),
  type: deviceType.optional(),
  lotId: z.uuid('停车场编号格式不正确').optional(),
  onlineState: onlineState.optional(),
  enabled: enabledMarkFilter().optional(),
});
export type DeviceFilterValues = z.output<typeof deviceFilter>;

export const deviceListQuery = z.strictObject({
  ...pageQuery.shape,
  sidx: z.enum(['sn', 'name', 'type', 'lastHeartbeatAt', 'createdAt'], { error: '不支持的排序字段' }).optional(),
  ...deviceFilter.shape,
});
export type DeviceListQuery = z.input<typeof deviceListQuery>;
export type DeviceListValues = z.output<typeof deviceListQuery>;

export const device = z.object({
  id: z.string(),
  sn: z.string(),
  name: z.string(),
  type: deviceType,
  lotId: z.string(),
  lotName: z.string(),
  parkingType: z.union([z.literal(0), z.literal(1)]),
  laneId: z.string().nullable(),
  laneName: z.string().nullable(),
  spaceId: z.string().nullable(),
  spaceNumber: z.string().nullable(),
  heartbeatCycle: z.number().int(),
  networkType: z.enum(deviceNetworkTypes),
  lastHeartbeatAt: z.string().nullable(),
  onlineState,
  enabled: z.boolean(),
  remark: z.string(),
  streamUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Device = z.infer<typeof device>;
export const devicePage = pagedList(device);

/** The secret is shown once: in the answer to 新增 and to 重置密钥, never in a list or detail. */
export const deviceSecret = z.object({ secret: z.string() });
export const deviceWithSecret = device.extend(deviceSecret.shape);
export type DeviceWithSecret = z.infer<typeof deviceWithSecret>;

export const deviceLotBindings = z.object({
  lanes: z.array(z.object({ id: z.string(), name: z.string() })),
  spaces: z.array(z.object({ id: z.string(), number: z.string() })),
});
export type DeviceLotBindings = z.infer<typeof deviceLotBindings>;
