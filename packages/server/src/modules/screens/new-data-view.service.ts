import { businessDay, businessDayStart, newDataViewSpaceLimit, occupancyPercent, stayLengthBuckets, type NewDataViewQuery, type NewDataViewSnapshot } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../plugins/app-error.js';
import { findTenant } from '../system/index.js';
import { activityLots } from './activity.repository.js';
import { lotActivity } from './activity.service.js';
import { movementsByHour, revenueOfDays } from './data-view.repository.js';
import { areasOf, entriesOf, exitsOf, spacesOf } from './new-data-view.repository.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * 新版数据大屏 of the signed-in user's tenant at `now`, for one lot or one area (its enabled lots):
 * its spaces one by one, and today's movements, stays and money in it.
 */
export const newDataViewSnapshot = async (db: Db, tenantId: string, query: NewDataViewQuery, now: Date): Promise<NewDataViewSnapshot> => {
  const today = businessDay(now);
  const todayStart = businessDayStart(today).getTime();
  const yesterday = businessDay(new Date(todayStart - HOUR_MS));
  const yesterdayStart = businessDayStart(yesterday).getTime();
  const tenant = await findTenant(db, tenantId);
  const lots = (await activityLots(db, tenantId)).sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
  const areaRows = await areasOf(db, tenantId);
  const areas = areaRows.filter((area) => lots.some((lot) => lot.areaId === area.id));

  const chosen = query.areaId
    ? { kind: 'area' as const, id: query.areaId, name: areas.find((a) => a.id === query.areaId)?.name, lots: lots.filter((lot) => lot.areaId === query.areaId) }
    : query.lotId
      ? { kind: 'lot' as const, id: query.lotId, name: lots.find((l) => l.id === query.lotId)?.name, lots: lots.filter((lot) => lot.id === query.lotId) }
      : lots[0]
        ? { kind: 'lot' as const, id: lots[0].id, name: lots[0].name, lots: [lots[0]] }
        : { kind: 'none' as const, id: '', name: '', lots: [] };
  if (chosen.kind !== 'none' && (chosen.name === undefined || chosen.lots.length === 0)) throw badRequest(chosen.kind === 'area' ? '区域不存在或没有启用的停车场' : '停车场不存在或已停用');
  const lotIds = chosen.lots.map((lot) => lot.id);
  const shown = chosen.lots.map(lotActivity);
  const totalSpaces = shown.reduce((n, lot) => n + lot.totalSpaces, 0);
  const freeSpaces = shown.reduce((n, lot) => n + lot.freeSpaces, 0);

  const dayEnd = new Date(todayStart + DAY_MS);
  const spaces = lotIds.length > 0 ? await spacesOf(db, tenantId, lotIds, newDataViewSpaceLimit) : { shown: [], total: 0 };
  const exits = lotIds.length > 0 ? await exitsOf(db, tenantId, lotIds, new Date(todayStart), dayEnd) : { exits: 0, averageMinutes: 0, buckets: stayLengthBuckets.map(() => 0) };
  const entries = lotIds.length > 0 ? await entriesOf(db, tenantId, lotIds, new Date(todayStart), dayEnd) : 0;
  const revenue = (await revenueOfDays(db, tenantId, [today])).filter((r) => lotIds.includes(r.lotId));
  const moves = lotIds.length > 0 ? await movementsByHour(db, tenantId, new Date(yesterdayStart), dayEnd, lotIds) : { entries: new Map<number, number>(), exits: new Map<number, number>() };

  return {
    tenantTitle: tenant?.title ?? '',
    updatedAt: now.toISOString(),
    today,
    choices: { lots: lots.map((lot) => ({ id: lot.id, name: lot.name })), areas },
    scope: { kind: chosen.kind, id: chosen.id, name: chosen.name ?? '', lots: lotIds.length },
    totalSpaces,
    freeSpaces,
    occupancyPercent: totalSpaces > 0 ? occupancyPercent(totalSpaces, freeSpaces) : 0,
    spaces: spaces.shown,
    moreSpaces: Math.max(0, spaces.total - spaces.shown.length),
    entriesToday: entries,
    exitsToday: exits.exits,
    // 周转率: stays that left today per space, to two decimals
    turnover: totalSpaces > 0 ? Math.round((exits.exits / totalSpaces) * 100) / 100 : 0,
    averageStayMinutes: exits.averageMinutes,
    receivedToday: revenue.reduce((n, r) => n + r.received, 0),
    receivableToday: revenue.reduce((n, r) => n + r.receivable, 0),
    durations: stayLengthBuckets.map((b, i) => ({ label: b.label, count: exits.buckets[i] ?? 0 })),
    hours: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      entriesToday: moves.entries.get(todayStart + hour * HOUR_MS) ?? 0,
      exitsToday: moves.exits.get(todayStart + hour * HOUR_MS) ?? 0,
      entriesYesterday: moves.entries.get(yesterdayStart + hour * HOUR_MS) ?? 0,
      exitsYesterday: moves.exits.get(yesterdayStart + hour * HOUR_MS) ?? 0,
    })),
  };
};
