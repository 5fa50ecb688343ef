import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ScreenListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { devices, parkingLots, screenMessages } from '../../db/schema/index.js';
import { containing } from '../../shared/like-pattern.js';
import { countRows, pageRows, type Page } from '../../shared/paging.js';
import { insertRow } from '../../shared/rows.js';
import { tenantEq } from '../../db/tenant-eq.js';

type Filter = Omit<ScreenListValues, 'currentPage' | 'pageSize'>;

const screenConditions = (tenantId: string, filter: Filter): SQL | undefined =>
  and(eq(devices.tenantId, tenantId), eq(devices.type, 'led_screen'), containing(filter.deviceNo, devices.sn, devices.name), filter.lotId ? eq(devices.lotId, filter.lotId) : undefined);

const sortColumns = { sn: devices.sn, name: devices.name, createdAt: devices.createdAt } as const;

export const pageScreens = (db: Db, tenantId: string, filter: Filter, page: Page) => {
  const where = screenConditions(tenantId, filter);
  const direction = filter.sort === 'desc' ? desc : asc;
  const rows = db
    .select({ device: devices, lotName: parkingLots.name })
    .from(devices)
    .innerJoin(parkingLots, tenantEq(parkingLots.id, devices.lotId))
    .where(where)
    .orderBy(direction(sortColumns[filter.sidx ?? 'sn']), asc(devices.id));
  return pageRows(page, countRows(db, devices, where), rows.$dynamic());
};

/** The newest `perScreen` messages of each screen, newest first, and how many of each still wait. */
export const recentScreenMessages = async (db: Db, tenantId: string, deviceIds: readonly string[], perScreen: number) => {
  if (deviceIds.length === 0) return { recent: [], pending: new Map<string, number>() };
  const ranked = db
    .select({
      tenantId: screenMessages.tenantId,
      id: screenMessages.id,
      rank: sql<number>`row_number() over (partition by ${screenMessages.deviceId} order by ${screenMessages.createdAt} desc, ${screenMessages.id} desc)`.as('rank'),
    })
    .from(screenMessages)
    .where(and(eq(screenMessages.tenantId, tenantId), inArray(screenMessages.deviceId, [...deviceIds])))
    .as('ranked');
  const recent = await db
    .select({ message: screenMessages })
    .from(screenMessages)
    .innerJoin(ranked, and(eq(ranked.id, screenMessages.id), eq(ranked.tenantId, screenMessages.tenantId)))
    .where(sql`${ranked.rank} <= ${perScreen}`)
    .orderBy(desc(screenMessages.createdAt), desc(screenMessages.id));
  const pendingRows = await db
    .select({ deviceId: screenMessages.deviceId, n: count() })
    .from(screenMessages)
    .where(and(eq(screenMessages.tenantId, tenantId), inArray(screenMessages.deviceId, [...deviceIds]), eq(screenMessages.state, 'queued')))
    .groupBy(screenMessages.deviceId);
  return { recent: recent.map((r) => r.message), pending: new Map(pendingRows.map((r) => [r.deviceId, Number(r.n)])) };
};

export type ScreenMessageRow = typeof screenMessages.$inferSelect;

export const insertScreenMessage = (db: Db, tenantId: string, values: Pick<typeof screenMessages.$inferInsert, 'deviceId' | 'text' | 'line' | 'colour'>): Promise<ScreenMessageRow> =>
  insertRow(db, screenMessages, { tenantId, ...values });

/** A screen's queued messages, delivered from `now`. */
export const deliverQueuedScreenMessages = (db: Db, deviceId: string, now: Date): Promise<ScreenMessageRow[]> =>
  db
    .update(screenMessages)
    .set({ state: 'delivered', deliveredAt: now })
    .where(and(eq(screenMessages.deviceId, deviceId), eq(screenMessages.state, 'queued')))
    .returning();
