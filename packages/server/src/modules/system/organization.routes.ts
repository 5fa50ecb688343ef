import { envelope, organization, organizationInput, organizationNode, organizationPaths } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import {
  createOrganization,
  deleteOrganization,
  getOrganization,
  organizationTree,
  updateOrganization,
} from './organization.service.js';

const tags = ['system'];
const permission = 'organize';
const idParams = z.object({ id: z.uuid('组织编号格式不正确') });
const ok = <T>(data: T, msg = '成功') => ({ code: 200, msg, data });

/** The tenant's organization tree under /api/system/Permission/Organize, for holders of the 组织 page. */
export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    organizationPaths.list,
    { config: { permission }, schema: { tags, summary: '组织树', response: { 200: envelope(z.array(organizationNode)) } } },
    async (request) => ok(await organizationTree(request.db, requireAuth(request))),
  );

  app.get(
    organizationPaths.item,
    { config: { permission }, schema: { tags, summary: '组织详情', params: idParams, response: { 200: envelope(organization) } } },
    async (request) => ok(await getOrganization(request.db, requireAuth(request), request.params.id)),
  );

  app.post(
    organizationPaths.list,
    { config: { permission }, schema: { tags, summary: '新增组织', body: organizationInput, response: { 200: envelope(organization) } } },
    async (request) => ok(await createOrganization(request.db, requireAuth(request), request.body), '新增成功'),
  );

  app.put(
    organizationPaths.item,
    {
      config: { permission },
      schema: { tags, summary: '修改组织', params: idParams, body: organizationInput, response: { 200: envelope(organization) } },
    },
    async (request) => ok(await updateOrganization(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  );

  app.delete(
    organizationPaths.item,
    {
      config: { permission },
      schema: { tags, summary: '删除组织（有下级组织、用户或岗位时不能删除）', params: idParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await deleteOrganization(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  );
};
