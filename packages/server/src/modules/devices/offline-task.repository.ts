import { and, asc, count, desc, eq, ilike, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { OfflineTaskListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { deviceOfflineTasks } from '../../db/schema/index.js';
import { containsPattern } from '../../shared/like-pattern.js';

type Filter = Omit<OfflineTaskListValues, 'currentPage' | 'pageSize'>;

const taskConditions = (tenantId: string, filter: Filter): SQL | undefined =>
  and(
    eq(deviceOfflineTasks.tenantId, tenantId),
    filter.state === 'open' ? isNull(deviceOfflineTasks.closedAt) : filter.state === 'closed' ? isNotNull(deviceOfflineTasks.closedAt) : undefined,
    filter.parkingType === undefined ? undefined : eq(deviceOfflineTasks.parkingType, filter.parkingType),
    filter.deviceNo ? ilike(deviceOfflineTasks.deviceSn, containsPattern(filter.deviceNo)) : undefined,
  );

const sortColumns = { creatorTime: deviceOfflineTasks.creatorTime, deviceSn: deviceOfflineTasks.deviceSn } as const;

export const pageOfflineTasks = async (db: Db, tenantId: string, filter: Filter, page: { currentPage: number; pageSize: number }) => {
  const where = taskConditions(tenantId, filter);
  const direction = filter.sort === 'asc' ? asc : desc;
  const [total] = await db.select({ n: count() }).from(deviceOfflineTasks).where(where);
  const rows = await db
    .select()
    .from(deviceOfflineTasks)
    .where(where)
    .orderBy(direction(sortColumns[filter.sidx ?? 'creatorTime']), desc(deviceOfflineTasks.id))
    .limit(page.pageSize)
    .offset((page.currentPage - 1) * page.pageSize);
  return { rows, total: Number(total?.n ?? 0) };
};
