import { lotEventRulesEndpoints, type ParkingLot, parkingLotEndpoints as endpoints, parkingLotKindNames, parkingLotTypeNames } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { listOperationLogs } from '../system/index.js';
import { getLotEventRules, saveLotEventRules } from './lot-event-rules.service.js';
import {
  correctFreeCount,
  createParkingLot,
  deleteParkingLot,
  getParkingLot,
  listParkingLotOptions,
  listParkingLots,
  parkingLotBindings as bindingsOf,
  parkingLotTarget,
  setLongRentalSpaceLeave,
  sumParking,
  updateParkingLot,
} from './parking-lot.service.js';

const tags = ['parking'];
const permission = 'parkingList';
const yesNo = (v: boolean) => (v ? '是' : '否');

/** 停车场 under /api/system/Parking, for holders of the 停车场 page. */
export const parkingLotRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '停车场列表', permission, replicaSafe: true }),
    handler: async (request) => ok(await listParkingLots(request.db, requireAuth(request), request.query)),
  });

  app.route({
    // order, device and report filters of every module pick lots from this list
    ...routeOf(endpoints.options, { tags, summary: '停车场下拉列表（默认每页1000条，enabledmark 1 启用；type 1 车道型，0 泊位型）', permission: anySignedIn }),
    handler: async (request) => ok(await listParkingLotOptions(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出停车场（xlsx）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<ParkingLot>(reply, {
        fileName: '停车场',
        sheetName: '停车场',
        columns: [
          { header: '停车场名称', width: 24, value: (l) => l.name },
          { header: '片区', width: 16, value: (l) => l.areaName },
          { header: '类型', width: 10, value: (l) => parkingLotTypeNames[l.type] ?? String(l.type) },
          { header: '模式', width: 10, value: (l) => parkingLotKindNames[l.kind] },
          { header: '地址', width: 30, value: (l) => l.address },
          { header: '总车位数', width: 10, value: (l) => l.totalSpaces },
          { header: '空闲车位数', width: 10, value: (l) => l.freeCount },
          { header: '长租车位数', width: 10, value: (l) => l.longRentalSpaces },
          { header: '预留车位数', width: 10, value: (l) => l.reservedSpaces },
          { header: '充电车位数', width: 10, value: (l) => l.chargingSpaces },
          { header: '自营', width: 6, value: (l) => yesNo(l.selfOperated) },
          { header: '预付', width: 6, value: (l) => yesNo(l.prepay) },
          { header: '管理员', width: 20, value: (l) => l.managers.map((m) => m.name).join('、') },
          { header: '状态', width: 8, value: (l) => (l.enabled ? '启用' : '停用') },
          { header: '创建时间', width: 20, value: (l) => shanghaiDateTime(new Date(l.createdAt)) },
        ],
        batches: pages(async (currentPage, pageSize) => (await listParkingLots(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.sum, { tags, summary: '停车场车位汇总', permission }),
    handler: async (request) => ok(await sumParking(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.operationLogs, { tags, summary: '停车场操作记录', permission }),
    handler: async (request) => {
      const auth = requireAuth(request);
      const { currentPage, pageSize, lotId, sort } = request.query;
      if (lotId) await getParkingLot(request.db, auth, lotId);
      return ok(await listOperationLogs(request.db, auth, { target: parkingLotTarget, targetId: lotId, sort, currentPage, pageSize }));
    },
  });

  app.route({
    ...routeOf(endpoints.bindIf, { tags, summary: '停车场绑定情况（删除前询问）', permission }),
    handler: async (request) => ok(await bindingsOf(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.freeCount, { tags, summary: '修正空闲车位数', permission }),
    handler: async (request) => ok(await correctFreeCount(request.db, requireAuth(request), request.params.id, request.body.freeCount), '修改成功'),
  });

  app.route({
    ...routeOf(endpoints.longRentalSpaceLeave, { tags, summary: '设置长租车位离场释放', permission }),
    handler: async (request) => ok(await setLongRentalSpaceLeave(request.db, requireAuth(request), request.params.id, request.body.longRentalSpaceLeave), '修改成功'),
  });

  app.route({
    ...routeOf(lotEventRulesEndpoints.detail, { tags, summary: '停车场事件规则（未设置的规则取默认值）', permission }),
    handler: async (request) => ok(await getLotEventRules(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(lotEventRulesEndpoints.update, { tags, summary: '设置停车场事件规则（省略的规则恢复默认值）', permission }),
    handler: async (request) => ok(await saveLotEventRules(request.db, requireAuth(request), request.params.id, request.body), '保存成功'),
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '停车场详情', permission }),
    handler: async (request) => ok(await getParkingLot(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.create, { tags, summary: '新增停车场', permission }),
    handler: async (request) => ok(await createParkingLot(request.db, requireAuth(request), request.body), '新增成功'),
  });

  app.route({
    ...routeOf(endpoints.update, { tags, summary: '修改停车场', permission }),
    handler: async (request) => ok(await updateParkingLot(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  });

  app.route({
    ...routeOf(endpoints.remove, { tags, summary: '删除停车场（有车道、泊位或未完成订单时不能删除）', permission }),
    handler: async (request) => {
      await deleteParkingLot(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  });
};
