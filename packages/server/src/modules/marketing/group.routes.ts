import { type Group, groupEndpoints as endpoints, maskMobile } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { createGroup, deleteGroup, getGroup, groupOptions, listGroups, updateGroup } from './group.service.js';

const tags = ['marketing'];
const permission = 'group';

/** 集团 under /api/system/Group, for holders of the 集团 page. */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '集团列表', permission, replicaSafe: true }),
    handler: async (request) => ok(await listGroups(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出集团（xlsx）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<Group>(reply, {
        fileName: '集团',
        sheetName: '集团',
        columns: [
          { header: '集团名称', width: 24, value: (g) => g.name },
          { header: '联系人', width: 12, value: (g) => g.contact },
          // masked as in the list: an export leaves the console, and only the edit form has the whole number
          { header: '联系电话', width: 14, value: (g) => maskMobile(g.phone) },
          { header: '集团卡数', width: 10, value: (g) => g.cardCount },
          { header: '状态', width: 8, value: (g) => (g.enabled ? '启用' : '停用') },
          { header: '备注', width: 24, value: (g) => g.remark },
          { header: '创建时间', width: 20, value: (g) => shanghaiDateTime(new Date(g.createdAt)) },
        ],
        batches: pages(async (currentPage, pageSize) => (await listGroups(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });

  // the 集团卡 page picks a group: holders of either page may read the names
  app.route({
    ...routeOf(endpoints.options, { tags, summary: '集团下拉选项（集团卡页面用）', permission: ['group', 'groupCard'] }),
    handler: async (request) => ok(await groupOptions(request.db, requireAuth(request))),
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '集团详情', permission }),
    handler: async (request) => ok(await getGroup(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.create, { tags, summary: '新增集团（名称在租户内唯一）', permission }),
    handler: async (request) => ok(await createGroup(request.db, requireAuth(request), request.body), '新增成功'),
  });

  app.route({
    ...routeOf(endpoints.update, { tags, summary: '修改集团', permission }),
    handler: async (request) => ok(await updateGroup(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  });

  app.route({
    ...routeOf(endpoints.remove, { tags, summary: '删除集团（仍有集团卡的集团不能删除）', permission }),
    handler: async (request) => {
      await deleteGroup(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  });
};
