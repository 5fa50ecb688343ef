import { type ParkingSpace, parkingSpaceEndpoints as endpoints, parkingSpaceStateNames, parkingSpaceTypeNames } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { createParkingSpace, createParkingSpaceBatch, deleteParkingSpace, getParkingSpace, listParkingSpaces, updateParkingSpace } from './parking-space.service.js';

const tags = ['parking'];
const permission = 'parkingSpace';

/** 泊位 under /api/system/ParkingSpace, for holders of the 泊位 page; every write recounts the lot's totals. */
export const parkingSpaceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '泊位列表', permission, replicaSafe: true }),
    handler: async (request) => ok(await listParkingSpaces(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出泊位（xlsx）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<ParkingSpace>(reply, {
        fileName: '泊位',
        sheetName: '泊位',
        columns: [
          { header: '泊位编号', width: 14, value: (s) => s.number },
          { header: '停车场', width: 24, value: (s) => s.lotName },
          { header: '类型', width: 8, value: (s) => parkingSpaceTypeNames[s.type] ?? String(s.type) },
          { header: '充电车位', width: 10, value: (s) => (s.charging ? '是' : '否') },
          { header: '地磁编号', width: 16, value: (s) => s.sensorSn },
          { header: '经度', width: 12, value: (s) => s.lng },
          { header: '纬度', width: 12, value: (s) => s.lat },
          { header: '状态', width: 8, value: (s) => parkingSpaceStateNames[s.state] },
          { header: '创建时间', width: 20, value: (s) => shanghaiDateTime(new Date(s.createdAt)) },
        ],
        batches: pages(async (currentPage, pageSize) => (await listParkingSpaces(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '泊位详情', permission }),
    handler: async (request) => ok(await getParkingSpace(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.create, { tags, summary: '新增泊位', permission }),
    handler: async (request) => ok(await createParkingSpace(request.db, requireAuth(request), request.body), '新增成功'),
  });

  app.route({
    ...routeOf(endpoints.batch, { tags, summary: '按规则批量新增泊位（前缀+起止编号，补零到指定位数；每次最多2000个；有重复编号时全部不生成）', permission }),
    handler: async (request) => {
      const result = await createParkingSpaceBatch(request.db, requireAuth(request), request.body);
      return ok(result, `已生成${result.created}个泊位`);
    },
  });

  app.route({
    ...routeOf(endpoints.update, { tags, summary: '修改泊位', permission }),
    handler: async (request) => ok(await updateParkingSpace(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  });

  app.route({
    ...routeOf(endpoints.remove, { tags, summary: '删除泊位', permission }),
    handler: async (request) => {
      await deleteParkingSpace(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  });
};
