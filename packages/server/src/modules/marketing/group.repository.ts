import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { GroupListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { groups } from '../../db/schema/index.js';
import { containing } from '../../shared/like-pattern.js';
import { countRows, pageRows, type Page } from '../../shared/paging.js';
import { tenantRow, insertId } from '../../shared/rows.js';

type Filter = Omit<GroupListValues, 'currentPage' | 'pageSize'>;
export type GroupRow = { group: typeof groups.$inferSelect; cardCount: number };

const conditions = (tenantId: string, filter: Filter): SQL | undefined =>
  and(
    eq(groups.tenantId, tenantId),
    containing(filter.name, groups.name),
    containing(filter.contact, groups.contact),
    filter.enabled === undefined ? undefined : eq(groups.enabled, filter.enabled === 1),
  );

const sortColumns = { name: groups.name, createdAt: groups.createdAt } as const;

// a correlated count: a page of groups reads only its own cards
// (named in full: drizzle leaves columns of a single-table select unqualified, which the subquery would read as its own)
const cardCount = sql<string>`(select count(*) from group_cards c where c.tenant_id = "groups"."tenant_id" and c.group_id = "groups"."id")`;
const columns = { group: groups, cardCount };
const toRow = (r: { group: typeof groups.$inferSelect; cardCount: string | number }): GroupRow => ({ group: r.group, cardCount: Number(r.cardCount) });

export const pageGroups = async (db: Db, tenantId: string, filter: Filter, page: Page) => {
  const where = conditions(tenantId, filter);
  const direction = (filter.sort ?? (filter.sidx ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const { rows, total } = await pageRows(
    page,
    countRows(db, groups, where),
    db
      .select(columns)
      .from(groups)
      .where(where)
      .orderBy(direction(sortColumns[filter.sidx ?? 'createdAt']), asc(groups.id))
      .$dynamic(),
  );
  return { rows: rows.map(toRow), total };
};

export const findGroup = async (db: Db, tenantId: string, id: string): Promise<GroupRow | undefined> => {
  const [row] = await db
    .select(columns)
    .from(groups)
    .where(tenantRow(groups, tenantId, id))
    .limit(1);
  return row ? toRow(row) : undefined;
};

export const groupNamed = async (db: Db, tenantId: string, name: string, exceptId?: string) => {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.tenantId, tenantId), eq(groups.name, name), exceptId ? ne(groups.id, exceptId) : undefined))
    .limit(1);
  return row;
};

export const groupOptionRows = (db: Db, tenantId: string) =>
  db.select({ id: groups.id, name: groups.name, enabled: groups.enabled }).from(groups).where(eq(groups.tenantId, tenantId)).orderBy(asc(groups.name));

export type GroupValues = Omit<typeof groups.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;

export const insertGroup = (db: Db, tenantId: string, values: GroupValues): Promise<string> => insertId(db, groups, { tenantId, ...values });

export const updateGroupRow = (db: Db, tenantId: string, id: string, values: Partial<GroupValues>) =>
  db
    .update(groups)
    .set({ ...values, updatedAt: sql`now()` })
    .where(tenantRow(groups, tenantId, id));

export const deleteGroupRow = (db: Db, tenantId: string, id: string) => db.delete(groups).where(tenantRow(groups, tenantId, id));
