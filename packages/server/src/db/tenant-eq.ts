import { and, eq, type Column } from 'drizzle-orm';

/** The tenant column of the table, or the alias of one, that `column` belongs to. */
const tenantColumnOf = (column: Column): Column => {
  const tenantId = (column.table as unknown as { tenantId?: Column }).tenantId;
  if (!tenantId) throw new Error(`${column.name}: its table has no tenant to join on`);
  return tenantId;
};

/**
 * A join of two of a tenant's tables on a link: the link's two columns equal, and the two rows'
 * tenants too. The links carry the tenant (migrations 0074–0077), so the rows it joins are the ones
 * `eq` alone would; naming the tenant on both sides is what keeps the join on one node of a database
 * spread by tenant, and what lets the planner use the whole key (id, tenant) (docs/SCALING.md).
 */
export const tenantEq = (left: Column, right: Column) => and(eq(left, right), eq(tenantColumnOf(left), tenantColumnOf(right)))!;
