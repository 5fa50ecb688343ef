import { plateColourName, plateListEndpoints, plateListScopeText, plateListStateNames, plateListTypeNames, plateListValidityText, type PlateListEntry } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { createPlateListEntry, getPlateListEntry, listPlateList, removePlateListEntry, updatePlateListEntry } from './plate-list.service.js';

const tags = ['customers'];
const at = (iso: string | null) => (iso ? shanghaiDateTime(new Date(iso)) : '');

/** 黑白名单 under /api/system/BlackWhiteList, for holders of the 黑白名单 page. */
export const plateListRoutes: FastifyPluginAsyncZod = async (app) => {
  const permission = 'blackWhiteList';

  app.route({
    ...routeOf(plateListEndpoints.list, { tags, summary: '黑白名单列表（含已移除的历史）', permission, replicaSafe: true }),
    handler: async (request) => ok(await listPlateList(request.db, requireAuth(request), request.query, app.now())),
  });

  app.route({
    ...routeOf(plateListEndpoints.export, { tags, summary: '导出黑白名单（xlsx）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const now = app.now();
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<PlateListEntry>(reply, {
        fileName: '黑白名单',
        sheetName: '黑白名单',
        columns: [
          { header: '名单类型', width: 10, value: (e) => plateListTypeNames[e.type] },
          { header: '车牌号', width: 12, value: (e) => e.plateNumber },
          { header: '车牌颜色', width: 10, value: (e) => plateColourName(e.plateColour) },
          { header: '适用车场', width: 24, value: plateListScopeText },
          { header: '有效期', width: 36, value: plateListValidityText },
          { header: '原因', width: 30, value: (e) => e.reason },
          { header: '状态', width: 8, value: (e) => plateListStateNames[e.state] },
          { header: '创建人', width: 12, value: (e) => e.createdByName ?? '' },
          { header: '创建时间', width: 20, value: (e) => at(e.createdAt) },
          { header: '移除人', width: 12, value: (e) => e.removedByName ?? '' },
          { header: '移除时间', width: 20, value: (e) => at(e.removedAt) },
          { header: '移除原因', width: 30, value: (e) => e.removalReason ?? '' },
        ],
        batches: pages(async (currentPage, pageSize) => (await listPlateList(request.db, auth, { ...filter, currentPage, pageSize }, now)).list),
      });
    },
  });

  app.route({
    ...routeOf(plateListEndpoints.detail, { tags, summary: '黑白名单详情', permission }),
    handler: async (request) => ok(await getPlateListEntry(request.db, requireAuth(request), request.params.id, app.now())),
  });

  app.route({
    ...routeOf(plateListEndpoints.create, { tags, summary: '新增黑名单或白名单（同一车辆在重叠的车场和有效期内只能有一条）', permission }),
    handler: async (request) => ok(await createPlateListEntry(request.db, requireAuth(request), request.body, app.now()), '新增成功'),
  });

  app.route({
    ...routeOf(plateListEndpoints.update, { tags, summary: '编辑黑白名单（已移除的不能编辑）', permission }),
    handler: async (request) => ok(await updatePlateListEntry(request.db, requireAuth(request), request.params.id, request.body, app.now()), '修改成功'),
  });

  app.route({
    ...routeOf(plateListEndpoints.remove, { tags, summary: '移除黑白名单（须填写移除原因，保留为历史）', permission }),
    handler: async (request) => ok(await removePlateListEntry(request.db, requireAuth(request), request.params.id, request.body.reason, app.now()), '移除成功'),
  });
};
