import { dictionaryEndpoints as endpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { createDictDetail, deleteDictDetail, listDictionary, updateDictDetail } from './dictionary.service.js';

const tags = ['system'];
const permission = 'dictionary';

/** Dictionaries: every page reads its options here; only 字典 holders change them. */
export const dictionaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '字典项（按字典名称）', permission: anySignedIn, replicaSafe: true }),
    handler: async (request) => ok(await listDictionary(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.create, { tags, summary: '新增字典项', permission }),
    handler: async (request) => ok(await createDictDetail(request.db, requireAuth(request), request.body), '新增成功'),
  });

  app.route({
    ...routeOf(endpoints.update, { tags, summary: '修改字典项', permission }),
    handler: async (request) => ok(await updateDictDetail(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  });

  app.route({
    ...routeOf(endpoints.remove, { tags, summary: '删除字典项', permission }),
    handler: async (request) => {
      await deleteDictDetail(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  });
};
