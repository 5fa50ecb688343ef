import { maskMobile, userEndpoints as endpoints, userStatusNames, type SystemUserRow } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { selectorUsers } from './user.repository.js';
import { createUser, deleteUser, getUser, listUsers, releaseLoginLimit, setUserStatus, updateUser } from './user-admin.service.js';

const tags = ['system'];
const permission = 'user';

/** Staff accounts under /api/system/Permission/Users, for holders of the 用户 page. */
export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '用户列表', permission, replicaSafe: true }),
    handler: async (request) => ok(await listUsers(request.db, requireAuth(request), request.query, app.now())),
  });

  app.route({
    // pickers in every module list the tenant's enabled users by name only
    ...routeOf(endpoints.selector, { tags, summary: '用户选择器', permission: anySignedIn }),
    handler: async (request) => ok(await selectorUsers(request.db, requireAuth(request).tenantId, request.query.keyword)),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出用户（xlsx）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<SystemUserRow>(reply, {
        fileName: '用户',
        sheetName: '用户',
        columns: [
          { header: '账号', value: (u) => u.account },
          { header: '姓名', value: (u) => u.realName },
          // the list's phones are masked wherever they are shown; only the edit form has the whole number
          { header: '手机号', width: 14, value: (u) => maskMobile(u.mobile) },
          { header: '邮箱', width: 24, value: (u) => u.email },
          { header: '组织', width: 20, value: (u) => u.organizationName },
          { header: '岗位', width: 20, value: (u) => u.positions.map((p) => p.name).join('、') },
          { header: '角色', width: 20, value: (u) => u.roles.map((r) => r.name).join('、') },
          { header: '管理员', width: 8, value: (u) => (u.isAdministrator ? '是' : '否') },
          { header: '状态', width: 8, value: (u) => userStatusNames[u.status] ?? String(u.status) },
          { header: '创建时间', width: 20, value: (u) => shanghaiDateTime(new Date(u.createdAt)) },
        ],
        batches: pages(async (currentPage, pageSize) => (await listUsers(request.db, auth, { ...filter, currentPage, pageSize }, app.now())).list),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '用户详情', permission }),
    handler: async (request) => ok(await getUser(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.create, { tags, summary: '新增用户', permission }),
    handler: async (request) => ok(await createUser(request.db, requireAuth(request), request.body), '新增成功'),
  });

  app.route({
    ...routeOf(endpoints.update, { tags, summary: '修改用户', permission }),
    handler: async (request) => ok(await updateUser(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  });

  app.route({
    ...routeOf(endpoints.remove, { tags, summary: '删除用户', permission }),
    handler: async (request) => {
      await deleteUser(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  });

  app.route({
    ...routeOf(endpoints.setStatus, { tags, summary: '启用或停用用户（停用立即结束其登录）', permission }),
    handler: async (request) => {
      const result = await setUserStatus(request.db, requireAuth(request), request.params.id, request.params.status);
      return ok(result, result.status === 1 ? '已启用' : '已停用');
    },
  });

  app.route({
    ...routeOf(endpoints.releaseLoginLimit, { tags, summary: '解除登录限制（失败的登录不再计入验证码与等待）', permission }),
    handler: async (request) => ok(await releaseLoginLimit(request.db, requireAuth(request), request.params.id, app.now()), '已解除限制'),
  });
};
