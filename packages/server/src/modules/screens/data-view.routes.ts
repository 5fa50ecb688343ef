import { dataViewCacheSeconds, dataViewEndpoints, newDataViewEndpoints, operationViewEndpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { dataViewSnapshot, snapshotCache } from './data-view.service.js';
import { newDataViewSnapshot } from './new-data-view.service.js';
import { operationViewSnapshot } from './operation-view.service.js';

/**
 * 数据大屏 (/dataView): one snapshot of the signed-in user's tenant per refresh, kept a few seconds
 * per tenant. It shows plates, lots and money as 停车记录 does, so it asks for that page's permission;
 * the cache is shared by the tenant's users who hold it.
 */
export const dataViewRoutes: FastifyPluginAsyncZod = async (app) => {
  const cached = snapshotCache<Awaited<ReturnType<typeof dataViewSnapshot>>>(dataViewCacheSeconds * 1000);
  app.route({
    ...routeOf(dataViewEndpoints.snapshot, {
      tags: ['screens'],
      summary: '数据大屏：本租户的车位、今日与昨日进出场、收款、排行与最新进出（每租户缓存数秒）',
      permission: 'ParkingRecordOrder',
      replicaSafe: true,
    }),
    handler: async (request) => {
      const { tenantId } = requireAuth(request);
      return ok(await cached(tenantId, () => dataViewSnapshot(request.db, tenantId, app.now())));
    },
  });

  const operations = snapshotCache<Awaited<ReturnType<typeof operationViewSnapshot>>>(dataViewCacheSeconds * 1000);
  app.route({
    // the operations room's wall: warnings, complaints, appeals and cars at the barrier, with plates
    ...routeOf(operationViewEndpoints.snapshot, {
      tags: ['screens'],
      summary: '运营大屏：本租户设备在线、离线任务、订单预警、投诉申诉与审核待办、今日欠费与追缴、车道等待与异常放行（每租户缓存数秒）',
      permission: 'ParkingRecordOrder',
      replicaSafe: true,
    }),
    handler: async (request) => {
      const { tenantId } = requireAuth(request);
      return ok(await operations(tenantId, () => operationViewSnapshot(request.db, tenantId, app.now())));
    },
  });

  const scoped = snapshotCache<Awaited<ReturnType<typeof newDataViewSnapshot>>>(dataViewCacheSeconds * 1000);
  app.route({
    // one lot or area of 数据大屏, its spaces drawn one by one; kept per tenant and scope
    ...routeOf(newDataViewEndpoints.snapshot, {
      tags: ['screens'],
      summary: '新版数据大屏：所选停车场或区域的泊位状态、今日进出、周转率、平均停车时长、时长分布与收款（每租户每范围缓存数秒）',
      permission: 'ParkingRecordOrder',
      replicaSafe: true,
    }),
    handler: async (request) => {
      const { tenantId } = requireAuth(request);
      const { lotId, areaId } = request.query;
      return ok(await scoped(`${tenantId}|${lotId ?? ''}|${areaId ?? ''}`, () => newDataViewSnapshot(request.db, tenantId, request.query, app.now())));
    },
  });
};
