import { businessDay, businessDayStart, paymentChannels, type DataViewHour, type DataViewLot, type DataViewSnapshot } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { findTenant } from '../system/index.js';
import { activityLots } from './activity.repository.js';
import { lotActivity } from './activity.service.js';
import { latestMovements, movementsByHour, revenueOfDays } from './data-view.repository.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** how many lots the two rankings show, and how many movements the rolling list holds */
const TOP = 10;
const LATEST = 20;

/**
 * 数据大屏 of the signed-in user's tenant at `now`: its lots as they are, today and yesterday (Shanghai
 * days) from 营收报表's kept rows and from the records' entry and exit times, and the latest movements.
 * Every figure is read in the request's own tenant-bound transaction.
 */
export const dataViewSnapshot = async (db: Db, tenantId: string, now: Date): Promise<DataViewSnapshot> => {
  const today = businessDay(now);
  const todayStart = businessDayStart(today).getTime();
  const yesterday = businessDay(new Date(todayStart - HOUR_MS));
  const yesterdayStart = businessDayStart(yesterday).getTime();
  const tenant = await findTenant(db, tenantId);
  const lotRows = await activityLots(db, tenantId);
  const revenue = await revenueOfDays(db, tenantId, [yesterday, today]);
  const moves = await movementsByHour(db, tenantId, new Date(yesterdayStart), new Date(todayStart + DAY_MS));
  const latest = await latestMovements(db, tenantId, LATEST);

  const sum = (day: string, field: 'stays' | 'receivable' | 'received' | 'recovered') => revenue.filter((r) => r.day === day).reduce((n, r) => n + r[field], 0);
  const receivedByLot = new Map<string, number>();
  for (const r of revenue) if (r.day === today) receivedByLot.set(r.lotId, (receivedByLot.get(r.lotId) ?? 0) + r.received);

  const lots: DataViewLot[] = lotRows
    .map((row) => {
      const shown = lotActivity(row);
      return {
        id: row.id,
        name: row.name,
        placement: shown.placement,
        areaName: shown.areaName,
        lng: row.lng,
        lat: row.lat,
        totalSpaces: shown.totalSpaces,
        freeSpaces: shown.freeSpaces,
        occupancyPercent: shown.occupancyPercent,
        level: shown.level,
        receivedToday: receivedByLot.get(row.id) ?? 0,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));

  const hours: DataViewHour[] = Array.from({ length: 24 }, (_, hour) => ({
    hour,
    entriesToday: moves.entries.get(todayStart + hour * HOUR_MS) ?? 0,
    exitsToday: moves.exits.get(todayStart + hour * HOUR_MS) ?? 0,
    entriesYesterday: moves.entries.get(yesterdayStart + hour * HOUR_MS) ?? 0,
    exitsYesterday: moves.exits.get(yesterdayStart + hour * HOUR_MS) ?? 0,
  }));

  const totalSpaces = lots.reduce((n, lot) => n + lot.totalSpaces, 0);
  const freeSpaces = lots.reduce((n, lot) => n + lot.freeSpaces, 0);
  const byName = (a: { lotName: string }, b: { lotName: string }) => a.lotName.localeCompare(b.lotName, 'zh-CN');
  return {
    tenantTitle: tenant?.title ?? '',
    updatedAt: now.toISOString(),
    today,
    kpis: {
      lots: lots.length,
      totalSpaces,
      freeSpaces,
      parked: totalSpaces - freeSpaces,
      occupancyPercent: totalSpaces > 0 ? Math.round(((totalSpaces - freeSpaces) / totalSpaces) * 100) : 0,
      staysToday: sum(today, 'stays'),
      staysYesterday: sum(yesterday, 'stays'),
      entriesToday: hours.reduce((n, h) => n + h.entriesToday, 0),
      receivedToday: sum(today, 'received'),
      receivedYesterday: sum(yesterday, 'received'),
      receivableToday: sum(today, 'receivable'),
      receivableYesterday: sum(yesterday, 'receivable'),
      recoveredToday: sum(today, 'recovered'),
    },
    lots,
    hours,
    channels: paymentChannels.map((channel) => ({ channel, amount: revenue.filter((r) => r.day === today && r.channel === channel).reduce((n, r) => n + r.received, 0) })),
    topRevenue: lots
      .filter((lot) => lot.receivedToday > 0)
      .map((lot) => ({ lotName: lot.name, amount: lot.receivedToday }))
      .sort((a, b) => b.amount - a.amount || byName(a, b))
      .slice(0, TOP),
    topOccupancy: lots
      .filter((lot) => lot.totalSpaces > 0)
      .map((lot) => ({ lotName: lot.name, occupancyPercent: lot.occupancyPercent }))
      .sort((a, b) => b.occupancyPercent - a.occupancyPercent || byName(a, b))
      .slice(0, TOP),
    latest: latest
      .sort((a, b) => b.at.getTime() - a.at.getTime())
      .slice(0, LATEST)
      .map((m) => ({ ...m, at: m.at.toISOString() })),
  };
};

/**
 * A tenant's snapshot kept for `ttlMs` on a monotonic clock, and one reading shared by the screens
 * that ask while it is under way: 50 open screens cost the database what one does.
 */
export const snapshotCache = <T>(ttlMs: number, monotonic: () => number = () => performance.now()) => {
  const kept = new Map<string, { at: number; value: Promise<T> }>();
  return (tenantId: string, read: () => Promise<T>): Promise<T> => {
    const hit = kept.get(tenantId);
    if (hit && monotonic() - hit.at < ttlMs) return hit.value;
    const value = read();
    kept.set(tenantId, { at: monotonic(), value });
    // a failed reading is not kept: the next screen asks the database again
    value.catch(() => {
      if (kept.get(tenantId)?.value === value) kept.delete(tenantId);
    });
    return value;
  };
};
