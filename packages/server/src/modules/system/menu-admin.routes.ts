import { envelope, menuAdminItem, menuAdminNode, menuAdminPaths, menuInput } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import { createMenu, deleteMenu, getMenu, menuAdminTree, updateMenu } from './menu-admin.service.js';

const tags = ['system'];
const permission = 'menu';
const idParams = z.object({ id: z.uuid('菜单编号格式不正确') });
const ok = <T>(data: T, msg = '成功') => ({ code: 200, msg, data });

/**
 * The menu editor under /api/system/Permission/Menu, for holders of the 菜单 page. Users see a
 * change at their next CurrentUser, which reads the menus afresh.
 */
export const menuAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    menuAdminPaths.list,
    { config: { permission }, schema: { tags, summary: '菜单树（含停用菜单）', response: { 200: envelope(z.array(menuAdminNode)) } } },
    async (request) => ok(await menuAdminTree(request.db, requireAuth(request))),
  );

  app.get(
    menuAdminPaths.item,
    { config: { permission }, schema: { tags, summary: '菜单详情', params: idParams, response: { 200: envelope(menuAdminItem) } } },
    async (request) => ok(await getMenu(request.db, requireAuth(request), request.params.id)),
  );

  app.post(
    menuAdminPaths.list,
    { config: { permission }, schema: { tags, summary: '新增菜单', body: menuInput, response: { 200: envelope(menuAdminItem) } } },
    async (request) => ok(await createMenu(request.db, requireAuth(request), request.body), '新增成功'),
  );

  app.put(
    menuAdminPaths.item,
    {
      config: { permission },
      schema: { tags, summary: '修改菜单', params: idParams, body: menuInput, response: { 200: envelope(menuAdminItem) } },
    },
    async (request) => ok(await updateMenu(request.db, requireAuth(request), request.params.id, request.body, app.routePermissions), '修改成功'),
  );

  app.delete(
    menuAdminPaths.item,
    {
      config: { permission },
      schema: { tags, summary: '删除菜单（有下级菜单时不能删除；一并收回各角色的授权）', params: idParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await deleteMenu(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  );
};
