import { orderWarningCategoryNames, orderWarningEndpoints as endpoints, orderWarningKindNames, orderWarningStateNames, type OrderWarning } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { getOrderWarning, handleOrderWarning, listOrderWarnings } from './order-warning.service.js';

const tags = ['orders'];
/** the seeded 订单预警 page (OrderManagement/OrderWarning) */
const permission = 'OrderWarning';
const when = (at: string | null) => (at ? shanghaiDateTime(new Date(at)) : '');

/** 订单预警 and its 黑名单 under /api/system/OrderWarning, for holders of the 订单预警 page. */
export const orderWarningRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '订单预警列表（按类别 1 订单异常 / 2 车辆布控、预警类型、处理状态、停车场、车牌前缀、预警时间筛选）', permission, replicaSafe: true }),
    handler: async (request) => ok(await listOrderWarnings(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出订单预警（xlsx，筛选同列表）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<OrderWarning>(reply, {
        fileName: '订单预警',
        sheetName: '订单预警',
        columns: [
          { header: '车牌号', width: 14, value: (w) => w.plateNumber },
          { header: '停车场', width: 24, value: (w) => w.lotName },
          { header: '预警类别', width: 10, value: (w) => orderWarningCategoryNames[w.category] },
          { header: '预警类型', width: 16, value: (w) => orderWarningKindNames[w.kind] },
          { header: '预警说明', width: 30, value: (w) => w.detail },
          { header: '预警时间', width: 20, value: (w) => when(w.createdAt) },
          { header: '处理状态', width: 10, value: (w) => orderWarningStateNames[w.state] },
          { header: '处理人', width: 12, value: (w) => w.handledByName ?? '' },
          { header: '处理时间', width: 20, value: (w) => when(w.handledAt) },
          { header: '处理说明', width: 30, value: (w) => w.remark },
        ],
        batches: pages(async (currentPage, pageSize) => (await listOrderWarnings(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '订单预警详情', permission }),
    handler: async (request) => ok(await getOrderWarning(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.handle, {
      tags,
      summary: '处理订单预警（填写处理说明后关闭，并将对应系统消息标记为已处理；已处理的预警不能再次处理）',
      permission,
    }),
    handler: async (request) => ok(await handleOrderWarning(request.db, requireAuth(request), request.params.id, request.body, app.now()), '处理成功'),
  });
};
