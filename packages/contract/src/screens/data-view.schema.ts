import { z } from 'zod';
import { activityLevels, activityPlacements } from './activity.schema.js';
import { deviceOnlineStates, deviceTypes } from '../devices/device.schema.js';
import { orderWarningKinds, orderWarningStates } from '../orders/order-warning.schema.js';

/** 数据大屏: one snapshot of the tenant's city for a wall screen, refreshed as a whole. */
export const dataViewPaths = { snapshot: '/api/system/screens/dataView', events: '/api/system/screens/events' } as const;

/** How often a screen asks again, and how long the server keeps a tenant's snapshot: 50 screens cost one query set per period. */
export const dataViewRefreshSeconds = 10;
export const dataViewCacheSeconds = 5;

/** Amounts in fen; today and yesterday are Shanghai business days; `change` is against the whole of yesterday. */
export const dataViewKpis = z.object({
  lots: z.number().int(),
  totalSpaces: z.number().int(),
  freeSpaces: z.number().int(),
  parked: z.number().int(),
  occupancyPercent: z.number().int(),
  /** stays that left today (停车次数 of 营收报表), and yesterday's */
  staysToday: z.number().int(),
  staysYesterday: z.number().int(),
  entriesToday: z.number().int(),
  /** received today (实收, payment day), and yesterday's */
  receivedToday: z.number().int(),
  receivedYesterday: z.number().int(),
  /** receivable of the stays that left today (应收, exit day), and yesterday's */
  receivableToday: z.number().int(),
  receivableYesterday: z.number().int(),
  /** arrears recovered today (追缴) */
  recoveredToday: z.number().int(),
});
export type DataViewKpis = z.infer<typeof dataViewKpis>;

export const dataViewLot = z.object({
  id: z.string(),
  name: z.string(),
  placement: z.enum(activityPlacements),
  areaName: z.string(),
  /** null when the lot has no coordinates: the plan places it by order instead */
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  totalSpaces: z.number().int(),
  freeSpaces: z.number().int(),
  occupancyPercent: z.number().int(),
  level: z.enum(activityLevels),
  /** received today in this lot, fen */
  receivedToday: z.number().int(),
});
export type DataViewLot = z.infer<typeof dataViewLot>;

/** One clock hour of the Shanghai day, 0–23: entries and exits today and yesterday. */
export const dataViewHour = z.object({
  hour: z.number().int().min(0).max(23),
  entriesToday: z.number().int(),
  exitsToday: z.number().int(),
  entriesYesterday: z.number().int(),
  exitsYesterday: z.number().int(),
});
export type DataViewHour = z.infer<typeof dataViewHour>;

export const dataViewMovement = z.object({
  kind: z.enum(['entry', 'exit']),
  plateNumber: z.string(),
  lotName: z.string(),
  at: z.string(),
});
export type DataViewMovement = z.infer<typeof dataViewMovement>;

export const dataViewSnapshot = z.object({
  tenantTitle: z.string(),
  /** the moment the figures were read; a cached snapshot keeps it */
  updatedAt: z.string(),
  /** the Shanghai business day the figures call today */
  today: z.string(),
  kpis: dataViewKpis,
  /** every enabled lot, by name */
  lots: z.array(dataViewLot),
  /** 24 hours, 0 first */
  hours: z.array(dataViewHour),
  /** received today by channel, fen; every channel, 0 included */
  channels: z.array(z.object({ channel: z.string(), amount: z.number().int() })),
  /** ten lots at most, most received today first */
  topRevenue: z.array(z.object({ lotName: z.string(), amount: z.number().int() })),
  /** ten lots at most, fullest first */
  topOccupancy: z.array(z.object({ lotName: z.string(), occupancyPercent: z.number().int() })),
  /** the latest entries and exits, newest first */
  latest: z.array(dataViewMovement),
});
export type DataViewSnapshot = z.infer<typeof dataViewSnapshot>;

/** A car in or out of one of the tenant's lots, as the device reported it; the lot is named by its id, which the snapshots' lots carry. */
export const carLiveEvent = z.object({
  kind: z.enum(['entry', 'exit']),
  plateNumber: z.string(),
  lotId: z.string(),
  at: z.string(),
});
export type CarLiveEvent = z.infer<typeof carLiveEvent>;

/** An 订单预警 raised (state open) or handled (closed). */
export const warningLiveEvent = z.object({
  kind: z.literal('warning'),
  warningKind: z.enum(orderWarningKinds),
  state: z.enum(orderWarningStates),
  plateNumber: z.string(),
  lotId: z.string(),
  /** when it was raised */
  at: z.string(),
});
export type WarningLiveEvent = z.infer<typeof warningLiveEvent>;

/** A device that went online or offline (or was switched back to never heard from). */
export const deviceLiveEvent = z.object({
  kind: z.literal('device'),
  deviceSn: z.string(),
  deviceType: z.enum(deviceTypes),
  onlineState: z.enum(deviceOnlineStates),
  lotId: z.string(),
});
export type DeviceLiveEvent = z.infer<typeof deviceLiveEvent>;

/**
 * What the screens' event stream (text/event-stream at dataViewPaths.events) sends as each `data:`
 * line: cars in and out, warnings raised and handled, devices going on- or offline. A screen takes
 * the kinds it shows and skips the others (and kinds a newer server may add).
 */
export const dataViewLiveEvent = z.discriminatedUnion('kind', [carLiveEvent, warningLiveEvent, deviceLiveEvent]);
export type DataViewLiveEvent = z.infer<typeof dataViewLiveEvent>;
