import { and, asc, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { RoleListQuery } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { roleMenus, roles, userRoles } from '../../db/schema/index.js';
import { containing } from '../../shared/like-pattern.js';
import { countRows, pageRows, type Page } from '../../shared/paging.js';
import { tenantRow, insertId } from '../../shared/rows.js';

type Filter = Omit<RoleListQuery, 'currentPage' | 'pageSize'>;
export type RoleRow = typeof roles.$inferSelect;

const roleConditions = (tenantId: string, keyword: string | undefined): SQL | undefined => and(eq(roles.tenantId, tenantId), containing(keyword, roles.name, roles.code));

const sortColumns = { name: roles.name, code: roles.code, createdAt: roles.createdAt } as const;

export const pageRoles = (db: Db, tenantId: string, filter: Filter, page: Page) => {
  const where = roleConditions(tenantId, filter.keyword);
  const direction = filter.sort === 'desc' ? desc : asc;
  const rows = db
    .select()
    .from(roles)
    .where(where)
    // the system role first, then the chosen order
    .orderBy(desc(roles.isSystem), direction(sortColumns[filter.sidx ?? 'createdAt']), asc(roles.id));
  return pageRows(page, countRows(db, roles, where), rows.$dynamic());
};

export const findRole = async (db: Db, tenantId: string, id: string): Promise<RoleRow | undefined> => {
  const [row] = await db
    .select()
    .from(roles)
    .where(tenantRow(roles, tenantId, id))
    .limit(1);
  return row;
};

/** How many users hold each of the roles, in one query. */
export const roleHolderCounts = async (db: Db, tenantId: string, ids: string[]): Promise<Map<string, number>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: userRoles.roleId, n: count() })
    .from(userRoles)
    .where(and(eq(userRoles.tenantId, tenantId), inArray(userRoles.roleId, ids)))
    .groupBy(userRoles.roleId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
};

export const roleCodeTaken = async (db: Db, tenantId: string, code: string, exceptId?: string) => {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.code, code), exceptId ? ne(roles.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
};

export const roleMenuIds = async (db: Db, tenantId: string, roleId: string): Promise<string[]> => {
  const rows = await db
    .select({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .where(and(eq(roleMenus.tenantId, tenantId), eq(roleMenus.roleId, roleId)));
  return rows.map((r) => r.menuId).sort();
};

export const replaceRoleMenus = async (db: Db, tenantId: string, roleId: string, menuIds: string[]) => {
  await db.delete(roleMenus).where(and(eq(roleMenus.tenantId, tenantId), eq(roleMenus.roleId, roleId)));
  if (menuIds.length) await db.insert(roleMenus).values(menuIds.map((menuId) => ({ tenantId, roleId, menuId })));
};

export const selectorRoles = (db: Db, tenantId: string, keyword: string | undefined) =>
  db.select({ id: roles.id, name: roles.name, code: roles.code }).from(roles).where(roleConditions(tenantId, keyword)).orderBy(desc(roles.isSystem), asc(roles.name)).limit(500);

export type RoleRowValues = Pick<RoleRow, 'name' | 'code' | 'description'>;

export const insertRole = (db: Db, tenantId: string, values: RoleRowValues): Promise<string> => insertId(db, roles, { tenantId, ...values });

export const updateRoleRow = (db: Db, tenantId: string, id: string, values: RoleRowValues) =>
  db
    .update(roles)
    .set(values)
    .where(tenantRow(roles, tenantId, id));

export const deleteRoleRow = (db: Db, tenantId: string, id: string) => db.delete(roles).where(tenantRow(roles, tenantId, id));
