import { menuAdminEndpoints as endpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { createMenu, deleteMenu, getMenu, menuAdminTree, updateMenu } from './menu-admin.service.js';

const tags = ['system'];
const permission = 'menu';

/**
 * The menu editor under /api/system/Permission/Menu, for holders of the 菜单 page. Users see a
 * change at their next CurrentUser, which reads the menus afresh.
 */
export const menuAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.tree, { tags, summary: '菜单树（含停用菜单）', permission }),
    handler: async (request) => ok(await menuAdminTree(request.db, requireAuth(request))),
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '菜单详情', permission }),
    handler: async (request) => ok(await getMenu(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.create, { tags, summary: '新增菜单', permission }),
    handler: async (request) => ok(await createMenu(request.db, requireAuth(request), request.body), '新增成功'),
  });

  app.route({
    ...routeOf(endpoints.update, { tags, summary: '修改菜单', permission }),
    handler: async (request) => ok(await updateMenu(request.db, requireAuth(request), request.params.id, request.body, app.routePermissions), '修改成功'),
  });

  app.route({
    ...routeOf(endpoints.remove, { tags, summary: '删除菜单（有下级菜单时不能删除；一并收回各角色的授权）', permission }),
    handler: async (request) => {
      await deleteMenu(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  });
};
