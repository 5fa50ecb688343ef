import { dataViewCacheSeconds, dataViewEndpoints, operationViewEndpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { dataViewSnapshot, snapshotCache } from './data-view.service.js';
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
    }),
    handler: async (request) => {
      const { tenantId } = requireAuth(request);
      return ok(await operations(tenantId, () => operationViewSnapshot(request.db, tenantId, app.now())));
    },
  });
};
