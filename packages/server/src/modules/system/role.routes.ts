import { envelope, menuAdminNode, roleDetail, roleInput, roleListQuery, roleMenusInput, rolePage, rolePaths, roleSelectorItem } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { menuAdminTree } from './menu-admin.service.js';
import { selectorRoles } from './role.repository.js';
import { createRole, deleteRole, getRole, listRoles, setRoleMenus, updateRole } from './role.service.js';

const tags = ['system'];
const permission = 'role';
const idParams = z.object({ id: z.uuid('角色编号格式不正确') });
const ok = <T>(data: T, msg = '成功') => ({ code: 200, msg, data });

/** Roles and the menus they grant, under /api/system/Permission/Role, for holders of the 角色 page. */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    rolePaths.list,
    { config: { permission }, schema: { tags, summary: '角色列表', querystring: roleListQuery, response: { 200: envelope(rolePage) } } },
    async (request) => ok(await listRoles(request.db, requireAuth(request), request.query)),
  );

  app.get(
    rolePaths.selector,
    {
      // the user form picks roles by name only
      config: { permission: anySignedIn },
      schema: {
        tags,
        summary: '角色选择器',
        querystring: z.strictObject({ keyword: z.string().trim().max(32).optional() }),
        response: { 200: envelope(z.array(roleSelectorItem)) },
      },
    },
    async (request) => ok(await selectorRoles(request.db, requireAuth(request).tenantId, request.query.keyword)),
  );

  app.get(
    rolePaths.menuCatalogue,
    {
      config: { permission },
      schema: { tags, summary: '可授权的菜单树（含停用菜单）', response: { 200: envelope(z.array(menuAdminNode)) } },
    },
    async (request) => ok(await menuAdminTree(request.db, requireAuth(request))),
  );

  app.get(
    rolePaths.item,
    { config: { permission }, schema: { tags, summary: '角色详情（含已授权菜单）', params: idParams, response: { 200: envelope(roleDetail) } } },
    async (request) => ok(await getRole(request.db, requireAuth(request), request.params.id)),
  );

  app.post(
    rolePaths.list,
    { config: { permission }, schema: { tags, summary: '新增角色', body: roleInput, response: { 200: envelope(roleDetail) } } },
    async (request) => ok(await createRole(request.db, requireAuth(request), request.body), '新增成功'),
  );

  app.put(
    rolePaths.item,
    {
      config: { permission },
      schema: { tags, summary: '修改角色', params: idParams, body: roleInput, response: { 200: envelope(roleDetail) } },
    },
    async (request) => ok(await updateRole(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  );

  app.put(
    rolePaths.menus,
    {
      config: { permission },
      schema: {
        tags,
        summary: '设置角色的菜单权限（整体替换；页面的上级目录自动授权）',
        params: idParams,
        body: roleMenusInput,
        response: { 200: envelope(roleDetail) },
      },
    },
    async (request) => ok(await setRoleMenus(request.db, requireAuth(request), request.params.id, request.body.menuIds), '授权成功'),
  );

  app.delete(
    rolePaths.item,
    {
      config: { permission },
      schema: { tags, summary: '删除角色（系统角色或有用户担任时不能删除）', params: idParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await deleteRole(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  );
};
