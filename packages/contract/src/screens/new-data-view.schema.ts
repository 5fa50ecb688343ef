import { z } from 'zod';
import { parkingSpaceStates } from '../parking/space.schema.js';
import { dataViewHour } from './data-view.schema.js';

/** 新版数据大屏: 数据大屏 for one chosen lot or area, with its spaces drawn one by one. */
export const newDataViewPaths = { snapshot: '/api/system/screens/newDataView' } as const;

/** How many spaces the grid draws; a bigger scope says how many more it has. */
export const newDataViewSpaceLimit = 400;

/** The lot or the area to show; neither: the first lot by name. */
export const newDataViewQuery = z
  .object({
    lotId: z.uuid('停车场编号格式不正确').optional(),
    areaId: z.uuid('区域编号格式不正确').optional(),
  })
  .refine((q) => !(q.lotId && q.areaId), { message: '停车场与区域只能选一个', path: ['areaId'] });
export type NewDataViewQuery = z.infer<typeof newDataViewQuery>;

/** Stays by length, for the duration chart: [from, to) minutes, the last one open-ended. */
export const stayLengthBuckets = [
  { label: '1小时内', from: 0, to: 60 },
  { label: '1-2小时', from: 60, to: 120 },
  { label: '2-4小时', from: 120, to: 240 },
  { label: '4-8小时', from: 240, to: 480 },
  { label: '8-24小时', from: 480, to: 1440 },
  { label: '24小时以上', from: 1440, to: null },
] as const;

export const newDataViewSnapshot = z.object({
  tenantTitle: z.string(),
  updatedAt: z.string(),
  today: z.string(),
  /** what the selector in the corner offers: the enabled lots, and the areas that have one */
  choices: z.object({
    lots: z.array(z.object({ id: z.string(), name: z.string() })),
    areas: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
  /** what is shown; kind none when the tenant has no lot */
  scope: z.object({ kind: z.enum(['lot', 'area', 'none']), id: z.string(), name: z.string(), lots: z.number().int() }),
  /** the scope's spaces as the counters keep them (a gated lot counted at its lanes has no drawn spaces) */
  totalSpaces: z.number().int(),
  freeSpaces: z.number().int(),
  occupancyPercent: z.number().int(),
  /** the spaces drawn, by lot and number, newDataViewSpaceLimit at most, and how many more there are */
  spaces: z.array(z.object({ number: z.string(), state: z.enum(parkingSpaceStates) })),
  moreSpaces: z.number().int(),
  /** today in the scope: entries, stays that left, 周转率 (stays that left per space), average stay of those, money in fen */
  entriesToday: z.number().int(),
  exitsToday: z.number().int(),
  turnover: z.number(),
  averageStayMinutes: z.number().int(),
  receivedToday: z.number().int(),
  receivableToday: z.number().int(),
  /** the stays that left today by length, one per stayLengthBuckets entry */
  durations: z.array(z.object({ label: z.string(), count: z.number().int() })),
  hours: z.array(dataViewHour),
});
export type NewDataViewSnapshot = z.infer<typeof newDataViewSnapshot>;
