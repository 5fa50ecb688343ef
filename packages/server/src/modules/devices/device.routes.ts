import { type Device, deviceEndpoints as endpoints, deviceOnlineStateNames, devicePagePermission, deviceParkingTypeNames, deviceTypeNames } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { listedParkingTypes } from './device-access.js';
import { createDevice, deleteDevice, deviceLotBindings as lotBindingsOf, getDevice, listDevices, resetDeviceSecret, updateDevice } from './device.service.js';

const tags = ['devices'];
/** 路内设备 or 路外设备: the service narrows every answer to the parking types the user's pages cover */
const permission = [devicePagePermission[0], devicePagePermission[1]];
const dateTime = (iso: string | null) => (iso ? shanghaiDateTime(new Date(iso)) : '');

/** 路内设备 / 路外设备 under /api/system/Device. */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '设备列表（parkingType 0 路内，1 路外；deviceNo 匹配设备编号或名称）', permission, replicaSafe: true }),
    handler: async (request) => ok(await listDevices(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出设备（xlsx，按当前筛选）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      // refused before the file starts, while the answer can still be an envelope
      await listedParkingTypes(request.db, auth, filter.parkingType);
      return sendXlsx<Device>(reply, {
        fileName: filter.parkingType === undefined ? '设备' : `${deviceParkingTypeNames[filter.parkingType]}设备`,
        sheetName: '设备',
        columns: [
          { header: '设备编号', width: 20, value: (d) => d.sn },
          { header: '设备名称', width: 20, value: (d) => d.name },
          { header: '设备类型', width: 14, value: (d) => deviceTypeNames[d.type] },
          { header: '停车场', width: 20, value: (d) => d.lotName },
          { header: '车道', width: 12, value: (d) => d.laneName ?? '' },
          { header: '泊位', width: 12, value: (d) => d.spaceNumber ?? '' },
          { header: '心跳周期(秒)', width: 12, value: (d) => d.heartbeatCycle },
          { header: '网络类型', width: 10, value: (d) => d.networkType },
          { header: '在线状态', width: 10, value: (d) => deviceOnlineStateNames[d.onlineState] },
          { header: '最后心跳时间', width: 20, value: (d) => dateTime(d.lastHeartbeatAt) },
          { header: '状态', width: 8, value: (d) => (d.enabled ? '启用' : '停用') },
          { header: '备注', width: 24, value: (d) => d.remark },
          { header: '创建时间', width: 20, value: (d) => dateTime(d.createdAt) },
        ],
        batches: pages(async (currentPage, pageSize) => (await listDevices(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.lotBindings, { tags, summary: '停车场的车道和泊位（设备绑定用）', permission }),
    handler: async (request) => ok(await lotBindingsOf(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '设备详情（不含密钥）', permission }),
    handler: async (request) => ok(await getDevice(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.create, { tags, summary: '新增设备（答复中的密钥只显示这一次）', permission }),
    handler: async (request) => ok(await createDevice(request.db, requireAuth(request), request.body), '新增成功'),
  });

  app.route({
    ...routeOf(endpoints.update, { tags, summary: '修改设备', permission }),
    handler: async (request) => ok(await updateDevice(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  });

  app.route({
    ...routeOf(endpoints.resetSecret, { tags, summary: '重置设备密钥（旧密钥立即失效，新密钥只显示这一次）', permission }),
    handler: async (request) => ok(await resetDeviceSecret(request.db, requireAuth(request), request.params.id), '密钥已重置'),
  });

  app.route({
    ...routeOf(endpoints.remove, { tags, summary: '删除设备（关闭其离线任务）', permission }),
    handler: async (request) => {
      await deleteDevice(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  });
};
