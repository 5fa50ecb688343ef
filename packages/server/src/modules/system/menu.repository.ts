import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { menus, roleMenus, userRoles } from '../../db/schema/index.js';

export interface MenuRow {
  id: string;
  parentId: string | null;
  fullName: string;
  enCode: string;
  icon: string;
  urlAddress: string;
  type: number;
  sortCode: number;
}

/** The columns every menu read selects; the editor adds `enabled`. */
export const menuColumns = {
  id: menus.id,
  parentId: menus.parentId,
  fullName: menus.fullName,
  enCode: menus.enCode,
  icon: menus.icon,
  urlAddress: menus.urlAddress,
  type: menus.type,
  sortCode: menus.sortCode,
};

export const listEnabledMenus = (db: Db, tenantId: string): Promise<MenuRow[]> =>
  db
    .select(menuColumns)
    .from(menus)
    .where(and(eq(menus.tenantId, tenantId), eq(menus.enabled, true)))
    .orderBy(asc(menus.sortCode), asc(menus.fullName));

/** Ids of the menus any of the user's roles grants. */
export const grantedMenuIds = async (db: Db, tenantId: string, userId: string): Promise<Set<string>> => {
  const roleIds = db
    .select({ id: userRoles.roleId })
    .from(userRoles)
    .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)));
  const rows = await db
    .selectDistinct({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .where(and(eq(roleMenus.tenantId, tenantId), inArray(roleMenus.roleId, roleIds)));
  return new Set(rows.map((r) => r.menuId));
};
