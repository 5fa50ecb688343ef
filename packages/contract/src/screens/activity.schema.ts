import { z } from 'zod';
import { accountCode } from '../auth/auth.schema.js';

/** No sign-in: the public parking statistics of one tenant (the /activity page). */
export const activityPaths = { open: '/api/open/activity' } as const;

/** The page's own route; `?tenant=` picks the tenant, otherwise the account cookie does (as branding). */
export const activityPagePath = '/activity';

export const activityQuery = z.object({ tenant: accountCode.optional() });
export type ActivityQuery = z.infer<typeof activityQuery>;

/** 路内 road-side lots (lot type 0), 路外 every other lot: the split drivers know. */
export const activityPlacements = ['onStreet', 'offStreet'] as const;
export type ActivityPlacement = (typeof activityPlacements)[number];
export const activityPlacementNames: Readonly<Record<ActivityPlacement, string>> = { onStreet: '路内', offStreet: '路外' };

/** 车位充足 below 80% taken, 紧张 from 80% with a space left, 已满 when none is free. */
export const activityLevels = ['ample', 'tight', 'full'] as const;
export type ActivityLevel = (typeof activityLevels)[number];
export const activityLevelNames: Readonly<Record<ActivityLevel, string>> = { ample: '车位充足', tight: '车位紧张', full: '已满' };
export const activityTightPercent = 80;

/** Occupancy in whole percent of the spaces a lot has; a lot without spaces counts as full. */
export const occupancyPercent = (total: number, free: number) => (total <= 0 ? 100 : Math.min(100, Math.max(0, Math.round(((total - free) / total) * 100))));

export const activityLevelOf = (total: number, free: number): ActivityLevel => (free <= 0 || total <= 0 ? 'full' : occupancyPercent(total, free) >= activityTightPercent ? 'tight' : 'ample');

/** Only what a driver may know of a lot: no ids, staff or money. */
export const activityLot = z.object({
  name: z.string(),
  placement: z.enum(activityPlacements),
  address: z.string(),
  areaName: z.string(),
  totalSpaces: z.number().int(),
  freeSpaces: z.number().int(),
  /** cars in the lot now */
  parked: z.number().int(),
  occupancyPercent: z.number().int(),
  level: z.enum(activityLevels),
});
export type ActivityLot = z.infer<typeof activityLot>;

/** Entries of one clock hour; `start` is the hour's beginning as an ISO instant. */
export const activityHour = z.object({ start: z.string(), entries: z.number().int() });
export type ActivityHour = z.infer<typeof activityHour>;

export const activityStats = z.object({
  tenantTitle: z.string(),
  updatedAt: z.string(),
  totals: z.object({
    lots: z.number().int(),
    totalSpaces: z.number().int(),
    freeSpaces: z.number().int(),
    parked: z.number().int(),
    entries24h: z.number().int(),
  }),
  /** most free spaces first */
  lots: z.array(activityLot),
  /** 24 clock hours, oldest first; the last one is the current, unfinished hour */
  hours: z.array(activityHour),
});
export type ActivityStats = z.infer<typeof activityStats>;
