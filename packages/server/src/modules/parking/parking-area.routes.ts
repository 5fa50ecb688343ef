import { type ParkingArea, parkingAreaEndpoints as endpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { createParkingArea, deleteParkingArea, getParkingArea, listParkingAreas, updateParkingArea } from './parking-area.service.js';

const tags = ['parking'];
const permission = 'parkingArea';

/** 片区 under /api/system/ParkingArea, for holders of the 片区 page. */
export const parkingAreaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '片区列表', permission, replicaSafe: true }),
    handler: async (request) => ok(await listParkingAreas(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出片区（xlsx）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<ParkingArea>(reply, {
        fileName: '片区',
        sheetName: '片区',
        columns: [
          { header: '片区名称', width: 20, value: (a) => a.name },
          { header: '地址', width: 30, value: (a) => a.address },
          { header: '楼层', width: 8, value: (a) => a.floor },
          { header: '经度', width: 12, value: (a) => a.lng },
          { header: '纬度', width: 12, value: (a) => a.lat },
          { header: '巡检员', width: 20, value: (a) => a.inspectors.map((i) => i.name).join('、') },
          { header: '打卡范围(米)', width: 12, value: (a) => a.checkInRange },
          { header: '停车场数', width: 10, value: (a) => a.lotCount },
          { header: '状态', width: 8, value: (a) => (a.enabled ? '启用' : '停用') },
          { header: '创建时间', width: 20, value: (a) => shanghaiDateTime(new Date(a.createdAt)) },
        ],
        batches: pages(async (currentPage, pageSize) => (await listParkingAreas(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '片区详情', permission }),
    handler: async (request) => ok(await getParkingArea(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.create, { tags, summary: '新增片区', permission }),
    handler: async (request) => ok(await createParkingArea(request.db, requireAuth(request), request.body), '新增成功'),
  });

  app.route({
    ...routeOf(endpoints.update, { tags, summary: '修改片区', permission }),
    handler: async (request) => ok(await updateParkingArea(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  });

  app.route({
    ...routeOf(endpoints.remove, { tags, summary: '删除片区（有停车场时不能删除）', permission }),
    handler: async (request) => {
      await deleteParkingArea(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  });
};
