import { organizationEndpoints as endpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { createOrganization, deleteOrganization, getOrganization, organizationTree, updateOrganization } from './organization.service.js';

const tags = ['system'];
const permission = 'organize';

/** The tenant's organization tree under /api/system/Permission/Organize, for holders of the 组织 page. */
export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.tree, { tags, summary: '组织树', permission }),
    handler: async (request) => ok(await organizationTree(request.db, requireAuth(request))),
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '组织详情', permission }),
    handler: async (request) => ok(await getOrganization(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.create, { tags, summary: '新增组织', permission }),
    handler: async (request) => ok(await createOrganization(request.db, requireAuth(request), request.body), '新增成功'),
  });

  app.route({
    ...routeOf(endpoints.update, { tags, summary: '修改组织', permission }),
    handler: async (request) => ok(await updateOrganization(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  });

  app.route({
    ...routeOf(endpoints.remove, { tags, summary: '删除组织（有下级组织、用户或岗位时不能删除）', permission }),
    handler: async (request) => {
      await deleteOrganization(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  });
};
