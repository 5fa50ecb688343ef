import { z } from 'zod';
import { pagedList, pageQuery } from '../common/paging.js';
import { device } from './device.schema.js';

export const screenPaths = {
  /** the tenant's LED screens with their latest messages */
  list: '/api/system/Device/Screens',
  /** a message to screens; "defaultScence" is the fixed address's own spelling */
  send: '/api/system/Device/sendScreenMsg/defaultScence',
} as const;

export const screenColours = ['red', 'green', 'yellow', 'white'] as const;
export type ScreenColour = (typeof screenColours)[number];
export const screenColourNames: Readonly<Record<ScreenColour, string>> = { red: '红色', green: '绿色', yellow: '黄色', white: '白色' };

export const screenMessageStates = ['queued', 'delivered'] as const;
export type ScreenMessageState = (typeof screenMessageStates)[number];
export const screenMessageStateNames: Readonly<Record<ScreenMessageState, string>> = { queued: '待送达', delivered: '已送达' };

export const screenLineMax = 4;
export const screenTextMax = 64;

export const screenMessageInput = z.strictObject({
  deviceId: z.uuid({ error: '请选择显示屏' }),
  text: z.string({ error: '请输入显示内容' }).trim().min(1, '请输入显示内容').max(screenTextMax, `显示内容最长${screenTextMax}个字`),
  line: z.coerce
    .number({ error: `显示行只能是1到${screenLineMax}` })
    .int(`显示行只能是1到${screenLineMax}`)
    .min(1, `显示行只能是1到${screenLineMax}`)
    .max(screenLineMax, `显示行只能是1到${screenLineMax}`)
    .default(1),
  colour: z.enum(screenColours, { error: '颜色只能是 red、green、yellow 或 white' }).default('red'),
});
export type ScreenMessageInput = z.input<typeof screenMessageInput>;
export type ScreenMessageValues = z.output<typeof screenMessageInput>;

export const screenMessage = z.object({
  id: z.string(),
  deviceId: z.string(),
  text: z.string(),
  line: z.number().int(),
  colour: z.enum(screenColours),
  state: z.enum(screenMessageStates),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type ScreenMessage = z.infer<typeof screenMessage>;

export const screenListQuery = z.strictObject({
  ...pageQuery.shape,
  sidx: z.enum(['sn', 'name', 'createdAt'], { error: '不支持的排序字段' }).optional(),
  deviceNo: z.string().trim().max(64, '设备编号最长64位').optional(),
  lotId: z.uuid('停车场编号格式不正确').optional(),
});
export type ScreenListQuery = z.input<typeof screenListQuery>;
export type ScreenListValues = z.output<typeof screenListQuery>;

/** how many of a screen's latest messages its row carries */
export const screenRecentMessages = 5;

export const screen = device.pick({ id: true, sn: true, name: true, lotId: true, lotName: true, onlineState: true, lastHeartbeatAt: true, enabled: true }).extend({
  pendingCount: z.number().int(),
  /** newest first, at most screenRecentMessages */
  messages: z.array(screenMessage),
});
export type Screen = z.infer<typeof screen>;
export const screenPage = pagedList(screen);

/** What a screen takes away from POST /api/device/screen/pull: its queued messages, oldest first, now delivered. */
export const screenPullResult = z.object({
  messages: z.array(screenMessage.pick({ id: true, text: true, line: true, colour: true, createdAt: true })),
});
export type ScreenPullResult = z.infer<typeof screenPullResult>;
