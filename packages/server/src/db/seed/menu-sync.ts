import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { menus, roleMenus, roles, tenants } from '../schema/index.js';
import { menuCatalogue } from './menu-catalogue.js';

/** Every folder and page of the catalogue, by enCode. */
export const catalogueCodes = (): string[] => menuCatalogue.flatMap((folder) => [folder.enCode, ...folder.pages.map(([page]) => page)]);

export interface MenusGiven {
  tenantCode: string;
  /** the enCodes of the menus added to the tenant and to its 系统管理员 role */
  added: string[];
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One tenant's share of the sync, in its own transaction: the menus it was never given, added where their folder still is. */
const giveTenant = async (tx: Tx, tenantId: string, offered: ReadonlySet<string>): Promise<string[]> => {
  const held = new Map((await tx.select({ id: menus.id, enCode: menus.enCode }).from(menus).where(eq(menus.tenantId, tenantId))).map((row) => [row.enCode, row.id]));
  const added: { id: string; enCode: string }[] = [];
  for (const [folderIndex, folder] of menuCatalogue.entries()) {
    let folderId = held.get(folder.enCode);
    if (folderId === undefined && !offered.has(folder.enCode)) {
      const [row] = await tx
        .insert(menus)
        .values({ tenantId, fullName: folder.fullName, enCode: folder.enCode, icon: folder.icon, urlAddress: '', type: 1, sortCode: (folderIndex + 1) * 10 })
        .returning({ id: menus.id });
      folderId = row!.id;
      added.push({ id: folderId, enCode: folder.enCode });
    }
    // a folder the tenant removed takes no new page: it chose to be without it
    if (folderId === undefined) continue;
    for (const [pageIndex, [page, fullName, icon]] of folder.pages.entries()) {
      if (offered.has(page) || held.has(page)) continue;
      const [row] = await tx
        .insert(menus)
        .values({ tenantId, parentId: folderId, fullName, enCode: page, icon, urlAddress: `${folder.enCode}/${page}`, type: 2, sortCode: (pageIndex + 1) * 10 })
        .returning({ id: menus.id });
      added.push({ id: row!.id, enCode: page });
    }
  }
  if (added.length > 0) {
    // the role every tenant starts with, which holds every menu (tenant-setup.ts); other roles are the tenant's to grant
    const system = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.tenantId, tenantId), eq(roles.isSystem, true), eq(roles.code, 'admin')));
    if (system.length > 0) await tx.insert(roleMenus).values(system.flatMap((role) => added.map(({ id }) => ({ tenantId, roleId: role.id, menuId: id }))));
  }
  await tx.update(tenants).set({ menusOffered: catalogueCodes() }).where(eq(tenants.id, tenantId));
  return added.map(({ enCode }) => enCode);
};

/**
 * Gives every tenant the catalogue menus it has never been given (the pages an upgrade brings, such
 * as 系统管理 › 备份), each under its folder and granted to the tenant's 系统管理员 role, once: a
 * page a tenant removed in 菜单管理 is not given again. Runs at start after the migrations; a fresh
 * tenant is given the whole catalogue when it is set up, so it has nothing to sync.
 */
export const syncMenuCatalogue = async (db: Db): Promise<MenusGiven[]> => {
  const codes = catalogueCodes();
  const all = await db.select({ id: tenants.id, code: tenants.code, offered: tenants.menusOffered }).from(tenants);
  const given: MenusGiven[] = [];
  for (const tenant of all) {
    const offered = new Set(tenant.offered);
    if (codes.every((code) => offered.has(code))) continue;
    const added = await db.transaction((tx) => giveTenant(tx, tenant.id, offered));
    if (added.length > 0) given.push({ tenantCode: tenant.code, added });
  }
  return given;
};
