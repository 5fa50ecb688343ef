import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { OfflineTaskListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { deviceOfflineTasks, systemMessages } from '../../db/schema/index.js';
import { containing } from '../../shared/like-pattern.js';
import { countRows, pageRows, type Page } from '../../shared/paging.js';
import { tenantRow, insertId } from '../../shared/rows.js';

export const countMessagesByType = async (db: Db, tenantId: string, status: number, types: readonly number[]) => {
  if (types.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ type: systemMessages.messageType, n: count() })
    .from(systemMessages)
    .where(and(eq(systemMessages.tenantId, tenantId), eq(systemMessages.status, status), inArray(systemMessages.messageType, [...types])))
    .groupBy(systemMessages.messageType);
  return new Map(rows.map((r) => [r.type, Number(r.n)]));
};

export const countOpenOfflineTasks = async (db: Db, tenantId: string) => {
  const rows = await db
    .select({ parkingType: deviceOfflineTasks.parkingType, n: count() })
    .from(deviceOfflineTasks)
    .where(and(eq(deviceOfflineTasks.tenantId, tenantId), isNull(deviceOfflineTasks.closedAt)))
    .groupBy(deviceOfflineTasks.parkingType);
  return new Map(rows.map((r) => [r.parkingType, Number(r.n)]));
};

export const pageMessages = async (db: Db, tenantId: string, filter: { status?: number | undefined; types: readonly number[] }, page: Page) => {
  const conditions: SQL[] = [eq(systemMessages.tenantId, tenantId), inArray(systemMessages.messageType, [...filter.types])];
  if (filter.status !== undefined) conditions.push(eq(systemMessages.status, filter.status));
  const where = and(...conditions);
  const { rows, total } = await pageRows(
    page,
    countRows(db, systemMessages, where),
    db.select().from(systemMessages).where(where).orderBy(desc(systemMessages.creatorTime), desc(systemMessages.id)).$dynamic(),
  );
  return { list: rows, total };
};

export const findMessage = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select()
    .from(systemMessages)
    .where(tenantRow(systemMessages, tenantId, id))
    .limit(1);
  return row;
};

export const deleteMessage = (db: Db, tenantId: string, id: string) => db.delete(systemMessages).where(tenantRow(systemMessages, tenantId, id));

export const pageOpenOfflineTasks = async (db: Db, tenantId: string, parkingType: number, page: Page) => {
  const where = and(eq(deviceOfflineTasks.tenantId, tenantId), eq(deviceOfflineTasks.parkingType, parkingType), isNull(deviceOfflineTasks.closedAt));
  const { rows, total } = await pageRows(
    page,
    countRows(db, deviceOfflineTasks, where),
    db.select().from(deviceOfflineTasks).where(where).orderBy(desc(deviceOfflineTasks.creatorTime), desc(deviceOfflineTasks.id)).$dynamic(),
  );
  return { list: rows, total };
};

/** The one way other modules raise a message (warnings, audits, invoices, reconciliation…). */
export const insertMessage = (db: Db, values: { tenantId: string; messageName: string; messageText: string; messageType: number; businessId?: string }): Promise<string> =>
  insertId(db, systemMessages, values);

/** Marks the unhandled messages of one type about one business id handled (status 1), e.g. a device back online. */
export const markMessagesHandled = (db: Db, tenantId: string, messageType: number, businessId: string, at: Date) =>
  db
    .update(systemMessages)
    .set({ status: 1, lastModifyTime: at })
    .where(and(eq(systemMessages.tenantId, tenantId), eq(systemMessages.messageType, messageType), eq(systemMessages.businessId, businessId), eq(systemMessages.status, 0)));

export type OfflineTaskRow = typeof deviceOfflineTasks.$inferSelect;

/** Opens a device's offline task; undefined when the sn already has one open (its outage is reported). */
export const openOfflineTask = async (
  db: Db,
  values: Pick<typeof deviceOfflineTasks.$inferInsert, 'tenantId' | 'taskTypeName' | 'content' | 'deviceSn' | 'parkingType' | 'creatorTime'>,
): Promise<string | undefined> => {
  const [task] = await db.insert(deviceOfflineTasks).values(values).onConflictDoNothing().returning({ id: deviceOfflineTasks.id });
  return task?.id;
};

/** Closes the sn's open offline task, if any; answers how many closed. */
export const closeOfflineTasks = async (db: Db, tenantId: string, sn: string, at: Date): Promise<number> => {
  const closed = await db
    .update(deviceOfflineTasks)
    .set({ closedAt: at })
    .where(and(eq(deviceOfflineTasks.tenantId, tenantId), eq(deviceOfflineTasks.deviceSn, sn), isNull(deviceOfflineTasks.closedAt)))
    .returning({ id: deviceOfflineTasks.id });
  return closed.length;
};

export type OfflineTaskFilter = Omit<OfflineTaskListValues, keyof Page>;

const offlineTaskSortColumns = { creatorTime: deviceOfflineTasks.creatorTime, deviceSn: deviceOfflineTasks.deviceSn } as const;

/** Every offline task of the tenant, open or closed (设备离线任务). */
export const pageOfflineTaskHistory = (db: Db, tenantId: string, filter: OfflineTaskFilter, page: Page) => {
  const where = and(
    eq(deviceOfflineTasks.tenantId, tenantId),
    filter.state === 'open' ? isNull(deviceOfflineTasks.closedAt) : filter.state === 'closed' ? isNotNull(deviceOfflineTasks.closedAt) : undefined,
    filter.parkingType === undefined ? undefined : eq(deviceOfflineTasks.parkingType, filter.parkingType),
    containing(filter.deviceNo, deviceOfflineTasks.deviceSn),
  );
  const direction = filter.sort === 'asc' ? asc : desc;
  const rows = db
    .select()
    .from(deviceOfflineTasks)
    .where(where)
    .orderBy(direction(offlineTaskSortColumns[filter.sidx ?? 'creatorTime']), desc(deviceOfflineTasks.id));
  return pageRows(page, countRows(db, deviceOfflineTasks, where), rows.$dynamic());
};
