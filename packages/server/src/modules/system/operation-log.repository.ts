import { and, asc, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { OperationLogQuery } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { operationLogs } from '../../db/schema/index.js';
import { containsPattern } from '../../shared/like-pattern.js';
import { countRows, pageRows, type Page } from '../../shared/paging.js';

type Filter = Omit<OperationLogQuery, 'currentPage' | 'pageSize'>;

const conditions = (tenantId: string, filter: Filter): SQL | undefined => {
  const where: (SQL | undefined)[] = [eq(operationLogs.tenantId, tenantId)];
  if (filter.account) where.push(ilike(operationLogs.account, containsPattern(filter.account)));
  if (filter.module) where.push(eq(operationLogs.module, filter.module));
  if (filter.action) where.push(eq(operationLogs.action, filter.action));
  if (filter.target) where.push(eq(operationLogs.target, filter.target));
  if (filter.targetId) where.push(eq(operationLogs.targetId, filter.targetId));
  if (filter.keyword) where.push(ilike(operationLogs.summary, containsPattern(filter.keyword)));
  if (filter.startTime) where.push(gte(operationLogs.createdAt, new Date(filter.startTime)));
  if (filter.endTime) where.push(lte(operationLogs.createdAt, new Date(filter.endTime)));
  return and(...where);
};

const sortColumns = {
  createdAt: operationLogs.createdAt,
  account: operationLogs.account,
  module: operationLogs.module,
  action: operationLogs.action,
} as const;

export const pageOperationLogs = (db: Db, tenantId: string, filter: Filter, page: Page) => {
  const where = conditions(tenantId, filter);
  const column = sortColumns[filter.sidx ?? 'createdAt'];
  const direction = filter.sort === 'asc' ? asc : desc;
  return pageRows(page, countRows(db, operationLogs, where), db.select().from(operationLogs).where(where).orderBy(direction(column), desc(operationLogs.id)).$dynamic());
};

export type OperationLogRow = typeof operationLogs.$inferSelect;

export const insertOperationLog = async (db: Db, values: typeof operationLogs.$inferInsert) => {
  await db.insert(operationLogs).values(values);
};
