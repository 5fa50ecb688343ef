import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TenantListQuery } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { tenants } from '../../db/schema/index.js';
import { containing } from '../../shared/like-pattern.js';
import { countRows, pageRows, type Page } from '../../shared/paging.js';

type Filter = Omit<TenantListQuery, 'currentPage' | 'pageSize'>;
export type TenantRow = typeof tenants.$inferSelect;

const tenantConditions = (filter: Filter): SQL | undefined =>
  and(containing(filter.keyword, tenants.code, tenants.name, tenants.title), filter.enabled === undefined ? undefined : eq(tenants.enabled, filter.enabled === '1'));

/** Tenants are the platform's own rows (no tenant_id): only platform administrators reach them. */
export const pageTenants = (db: Db, filter: Filter, page: Page) => {
  const where = tenantConditions(filter);
  const rows = db
    .select()
    .from(tenants)
    // the platform's tenant first, then the others as they were created
    .orderBy(desc(tenants.isPlatform), asc(tenants.createdAt), asc(tenants.code))
    .where(where);
  return pageRows(page, countRows(db, tenants, where), rows.$dynamic());
};

export const findTenant = async (db: Db, id: string): Promise<TenantRow | undefined> => {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  return row;
};

export const tenantCodeTaken = async (db: Db, code: string) => {
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, code)).limit(1);
  return row !== undefined;
};

export type TenantRowValues = Partial<Omit<TenantRow, 'id' | 'code' | 'isPlatform' | 'createdAt' | 'updatedAt'>>;

export const updateTenantRow = (db: Db, id: string, values: TenantRowValues, at: Date) =>
  db
    .update(tenants)
    .set({ ...values, updatedAt: at })
    .where(eq(tenants.id, id));

/** Points row-level security (db/tenant-scope.ts) at another tenant for the rest of the transaction. */
export const pointRowSecurityAt = async (db: Db, tenantId: string) => {
  await db.execute(sql`SELECT set_config('app.tenant_id', ${tenantId}, true)`);
};

/** Sign-in and branding find a tenant by the account code of the cookie or `?account=`. */
export const findTenantByCode = async (db: Db, code: string) => {
  const [row] = await db.select().from(tenants).where(eq(tenants.code, code)).limit(1);
  return row;
};
