import { envelope, position, positionInput, positionListQuery, positionPage, positionPaths, positionSelectorItem } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { selectorPositions } from './position.repository.js';
import { createPosition, deletePosition, getPosition, listPositions, updatePosition } from './position.service.js';

const tags = ['system'];
const permission = 'position';
const idParams = z.object({ id: z.uuid('岗位编号格式不正确') });
const ok = <T>(data: T, msg = '成功') => ({ code: 200, msg, data });

/** Positions under /api/system/Permission/Position, for holders of the 岗位 page. */
export const positionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    positionPaths.list,
    { config: { permission }, schema: { tags, summary: '岗位列表', querystring: positionListQuery, response: { 200: envelope(positionPage) } } },
    async (request) => ok(await listPositions(request.db, requireAuth(request), request.query)),
  );

  app.get(
    positionPaths.selector,
    {
      // the user form of every administrator picks positions by name only
      config: { permission: anySignedIn },
      schema: {
        tags,
        summary: '岗位选择器',
        querystring: z.strictObject({ keyword: z.string().trim().max(32).optional() }),
        response: { 200: envelope(z.array(positionSelectorItem)) },
      },
    },
    async (request) => ok(await selectorPositions(request.db, requireAuth(request).tenantId, request.query.keyword)),
  );

  app.get(
    positionPaths.item,
    { config: { permission }, schema: { tags, summary: '岗位详情', params: idParams, response: { 200: envelope(position) } } },
    async (request) => ok(await getPosition(request.db, requireAuth(request), request.params.id)),
  );

  app.post(
    positionPaths.list,
    { config: { permission }, schema: { tags, summary: '新增岗位', body: positionInput, response: { 200: envelope(position) } } },
    async (request) => ok(await createPosition(request.db, requireAuth(request), request.body), '新增成功'),
  );

  app.put(
    positionPaths.item,
    {
      config: { permission },
      schema: { tags, summary: '修改岗位', params: idParams, body: positionInput, response: { 200: envelope(position) } },
    },
    async (request) => ok(await updatePosition(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  );

  app.delete(
    positionPaths.item,
    {
      config: { permission },
      schema: { tags, summary: '删除岗位（有用户担任时不能删除）', params: idParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await deletePosition(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  );
};
