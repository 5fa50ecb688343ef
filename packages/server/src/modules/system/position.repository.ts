import { and, asc, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { PositionListQuery } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { organizations, positions, userPositions } from '../../db/schema/index.js';
import { containing } from '../../shared/like-pattern.js';
import { countRows, pageRows, type Page } from '../../shared/paging.js';
import { tenantRow, insertId } from '../../shared/rows.js';
import { tenantEq } from '../../db/tenant-eq.js';

type Filter = Omit<PositionListQuery, 'currentPage' | 'pageSize'>;

const positionConditions = (tenantId: string, filter: Filter): SQL | undefined =>
  and(eq(positions.tenantId, tenantId), containing(filter.keyword, positions.name, positions.code), filter.organizationId ? eq(positions.organizationId, filter.organizationId) : undefined);

const sortColumns = { name: positions.name, code: positions.code, sortCode: positions.sortCode, createdAt: positions.createdAt } as const;

const positionColumns = { position: positions, organizationName: organizations.name };

export type PositionRow = { position: typeof positions.$inferSelect; organizationName: string | null };

export const pagePositions = (db: Db, tenantId: string, filter: Filter, page: Page) => {
  const where = positionConditions(tenantId, filter);
  const direction = filter.sort === 'desc' ? desc : asc;
  const rows = db
    .select(positionColumns)
    .from(positions)
    .leftJoin(organizations, tenantEq(organizations.id, positions.organizationId))
    .where(where)
    .orderBy(direction(sortColumns[filter.sidx ?? 'sortCode']), asc(positions.id));
  return pageRows(page, countRows(db, positions, where), rows.$dynamic());
};

export const findPositionRow = async (db: Db, tenantId: string, id: string): Promise<PositionRow | undefined> => {
  const [row] = await db
    .select(positionColumns)
    .from(positions)
    .leftJoin(organizations, tenantEq(organizations.id, positions.organizationId))
    .where(tenantRow(positions, tenantId, id))
    .limit(1);
  return row;
};

/** How many users hold each of the positions, in one query. */
export const positionHolderCounts = async (db: Db, tenantId: string, ids: string[]): Promise<Map<string, number>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: userPositions.positionId, n: count() })
    .from(userPositions)
    .where(and(eq(userPositions.tenantId, tenantId), inArray(userPositions.positionId, ids)))
    .groupBy(userPositions.positionId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
};

export const positionCodeTaken = async (db: Db, tenantId: string, code: string, exceptId?: string) => {
  const [row] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.tenantId, tenantId), eq(positions.code, code), exceptId ? ne(positions.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
};

export const selectorPositions = (db: Db, tenantId: string, keyword: string | undefined) =>
  db
    .select({ id: positions.id, name: positions.name, code: positions.code })
    .from(positions)
    .where(and(eq(positions.tenantId, tenantId), containing(keyword, positions.name, positions.code)))
    .orderBy(asc(positions.sortCode), asc(positions.name))
    .limit(500);

export type PositionRowValues = Pick<PositionRow['position'], 'organizationId' | 'name' | 'code' | 'sortCode'>;

export const insertPosition = (db: Db, tenantId: string, values: PositionRowValues): Promise<string> => insertId(db, positions, { tenantId, ...values });

export const updatePositionRow = (db: Db, tenantId: string, id: string, values: PositionRowValues) =>
  db
    .update(positions)
    .set(values)
    .where(tenantRow(positions, tenantId, id));

export const deletePositionRow = (db: Db, tenantId: string, id: string) => db.delete(positions).where(tenantRow(positions, tenantId, id));

/** The code of a user's first position: the message center recognises finance staff by it. */
export const firstPositionCode = async (db: Db, tenantId: string, userId: string) => {
  const [row] = await db
    .select({ code: positions.code })
    .from(userPositions)
    .innerJoin(positions, tenantEq(positions.id, userPositions.positionId))
    .where(and(eq(userPositions.tenantId, tenantId), eq(userPositions.userId, userId)))
    .orderBy(asc(userPositions.sortCode), asc(positions.sortCode))
    .limit(1);
  return row?.code;
};
