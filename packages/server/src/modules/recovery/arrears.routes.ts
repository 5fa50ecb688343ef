import { formatAmount, arrearsEndpoints as endpoints, type Arrears } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { releaseAbnormally } from './abnormal-release.service.js';
import { addReminder, getArrears, listArrears } from './arrears.service.js';

const tags = ['recovery'];
/** the seeded 欠费订单 page (jointRecovery/unpaidOrders) */
const permission = 'unpaidOrders';
const when = (at: string | null) => (at ? shanghaiDateTime(new Date(at)) : '');

/** 欠费订单 under /api/system/Arrears, and 手动放行 of a record at a lane (a 停车记录 action). */
export const arrearsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '欠费订单：按车牌汇总本租户所有停车场的欠费（按车牌精确或前缀、停车场、欠费金额、出场时间筛选）', permission, replicaSafe: true }),
    handler: async (request) => ok(await listArrears(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出欠费订单（xlsx，筛选同列表）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<Arrears>(reply, {
        fileName: '欠费订单',
        sheetName: '欠费订单',
        columns: [
          { header: '车牌号', width: 14, value: (o) => o.plateNumber },
          { header: '欠费笔数', width: 10, value: (o) => o.recordCount },
          { header: '欠费金额（元）', width: 14, value: (o) => formatAmount(o.owed) },
          { header: '最早出场时间', width: 20, value: (o) => when(o.firstExitedAt) },
          { header: '最近出场时间', width: 20, value: (o) => when(o.lastExitedAt) },
          { header: '欠费停车场', width: 40, value: (o) => o.lots.map((l) => l.name).join('、') },
        ],
        batches: pages(async (currentPage, pageSize) => (await listArrears(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '车牌的欠费详情：未缴的停车记录、催缴记录与已追缴金额（车牌需 URL 编码）', permission }),
    handler: async (request) => ok(await getArrears(request.db, requireAuth(request), request.params.plateNumber)),
  });

  app.route({
    ...routeOf(endpoints.reminders, { tags, summary: '登记催缴（仅限当前有欠费的车牌）', permission }),
    handler: async (request) => ok(await addReminder(request.db, requireAuth(request), request.params.plateNumber, request.body), '催缴已登记'),
  });

  app.route({
    // a 停车记录 action: whoever handles the records at the gate may release
    ...routeOf(endpoints.abnormalRelease, { tags, summary: '手动放行（异常放行）：车道停车场待支付的停车记录转为欠费，进入追缴', permission: 'ParkingRecordOrder' }),
    handler: async (request) => ok(await releaseAbnormally(request.db, requireAuth(request), request.params.id, request.body.reason), '已放行'),
  });
};
