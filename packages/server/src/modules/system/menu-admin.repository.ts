import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { menus, roleMenus, roles } from '../../db/schema/index.js';
import { menuColumns as baseMenuColumns, type MenuRow } from './menu.repository.js';
import { tenantRow, insertId } from '../../shared/rows.js';

const menuColumns = { ...baseMenuColumns, enabled: menus.enabled };

export interface MenuAdminRow extends MenuRow {
  enabled: boolean;
}

/** Every menu of the tenant, disabled ones too, in display order. */
export const listMenuRows = (db: Db, tenantId: string): Promise<MenuAdminRow[]> =>
  db.select(menuColumns).from(menus).where(eq(menus.tenantId, tenantId)).orderBy(asc(menus.sortCode), asc(menus.fullName), asc(menus.id));

export const findMenuRow = async (db: Db, tenantId: string, id: string): Promise<MenuAdminRow | undefined> => {
  const [row] = await db
    .select(menuColumns)
    .from(menus)
    .where(tenantRow(menus, tenantId, id))
    .limit(1);
  return row;
};

export const menuEnCodeTaken = async (db: Db, tenantId: string, enCode: string, exceptId?: string) => {
  const [row] = await db
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.tenantId, tenantId), eq(menus.enCode, enCode), exceptId ? ne(menus.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
};

/** The roles that grant a menu. */
export const menuGrantRoleIds = async (db: Db, tenantId: string, menuId: string): Promise<string[]> => {
  const rows = await db
    .select({ roleId: roleMenus.roleId })
    .from(roleMenus)
    .where(and(eq(roleMenus.tenantId, tenantId), eq(roleMenus.menuId, menuId)));
  return rows.map((r) => r.roleId).sort();
};

export const deleteMenuGrants = (db: Db, tenantId: string, menuId: string) => db.delete(roleMenus).where(and(eq(roleMenus.tenantId, tenantId), eq(roleMenus.menuId, menuId)));

/** Grants a new menu to the tenant's system roles: the default role every user holds keeps every menu. */
export const grantToSystemRoles = async (db: Db, tenantId: string, menuId: string): Promise<string[]> => {
  const systemRoles = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.isSystem, true)));
  if (systemRoles.length) await db.insert(roleMenus).values(systemRoles.map((r) => ({ tenantId, roleId: r.id, menuId })));
  return systemRoles.map((r) => r.id);
};

export type MenuRowValues = Omit<MenuAdminRow, 'id'>;

export const insertMenu = (db: Db, tenantId: string, values: MenuRowValues): Promise<string> => insertId(db, menus, { tenantId, ...values });

export const updateMenuRow = (db: Db, tenantId: string, id: string, values: MenuRowValues, at: Date) =>
  db
    .update(menus)
    .set({ ...values, updatedAt: at })
    .where(tenantRow(menus, tenantId, id));

export const deleteMenuRow = (db: Db, tenantId: string, id: string) => db.delete(menus).where(tenantRow(menus, tenantId, id));
