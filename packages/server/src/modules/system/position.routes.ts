import { positionEndpoints as endpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { selectorPositions } from './position.repository.js';
import { createPosition, deletePosition, getPosition, listPositions, updatePosition } from './position.service.js';

const tags = ['system'];
const permission = 'position';

/** Positions under /api/system/Permission/Position, for holders of the 岗位 page. */
export const positionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '岗位列表', permission, replicaSafe: true }),
    handler: async (request) => ok(await listPositions(request.db, requireAuth(request), request.query)),
  });

  app.route({
    // the user form of every administrator picks positions by name only
    ...routeOf(endpoints.selector, { tags, summary: '岗位选择器', permission: anySignedIn }),
    handler: async (request) => ok(await selectorPositions(request.db, requireAuth(request).tenantId, request.query.keyword)),
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '岗位详情', permission }),
    handler: async (request) => ok(await getPosition(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.create, { tags, summary: '新增岗位', permission }),
    handler: async (request) => ok(await createPosition(request.db, requireAuth(request), request.body), '新增成功'),
  });

  app.route({
    ...routeOf(endpoints.update, { tags, summary: '修改岗位', permission }),
    handler: async (request) => ok(await updatePosition(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  });

  app.route({
    ...routeOf(endpoints.remove, { tags, summary: '删除岗位（有用户担任时不能删除）', permission }),
    handler: async (request) => {
      await deletePosition(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  });
};
