import { dictDetail, dictDetailInput, dictDetailQuery, dictionaryPaths, envelope, pagedList } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { createDictDetail, deleteDictDetail, listDictionary, updateDictDetail } from './dictionary.service.js';

const tags = ['system'];
const idParams = z.object({ id: z.uuid('字典项编号格式不正确') });

/** Spec §7 dictionaries: every page reads its options here; only 字典 holders change them. */
export const dictionaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    dictionaryPaths.list,
    {
      config: { permission: anySignedIn },
      schema: { tags, summary: '字典项（按字典名称）', querystring: dictDetailQuery, response: { 200: envelope(pagedList(dictDetail)) } },
    },
    async (request) => ({ code: 200, msg: '成功', data: await listDictionary(request.db, requireAuth(request), request.query) }),
  );

  app.post(
    dictionaryPaths.list,
    {
      config: { permission: 'dictionary' },
      schema: { tags, summary: '新增字典项', body: dictDetailInput, response: { 200: envelope(dictDetail) } },
    },
    async (request) => ({ code: 200, msg: '新增成功', data: await createDictDetail(request.db, requireAuth(request), request.body) }),
  );

  app.put(
    dictionaryPaths.item,
    {
      config: { permission: 'dictionary' },
      schema: { tags, summary: '修改字典项', params: idParams, body: dictDetailInput, response: { 200: envelope(dictDetail) } },
    },
    async (request) => ({
      code: 200,
      msg: '修改成功',
      data: await updateDictDetail(request.db, requireAuth(request), request.params.id, request.body),
    }),
  );

  app.delete(
    dictionaryPaths.item,
    { config: { permission: 'dictionary' }, schema: { tags, summary: '删除字典项', params: idParams, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await deleteDictDetail(request.db, requireAuth(request), request.params.id);
      return { code: 200, msg: '删除成功', data: null };
    },
  );
};
