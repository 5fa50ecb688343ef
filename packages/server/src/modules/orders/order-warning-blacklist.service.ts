import { and, asc, count, desc, eq, like } from 'drizzle-orm';
import type { PlateBlacklistEntry, PlateBlacklistListValues, PlateBlacklistValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { plateBlacklist, users } from '../../db/schema/index.js';
import { conflict, notFound } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { prefixPattern } from '../../shared/like-pattern.js';
import { recordOperation } from '../system/operation-log.service.js';

export const plateBlacklistTarget = 'plateBlacklist';
type Row = { entry: typeof plateBlacklist.$inferSelect; createdByName: string | null };

const columns = { entry: plateBlacklist, createdByName: users.realName };
const sortColumns = { createdAt: plateBlacklist.createdAt, plateNumber: plateBlacklist.plateNumber } as const;

const toEntry = ({ entry: e, createdByName }: Row): PlateBlacklistEntry => ({
  id: e.id,
  plateNumber: e.plateNumber,
  plateColour: e.plateColour,
  reason: e.reason,
  createdBy: e.createdBy,
  createdByName,
  createdAt: e.createdAt.toISOString(),
});

export const listPlateBlacklist = async (db: Db, auth: AuthContext, query: PlateBlacklistListValues) => {
  const { currentPage, pageSize, plateNumber, sidx, sort } = query;
  const where = and(eq(plateBlacklist.tenantId, auth.tenantId), plateNumber ? like(plateBlacklist.plateNumber, prefixPattern(plateNumber)) : undefined);
  const direction = (sort ?? (sidx ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const [total] = await db.select({ n: count() }).from(plateBlacklist).where(where);
  const rows: Row[] = await db
    .select(columns)
    .from(plateBlacklist)
    .leftJoin(users, eq(users.id, plateBlacklist.createdBy))
    .where(where)
    .orderBy(direction(sortColumns[sidx ?? 'createdAt']), asc(plateBlacklist.id))
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize);
  return { list: rows.map(toEntry), pagination: { currentPage, pageSize, total: Number(total?.n ?? 0) } };
};

export const getPlateBlacklistEntry = async (db: Db, auth: AuthContext, id: string) => {
  const [row] = await db
    .select(columns)
    .from(plateBlacklist)
    .leftJoin(users, eq(users.id, plateBlacklist.createdBy))
    .where(and(eq(plateBlacklist.tenantId, auth.tenantId), eq(plateBlacklist.id, id)))
    .limit(1);
  if (!row) throw notFound('黑名单车辆不存在或已移除');
  return toEntry(row);
};

const log = (db: Db, auth: AuthContext, action: 'create' | 'update' | 'delete', id: string, summary: string, before?: PlateBlacklistEntry, after?: PlateBlacklistEntry) =>
  recordOperation(db, auth, { module: 'orders', action, target: plateBlacklistTarget, targetId: id, summary, before, after });

const taken = (plate: string) => conflict(`车牌「${plate}」已在黑名单中`);

export const addToPlateBlacklist = async (db: Db, auth: AuthContext, input: PlateBlacklistValues) => {
  const [row] = await db
    .insert(plateBlacklist)
    .values({ tenantId: auth.tenantId, ...input, createdBy: auth.userId })
    .onConflictDoNothing()
    .returning({ id: plateBlacklist.id });
  if (!row) throw taken(input.plateNumber);
  const created = await getPlateBlacklistEntry(db, auth, row.id);
  await log(db, auth, 'create', created.id, `车牌「${created.plateNumber}」加入黑名单：${created.reason}`, undefined, created);
  return created;
};

export const updatePlateBlacklistEntry = async (db: Db, auth: AuthContext, id: string, input: PlateBlacklistValues) => {
  const before = await getPlateBlacklistEntry(db, auth, id);
  if (input.plateNumber !== before.plateNumber) {
    const [clash] = await db
      .select({ id: plateBlacklist.id })
      .from(plateBlacklist)
      .where(and(eq(plateBlacklist.tenantId, auth.tenantId), eq(plateBlacklist.plateNumber, input.plateNumber)))
      .limit(1);
    if (clash) throw taken(input.plateNumber);
  }
  await db
    .update(plateBlacklist)
    .set(input)
    .where(and(eq(plateBlacklist.tenantId, auth.tenantId), eq(plateBlacklist.id, id)));
  const after = await getPlateBlacklistEntry(db, auth, id);
  await log(db, auth, 'update', id, `修改黑名单车辆「${after.plateNumber}」`, before, after);
  return after;
};

export const removeFromPlateBlacklist = async (db: Db, auth: AuthContext, id: string) => {
  const before = await getPlateBlacklistEntry(db, auth, id);
  await db.delete(plateBlacklist).where(and(eq(plateBlacklist.tenantId, auth.tenantId), eq(plateBlacklist.id, id)));
  await log(db, auth, 'delete', id, `车牌「${before.plateNumber}」移出黑名单`, before);
};
