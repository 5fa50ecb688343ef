import { z } from 'zod';
import { abnormalReasons } from '../orders/parking-record.schema.js';
import { orderWarningKinds } from '../orders/order-warning.schema.js';
import { deviceTypes } from '../devices/device.schema.js';

/** 运营大屏: one snapshot of what the operations room must act on, refreshed as a whole. */
export const operationViewPaths = { snapshot: '/api/system/screens/operationView' } as const;

export const operationViewSnapshot = z.object({
  tenantTitle: z.string(),
  updatedAt: z.string(),
  /** the Shanghai business day the figures call today */
  today: z.string(),
  /** every device type, 0 included, by its online state (never: registered, never heard from) */
  devices: z.array(z.object({ type: z.enum(deviceTypes), online: z.number().int(), offline: z.number().int(), never: z.number().int() })),
  /** the latest open 设备离线任务, newest first, ten at most */
  offlineTasks: z.array(z.object({ deviceSn: z.string(), content: z.string(), at: z.string() })),
  /** open 订单预警 by kind, every kind, 0 included */
  warnings: z.array(z.object({ kind: z.enum(orderWarningKinds), open: z.number().int() })),
  service: z.object({
    /** 客户投诉 not yet done (待处理 and 处理中), and those of them past their deadline */
    complaintsOpen: z.number().int(),
    complaintsOverdue: z.number().int(),
    /** 申诉 waiting for a decision */
    appealsPending: z.number().int(),
    /** 订单修改审核 waiting for a decision */
    editAuditsPending: z.number().int(),
  }),
  pursuit: z.object({
    /** stays that left today still owing (欠费, exit day today) */
    arrearsOpenedToday: z.number().int(),
    /** 追缴 today: how many and how much, fen */
    recoveredToday: z.number().int(),
    recoveredAmountToday: z.number().int(),
  }),
  /** cars at an exit barrier now (待缴费 or paid, not yet out), longest waiting first, ten at most */
  waiting: z.array(z.object({ plateNumber: z.string(), lotName: z.string(), laneName: z.string(), since: z.string(), amountToPay: z.number().int() })),
  /** the latest events the barrier let through with an abnormality, newest first, ten at most */
  abnormalReleases: z.array(z.object({ plateNumber: z.string(), lotName: z.string(), reasons: z.array(z.enum(abnormalReasons)), at: z.string() })),
});
export type OperationViewSnapshot = z.infer<typeof operationViewSnapshot>;
