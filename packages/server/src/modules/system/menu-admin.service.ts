import { menuMaxDepth, type MenuAdminItem, type MenuAdminNode, type MenuValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { depthOf, heightOf, nestRows, wouldCycle } from './identity-tree.js';
import {
  deleteMenuGrants,
  deleteMenuRow,
  findMenuRow,
  grantToSystemRoles,
  insertMenu,
  listMenuRows,
  menuEnCodeTaken,
  menuGrantRoleIds,
  updateMenuRow,
  type MenuAdminRow,
} from './menu-admin.repository.js';
import { recordOperation } from './operation-log.service.js';

type Input = MenuValues;

const toItem = (row: MenuAdminRow): MenuAdminItem => ({
  id: row.id,
  parentId: row.parentId,
  fullName: row.fullName,
  enCode: row.enCode,
  icon: row.icon,
  urlAddress: row.urlAddress,
  type: row.type,
  sortCode: row.sortCode,
  enabled: row.enabled,
});

/** The whole menu, disabled entries included, for the menu editor. */
export const menuAdminTree = async (db: Db, auth: AuthContext): Promise<MenuAdminNode[]> =>
  nestRows(await listMenuRows(db, auth.tenantId), (row, children: MenuAdminNode[]) => ({ ...toItem(row), children }));

export const getMenu = async (db: Db, auth: AuthContext, id: string) => {
  const row = await findMenuRow(db, auth.tenantId, id);
  if (!row) throw notFound('菜单不存在或已删除');
  return toItem(row);
};

/**
 * Where a menu may sit: under one of the tenant's folders (never under a page, itself or its own
 * descendants), at most three levels deep counting whatever hangs below it; a page has no children.
 */
const checkPlace = async (db: Db, tenantId: string, input: Input, id?: string) => {
  const all = await listMenuRows(db, tenantId);
  if (input.parentId !== null) {
    const parent = all.find((m) => m.id === input.parentId);
    if (!parent) throw badRequest('所选上级菜单不存在');
    if (id && wouldCycle(all, id, input.parentId)) throw badRequest('上级菜单不能是本菜单或其下级菜单');
    if (parent.type !== 1) throw badRequest(`上级菜单「${parent.fullName}」是页面，页面下不能再有菜单`);
  }
  if (id && input.type === 2 && all.some((m) => m.parentId === id)) throw badRequest('该菜单下还有下级菜单，不能改为页面');
  const levels = (input.parentId ? depthOf(all, input.parentId) : 0) + (id ? heightOf(all, id) : 1);
  if (levels > menuMaxDepth) throw badRequest(`菜单最多${menuMaxDepth}级，放在这里会有${levels}级`);
};

const ensureUniqueEnCode = async (db: Db, tenantId: string, enCode: string, exceptId?: string) => {
  if (await menuEnCodeTaken(db, tenantId, enCode, exceptId)) throw conflict(`菜单编码「${enCode}」已存在`, 'enCode');
};

const menuValues = (input: Input) => ({
  parentId: input.parentId,
  fullName: input.fullName,
  enCode: input.enCode,
  icon: input.icon,
  urlAddress: input.urlAddress,
  type: input.type,
  sortCode: input.sortCode,
  enabled: input.enabled,
});

export const createMenu = async (db: Db, auth: AuthContext, input: Input) => {
  await ensureUniqueEnCode(db, auth.tenantId, input.enCode);
  await checkPlace(db, auth.tenantId, input);
  const id = await insertMenu(db, auth.tenantId, menuValues(input));
  const systemRoleIds = await grantToSystemRoles(db, auth.tenantId, id);
  const created = await getMenu(db, auth, id);
  await recordOperation(db, auth, {
    module: 'system',
    action: 'create',
    target: 'menu',
    targetId: created.id,
    summary: `新增菜单「${created.fullName}」`,
    after: { ...created, roleIds: systemRoleIds },
  });
  return created;
};

export const updateMenu = async (db: Db, auth: AuthContext, id: string, input: Input, routePermissions: ReadonlySet<string> = new Set()) => {
  const before = await getMenu(db, auth, id);
  if (before.enCode !== input.enCode && routePermissions.has(before.enCode)) {
    throw badRequest(`菜单编码「${before.enCode}」是接口权限的依据，改名会使持有该菜单的用户无法使用对应功能，不能修改`);
  }
  await ensureUniqueEnCode(db, auth.tenantId, input.enCode, id);
  await checkPlace(db, auth.tenantId, input, id);
  await updateMenuRow(db, auth.tenantId, id, menuValues(input), new Date());
  const after = await getMenu(db, auth, id);
  await recordOperation(db, auth, {
    module: 'system',
    action: 'update',
    target: 'menu',
    targetId: id,
    summary: `修改菜单「${after.fullName}」`,
    before,
    after,
  });
  return after;
};

/** Deletes a menu without children, and with it every role's grant of it. */
export const deleteMenu = async (db: Db, auth: AuthContext, id: string) => {
  const menu = await getMenu(db, auth, id);
  const all = await listMenuRows(db, auth.tenantId);
  const children = all.filter((m) => m.parentId === id).length;
  if (children > 0) throw badRequest(`菜单「${menu.fullName}」下还有${children}个下级菜单，不能删除`);
  const roleIds = await menuGrantRoleIds(db, auth.tenantId, id);
  await deleteMenuGrants(db, auth.tenantId, id);
  await deleteMenuRow(db, auth.tenantId, id);
  await recordOperation(db, auth, {
    module: 'system',
    action: 'delete',
    target: 'menu',
    targetId: id,
    summary: `删除菜单「${menu.fullName}」`,
    before: { ...menu, roleIds },
  });
};
