import { and, asc, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deviceOfflineTasks, positions, systemMessages, userPositions } from '../../db/schema/index.js';

export const firstPositionCode = async (db: Db, tenantId: string, userId: string) => {
  const [row] = await db
    .select({ code: positions.code })
    .from(userPositions)
    .innerJoin(positions, eq(positions.id, userPositions.positionId))
    .where(and(eq(userPositions.tenantId, tenantId), eq(userPositions.userId, userId)))
    .orderBy(asc(userPositions.sortCode), asc(positions.sortCode))
    .limit(1);
  return row?.code;
};

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

export const pageMessages = async (
  db: Db,
  tenantId: string,
  filter: { status?: number | undefined; types: readonly number[] },
  page: { currentPage: number; pageSize: number },
) => {
  const conditions: SQL[] = [eq(systemMessages.tenantId, tenantId), inArray(systemMessages.messageType, [...filter.types])];
  if (filter.status !== undefined) conditions.push(eq(systemMessages.status, filter.status));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(systemMessages).where(where);
  const list = await db
    .select()
    .from(systemMessages)
    .where(where)
    .orderBy(desc(systemMessages.creatorTime), desc(systemMessages.id))
    .limit(page.pageSize)
    .offset((page.currentPage - 1) * page.pageSize);
  return { list, total: Number(total?.n ?? 0) };
};

export const findMessage = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select()
    .from(systemMessages)
    .where(and(eq(systemMessages.tenantId, tenantId), eq(systemMessages.id, id)))
    .limit(1);
  return row;
};

export const deleteMessage = (db: Db, tenantId: string, id: string) =>
  db.delete(systemMessages).where(and(eq(systemMessages.tenantId, tenantId), eq(systemMessages.id, id)));

export const pageOpenOfflineTasks = async (
  db: Db,
  tenantId: string,
  parkingType: number,
  page: { currentPage: number; pageSize: number },
) => {
  const where = and(
    eq(deviceOfflineTasks.tenantId, tenantId),
    eq(deviceOfflineTasks.parkingType, parkingType),
    isNull(deviceOfflineTasks.closedAt),
  );
  const [total] = await db.select({ n: count() }).from(deviceOfflineTasks).where(where);
  const list = await db
    .select()
    .from(deviceOfflineTasks)
    .where(where)
    .orderBy(desc(deviceOfflineTasks.creatorTime), desc(deviceOfflineTasks.id))
    .limit(page.pageSize)
    .offset((page.currentPage - 1) * page.pageSize);
  return { list, total: Number(total?.n ?? 0) };
};

/** The one way other modules raise a message (warnings, audits, invoices, reconciliation…). */
export const insertMessage = async (
  db: Db,
  values: { tenantId: string; messageName: string; messageText: string; messageType: number; businessId?: string },
) => {
  const [row] = await db.insert(systemMessages).values(values).returning({ id: systemMessages.id });
  return row!.id;
};

/** Marks the unhandled messages of one type about one business id handled (status 1), e.g. a device back online. */
export const markMessagesHandled = (db: Db, tenantId: string, messageType: number, businessId: string, at: Date) =>
  db
    .update(systemMessages)
    .set({ status: 1, lastModifyTime: at })
    .where(
      and(
        eq(systemMessages.tenantId, tenantId),
        eq(systemMessages.messageType, messageType),
        eq(systemMessages.businessId, businessId),
        eq(systemMessages.status, 0),
      ),
    );
