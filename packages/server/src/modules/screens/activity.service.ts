import { activityLevelOf, occupancyPercent, type ActivityLot, type ActivityStats } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-scope.js';
import { activeTenant } from '../system/index.js';
import { activityLots, entriesByHour, type ActivityLotRow } from './activity.repository.js';

const HOUR_MS = 3_600_000;

/**
 * What a lot shows drivers. A space-counted lot with spaces is counted from its spaces' states
 * (sensors move them); a gated lot, or one without spaces yet, reports the counts it keeps.
 */
export const lotActivity = (row: ActivityLotRow): ActivityLot => {
  const fromSpaces = row.kind === 'space' && row.spaces > 0;
  const totalSpaces = fromSpaces ? row.spaces : Math.max(0, row.totalSpaces);
  const freeSpaces = fromSpaces ? row.spacesFree : Math.min(totalSpaces, Math.max(0, row.freeCount));
  const parked = fromSpaces ? row.spacesOccupied : totalSpaces - freeSpaces;
  return {
    name: row.name,
    placement: row.type === 0 ? 'onStreet' : 'offStreet',
    address: row.address,
    areaName: row.areaName ?? '',
    totalSpaces,
    freeSpaces,
    parked,
    occupancyPercent: occupancyPercent(totalSpaces, freeSpaces),
    level: activityLevelOf(totalSpaces, freeSpaces),
  };
};

/** Most free spaces first; ties by name so the list does not jump between refreshes. */
const byFreeSpaces = (a: ActivityLot, b: ActivityLot) => b.freeSpaces - a.freeSpaces || a.name.localeCompare(b.name, 'zh-CN');

/**
 * The public statistics of a tenant, open without sign-in: read as that tenant (row-level
 * security holds) in two statements, one over its lots and one over the last day's entries.
 */
export const activityStats = async (db: Db, code: string, now = new Date()): Promise<ActivityStats> => {
  const tenant = await activeTenant(db, code);
  // 24 clock hours ending with the current one; Shanghai is a whole-hour offset, so UTC hours are its hours
  const firstHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - 23 * HOUR_MS;
  const { rows, entries } = await withTenant(db, tenant.id, async (tx) => ({
    rows: await activityLots(tx, tenant.id),
    entries: await entriesByHour(tx, tenant.id, new Date(firstHour)),
  }));
  const lots = rows.map(lotActivity).sort(byFreeSpaces);
  const hours = Array.from({ length: 24 }, (_, i) => {
    const start = firstHour + i * HOUR_MS;
    return { start: new Date(start).toISOString(), entries: entries.get(start) ?? 0 };
  });
  const sum = (key: 'totalSpaces' | 'freeSpaces' | 'parked') => lots.reduce((n, lot) => n + lot[key], 0);
  return {
    tenantTitle: tenant.title,
    updatedAt: now.toISOString(),
    totals: {
      lots: lots.length,
      totalSpaces: sum('totalSpaces'),
      freeSpaces: sum('freeSpaces'),
      parked: sum('parked'),
      entries24h: hours.reduce((n, h) => n + h.entries, 0),
    },
    lots,
    hours,
  };
};
