import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { TenantListQuery } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { tenants } from '../../db/schema/index.js';
import { containsPattern } from '../../shared/like-pattern.js';

type Filter = Omit<TenantListQuery, 'currentPage' | 'pageSize'>;
export type TenantRow = typeof tenants.$inferSelect;

const tenantConditions = (filter: Filter): SQL | undefined =>
  and(
    filter.keyword
      ? or(
          ilike(tenants.code, containsPattern(filter.keyword)),
          ilike(tenants.name, containsPattern(filter.keyword)),
          ilike(tenants.title, containsPattern(filter.keyword)),
        )
      : undefined,
    filter.enabled === undefined ? undefined : eq(tenants.enabled, filter.enabled === '1'),
  );

/** Tenants are the platform's own rows (no tenant_id): only platform administrators reach them. */
export const pageTenants = async (db: Db, filter: Filter, page: { currentPage: number; pageSize: number }) => {
  const where = tenantConditions(filter);
  const [total] = await db.select({ n: count() }).from(tenants).where(where);
  const rows = await db
    .select()
    .from(tenants)
    // the platform's tenant first, then the others as they were created
    .orderBy(desc(tenants.isPlatform), asc(tenants.createdAt), asc(tenants.code))
    .where(where)
    .limit(page.pageSize)
    .offset((page.currentPage - 1) * page.pageSize);
  return { rows, total: Number(total?.n ?? 0) };
};

export const findTenant = async (db: Db, id: string): Promise<TenantRow | undefined> => {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  return row;
};

export const tenantCodeTaken = async (db: Db, code: string) => {
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, code)).limit(1);
  return row !== undefined;
};
