import { dictionaries, menus, organizations, positions, roleMenus, roles, tenants, userPositions, userRoles, users } from '../schema/index.js';
import type { Db } from '../client.js';
import { demoDictionaries, demoPositions } from './demo-data.js';
import { menuCatalogue } from './menu-catalogue.js';
import { catalogueCodes } from './menu-sync.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** Copies the catalogue into a tenant's menu table; returns menu ids by folder enCode. */
const seedMenus = async (tx: Tx, tenantId: string) => {
  const pagesByFolder = new Map<string, string[]>();
  const allIds: string[] = [];
  for (const [folderIndex, folder] of menuCatalogue.entries()) {
    const [row] = await tx
      .insert(menus)
      .values({ tenantId, fullName: folder.fullName, enCode: folder.enCode, icon: folder.icon, urlAddress: '', type: 1, sortCode: (folderIndex + 1) * 10 })
      .returning({ id: menus.id });
    const folderId = row!.id;
    const pageRows = await tx
      .insert(menus)
      .values(
        folder.pages.map(([page, fullName, icon], pageIndex) => ({
          tenantId,
          parentId: folderId,
          fullName,
          enCode: page,
          icon,
          urlAddress: `${folder.enCode}/${page}`,
          type: 2,
          sortCode: (pageIndex + 1) * 10,
        })),
      )
      .returning({ id: menus.id });
    const ids = [folderId, ...pageRows.map((p) => p.id)];
    pagesByFolder.set(folder.enCode, ids);
    allIds.push(...ids);
  }
  return { pagesByFolder, allIds };
};

export type TenantValues = Omit<typeof tenants.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export interface FirstAdministrator {
  account: string;
  realName: string;
  passwordHash: string;
}

export const insertTenant = async (tx: Tx, values: TenantValues) => {
  // setUpTenant gives it the whole catalogue: nothing is left for menu-sync.ts to give
  const [tenant] = await tx
    .insert(tenants)
    .values({ ...values, menusOffered: catalogueCodes() })
    .returning({ id: tenants.id });
  return tenant!.id;
};

/**
 * Everything a new tenant starts with, whether seeded or created on the tenant page: its
 * headquarters organization, the standard positions, the whole menu catalogue, the system role
 * every user holds, with every menu, the default dictionaries and a first administrator.
 * Under row-level security the caller runs this with `app.tenant_id` set to the new tenant.
 */
export const setUpTenant = async (tx: Tx, tenantId: string, values: TenantValues, admin: FirstAdministrator) => {
  const [org] = await tx
    .insert(organizations)
    .values({ tenantId, name: values.name, code: `${values.code}-hq` })
    .returning({ id: organizations.id });
  const positionRows = await tx
    .insert(positions)
    .values(demoPositions.map((p, i) => ({ tenantId, organizationId: org!.id, ...p, sortCode: i })))
    .returning({ id: positions.id, code: positions.code });
  const positionIds = new Map(positionRows.map((p) => [p.code, p.id]));

  const { pagesByFolder, allIds } = await seedMenus(tx, tenantId);
  const [systemRole] = await tx.insert(roles).values({ tenantId, name: '系统管理员', code: 'admin', isSystem: true, description: '拥有全部菜单' }).returning({ id: roles.id });
  await tx.insert(roleMenus).values(allIds.map((menuId) => ({ tenantId, roleId: systemRole!.id, menuId })));

  await tx
    .insert(dictionaries)
    .values(Object.entries(demoDictionaries).flatMap(([dictName, entries]) => entries.map(([value, label], sortCode) => ({ tenantId, dictName, value, label, sortCode }))));

  const addUser = async (user: { account: string; realName: string; passwordHash: string; isAdministrator: boolean; position: string; roleId: string }) => {
    const [row] = await tx
      .insert(users)
      .values({ tenantId, account: user.account, realName: user.realName, passwordHash: user.passwordHash, isAdministrator: user.isAdministrator, organizationId: org!.id })
      .returning({ id: users.id });
    await tx.insert(userPositions).values({ tenantId, userId: row!.id, positionId: positionIds.get(user.position)! });
    await tx.insert(userRoles).values({ tenantId, userId: row!.id, roleId: user.roleId });
    return row!.id;
  };
  const adminId = await addUser({ ...admin, isAdministrator: true, position: 'manager', roleId: systemRole!.id });
  return { tenantId, adminId, organizationId: org!.id, systemRoleId: systemRole!.id, pagesByFolder, addUser };
};
