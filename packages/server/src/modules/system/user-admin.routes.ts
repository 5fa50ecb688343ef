import {
  envelope,
  releaseLoginLimitResult,
  systemUser,
  systemUserPage,
  userCreateInput,
  userListQuery,
  userPaths,
  userSelectorItem,
  userStatusNames,
  userUpdateInput,
  type SystemUserRow,
} from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { selectorUsers } from './user.repository.js';
import { createUser, deleteUser, getUser, listUsers, releaseLoginLimit, setUserStatus, updateUser } from './user-admin.service.js';

const tags = ['system'];
const permission = 'user';
const idParams = z.object({ id: z.uuid('用户编号格式不正确') });
const ok = <T>(data: T, msg = '成功') => ({ code: 200, msg, data });

/** Staff accounts under /api/system/Permission/Users (spec §7), for holders of the 用户 page. */
export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    userPaths.list,
    { config: { permission }, schema: { tags, summary: '用户列表', querystring: userListQuery, response: { 200: envelope(systemUserPage) } } },
    async (request) => ok(await listUsers(request.db, requireAuth(request), request.query)),
  );

  app.get(
    userPaths.selector,
    {
      // pickers in every module list the tenant's enabled users by name only
      config: { permission: anySignedIn },
      schema: {
        tags,
        summary: '用户选择器',
        querystring: z.strictObject({ keyword: z.string().trim().max(32).optional() }),
        response: { 200: envelope(z.array(userSelectorItem)) },
      },
    },
    async (request) => ok(await selectorUsers(request.db, requireAuth(request).tenantId, request.query.keyword)),
  );

  app.get(
    userPaths.export,
    { config: { permission }, schema: { tags, summary: '导出用户（xlsx）', querystring: userListQuery } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<SystemUserRow>(reply, {
        fileName: '用户',
        sheetName: '用户',
        columns: [
          { header: '账号', value: (u) => u.account },
          { header: '姓名', value: (u) => u.realName },
          { header: '手机号', width: 14, value: (u) => u.mobile },
          { header: '邮箱', width: 24, value: (u) => u.email },
          { header: '组织', width: 20, value: (u) => u.organizationName },
          { header: '岗位', width: 20, value: (u) => u.positions.map((p) => p.name).join('、') },
          { header: '角色', width: 20, value: (u) => u.roles.map((r) => r.name).join('、') },
          { header: '管理员', width: 8, value: (u) => (u.isAdministrator ? '是' : '否') },
          { header: '状态', width: 8, value: (u) => userStatusNames[u.status] ?? String(u.status) },
          { header: '创建时间', width: 20, value: (u) => shanghaiDateTime(new Date(u.createdAt)) },
        ],
        batches: pages(async (currentPage, pageSize) => (await listUsers(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  );

  app.get(
    userPaths.item,
    { config: { permission }, schema: { tags, summary: '用户详情', params: idParams, response: { 200: envelope(systemUser) } } },
    async (request) => ok(await getUser(request.db, requireAuth(request), request.params.id)),
  );

  app.post(
    userPaths.list,
    { config: { permission }, schema: { tags, summary: '新增用户', body: userCreateInput, response: { 200: envelope(systemUser) } } },
    async (request) => ok(await createUser(request.db, requireAuth(request), request.body), '新增成功'),
  );

  app.put(
    userPaths.item,
    {
      config: { permission },
      schema: { tags, summary: '修改用户', params: idParams, body: userUpdateInput, response: { 200: envelope(systemUser) } },
    },
    async (request) => ok(await updateUser(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  );

  app.delete(
    userPaths.item,
    { config: { permission }, schema: { tags, summary: '删除用户', params: idParams, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await deleteUser(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  );

  app.post(
    userPaths.status,
    {
      config: { permission },
      schema: {
        tags,
        summary: '启用或停用用户（停用立即结束其登录）',
        params: z.object({
          id: z.uuid('用户编号格式不正确'),
          status: z.coerce.number().int().refine((v) => v === 0 || v === 1, '状态只能是 1（启用）或 0（停用）'),
        }),
        response: { 200: envelope(z.object({ status: z.number().int(), endedSessions: z.number().int() })) },
      },
    },
    async (request) => {
      const result = await setUserStatus(request.db, requireAuth(request), request.params.id, request.params.status);
      return ok(result, result.status === 1 ? '已启用' : '已停用');
    },
  );

  app.post(
    userPaths.releaseLoginLimit,
    {
      config: { permission },
      schema: {
        tags,
        summary: '解除登录限制（失败的登录不再计入验证码与等待）',
        params: idParams,
        response: { 200: envelope(releaseLoginLimitResult) },
      },
    },
    async (request) => ok(await releaseLoginLimit(request.db, requireAuth(request), request.params.id), '已解除限制'),
  );
};
