import type { Role, RoleDetail, RoleValues, RoleListQuery } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { listMenuRows } from './menu-admin.repository.js';
import { recordOperation } from './operation-log.service.js';
import { deleteRoleRow, findRole, insertRole, pageRoles, replaceRoleMenus, roleCodeTaken, roleHolderCounts, roleMenuIds, updateRoleRow, type RoleRow } from './role.repository.js';

type Input = RoleValues;

const toRole = (row: RoleRow, userCount: number): Role => ({
  id: row.id,
  name: row.name,
  code: row.code,
  description: row.description,
  isSystem: row.isSystem,
  userCount,
  createdAt: row.createdAt.toISOString(),
});

const systemRoleRefusal = (role: Role, what: string) => `「${role.name}」是系统角色，拥有全部菜单，${what}`;

export const listRoles = async (db: Db, auth: AuthContext, query: RoleListQuery & { currentPage: number; pageSize: number }) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageRoles(db, auth.tenantId, filter, page);
  const holders = await roleHolderCounts(
    db,
    auth.tenantId,
    rows.map((r) => r.id),
  );
  return pageAnswer(rows, page, total, (r) => toRole(r, holders.get(r.id) ?? 0));
};

export const getRole = async (db: Db, auth: AuthContext, id: string): Promise<RoleDetail> => {
  const row = await findRole(db, auth.tenantId, id);
  if (!row) throw notFound('角色不存在或已删除');
  const holders = await roleHolderCounts(db, auth.tenantId, [id]);
  return { ...toRole(row, holders.get(id) ?? 0), menuIds: await roleMenuIds(db, auth.tenantId, id) };
};

const ensureUniqueCode = async (db: Db, tenantId: string, code: string, exceptId?: string) => {
  if (await roleCodeTaken(db, tenantId, code, exceptId)) throw conflict(`角色编码「${code}」已存在`, 'code');
};

export const createRole = async (db: Db, auth: AuthContext, input: Input) => {
  await ensureUniqueCode(db, auth.tenantId, input.code);
  const id = await insertRole(db, auth.tenantId, { name: input.name, code: input.code, description: input.description });
  const created = await getRole(db, auth, id);
  await recordOperation(db, auth, {
    module: 'system',
    action: 'create',
    target: 'role',
    targetId: created.id,
    summary: `新增角色「${created.name}」`,
    after: created,
  });
  return created;
};

export const updateRole = async (db: Db, auth: AuthContext, id: string, input: Input) => {
  const before = await getRole(db, auth, id);
  await ensureUniqueCode(db, auth.tenantId, input.code, id);
  await updateRoleRow(db, auth.tenantId, id, { name: input.name, code: input.code, description: input.description });
  const after = await getRole(db, auth, id);
  await recordOperation(db, auth, {
    module: 'system',
    action: 'update',
    target: 'role',
    targetId: id,
    summary: `修改角色「${after.name}」`,
    before,
    after,
  });
  return after;
};

/**
 * Replaces the menus a role grants. Every id must be the tenant's own menu; the folders above a
 * granted page are granted with it, so the page has somewhere to hang in the sidebar.
 */
export const setRoleMenus = async (db: Db, auth: AuthContext, id: string, menuIds: string[]) => {
  const before = await getRole(db, auth, id);
  if (before.isSystem) throw badRequest(systemRoleRefusal(before, '不能修改其菜单权限'));
  const menus = new Map((await listMenuRows(db, auth.tenantId)).map((m) => [m.id, m]));
  if (menuIds.some((menuId) => !menus.has(menuId))) throw badRequest('所选菜单不存在');
  const granted = new Set<string>();
  for (const menuId of menuIds) {
    for (let menu = menus.get(menuId); menu && !granted.has(menu.id); menu = menu.parentId ? menus.get(menu.parentId) : undefined) {
      granted.add(menu.id);
    }
  }
  await replaceRoleMenus(db, auth.tenantId, id, [...granted]);
  const after = await getRole(db, auth, id);
  await recordOperation(db, auth, {
    module: 'system',
    action: 'update',
    target: 'role',
    targetId: id,
    summary: `修改角色「${after.name}」的菜单权限`,
    before: { menuIds: before.menuIds },
    after: { menuIds: after.menuIds },
  });
  return after;
};

export const deleteRole = async (db: Db, auth: AuthContext, id: string) => {
  const before = await getRole(db, auth, id);
  if (before.isSystem) throw badRequest(systemRoleRefusal(before, '不能删除'));
  if (before.userCount > 0) throw badRequest(`角色「${before.name}」下还有${before.userCount}个用户，不能删除`);
  await deleteRoleRow(db, auth.tenantId, id);
  await recordOperation(db, auth, {
    module: 'system',
    action: 'delete',
    target: 'role',
    targetId: id,
    summary: `删除角色「${before.name}」`,
    before,
  });
};
