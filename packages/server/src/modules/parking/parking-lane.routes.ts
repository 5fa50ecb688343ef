import { type ParkingLane, parkingLaneDirectionNames, parkingLaneEndpoints as endpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { createParkingLane, deleteParkingLane, getParkingLane, listParkingLanes, updateParkingLane } from './parking-lane.service.js';

const tags = ['parking'];
const permission = 'parkingLane';

/** 车道 under /api/system/ParkingLane, for holders of the 车道 page. */
export const parkingLaneRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '车道列表', permission, replicaSafe: true }),
    handler: async (request) => ok(await listParkingLanes(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出车道（xlsx）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<ParkingLane>(reply, {
        fileName: '车道',
        sheetName: '车道',
        columns: [
          { header: '车道名称', width: 20, value: (l) => l.name },
          { header: '停车场', width: 24, value: (l) => l.lotName },
          { header: '方向', width: 8, value: (l) => parkingLaneDirectionNames[l.direction] },
          { header: '缴费后自动放行', width: 14, value: (l) => (l.releaseAfterPayment ? '是' : '否') },
          { header: '状态', width: 8, value: (l) => (l.enabled ? '启用' : '停用') },
          { header: '排序', width: 8, value: (l) => l.sortCode },
          { header: '创建时间', width: 20, value: (l) => shanghaiDateTime(new Date(l.createdAt)) },
        ],
        batches: pages(async (currentPage, pageSize) => (await listParkingLanes(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '车道详情', permission }),
    handler: async (request) => ok(await getParkingLane(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.create, { tags, summary: '新增车道（仅车道型停车场）', permission }),
    handler: async (request) => ok(await createParkingLane(request.db, requireAuth(request), request.body), '新增成功'),
  });

  app.route({
    ...routeOf(endpoints.update, { tags, summary: '修改车道', permission }),
    handler: async (request) => ok(await updateParkingLane(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  });

  app.route({
    ...routeOf(endpoints.remove, { tags, summary: '删除车道', permission }),
    handler: async (request) => {
      await deleteParkingLane(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  });
};
