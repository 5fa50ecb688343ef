import { roleEndpoints as endpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { menuAdminTree } from './menu-admin.service.js';
import { selectorRoles } from './role.repository.js';
import { createRole, deleteRole, getRole, listRoles, setRoleMenus, updateRole } from './role.service.js';

const tags = ['system'];
const permission = 'role';

/** Roles and the menus they grant, under /api/system/Permission/Role, for holders of the 角色 page. */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '角色列表', permission, replicaSafe: true }),
    handler: async (request) => ok(await listRoles(request.db, requireAuth(request), request.query)),
  });

  app.route({
    // the user form picks roles by name only
    ...routeOf(endpoints.selector, { tags, summary: '角色选择器', permission: anySignedIn }),
    handler: async (request) => ok(await selectorRoles(request.db, requireAuth(request).tenantId, request.query.keyword)),
  });

  app.route({
    ...routeOf(endpoints.menuCatalogue, { tags, summary: '可授权的菜单树（含停用菜单）', permission }),
    handler: async (request) => ok(await menuAdminTree(request.db, requireAuth(request))),
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '角色详情（含已授权菜单）', permission }),
    handler: async (request) => ok(await getRole(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.create, { tags, summary: '新增角色', permission }),
    handler: async (request) => ok(await createRole(request.db, requireAuth(request), request.body), '新增成功'),
  });

  app.route({
    ...routeOf(endpoints.update, { tags, summary: '修改角色', permission }),
    handler: async (request) => ok(await updateRole(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  });

  app.route({
    ...routeOf(endpoints.setMenus, { tags, summary: '设置角色的菜单权限（整体替换；页面的上级目录自动授权）', permission }),
    handler: async (request) => ok(await setRoleMenus(request.db, requireAuth(request), request.params.id, request.body.menuIds), '授权成功'),
  });

  app.route({
    ...routeOf(endpoints.remove, { tags, summary: '删除角色（系统角色或有用户担任时不能删除）', permission }),
    handler: async (request) => {
      await deleteRole(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  });
};
