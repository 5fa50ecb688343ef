import { deviceOfflineTaskEndpoints as endpoints, type DeviceParkingType, deviceParkingTypeNames, type OfflineTask } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { listOfflineTaskHistory } from './offline-task.service.js';

const tags = ['devices'];
const permission = 'deviceOffline';

/** 设备离线任务 (menu SysOperations/deviceOffline): the outages the offline check opened, and when each ended. */
export const offlineTaskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '设备离线任务（state open 未恢复，closed 已恢复）', permission, replicaSafe: true }),
    handler: async (request) => ok(await listOfflineTaskHistory(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出设备离线任务（xlsx，按当前筛选）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      const time = (iso: string | null) => (iso ? shanghaiDateTime(new Date(iso)) : '');
      return sendXlsx<OfflineTask>(reply, {
        fileName: '设备离线任务',
        sheetName: '设备离线任务',
        columns: [
          { header: '任务类型', width: 12, value: (t) => t.taskTypeName },
          { header: '设备编号', width: 20, value: (t) => t.deviceSn },
          { header: '路内/路外', width: 10, value: (t) => deviceParkingTypeNames[t.parkingType as DeviceParkingType] ?? String(t.parkingType) },
          { header: '内容', width: 48, value: (t) => t.content },
          { header: '离线时间', width: 20, value: (t) => time(t.creatorTime) },
          { header: '恢复时间', width: 20, value: (t) => time(t.closedAt) },
          { header: '状态', width: 8, value: (t) => (t.closedAt ? '已恢复' : '未恢复') },
        ],
        batches: pages(async (currentPage, pageSize) => (await listOfflineTaskHistory(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });
};
