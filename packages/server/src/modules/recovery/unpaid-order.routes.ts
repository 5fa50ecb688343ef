import {
  abnormalReleaseInput,
  abnormalReleasePath,
  arrearsReminder,
  arrearsReminderInput,
  envelope,
  formatAmount,
  parkingRecord,
  unpaidOrderDetail,
  unpaidOrderListQuery,
  unpaidOrderPage,
  unpaidOrderPaths,
  unpaidOrderPlateParams,
  type UnpaidOrder,
} from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { releaseAbnormally } from './abnormal-release.service.js';
import { addReminder, getUnpaidOrder, listUnpaidOrders } from './unpaid-order.service.js';

const tags = ['recovery'];
/** the seeded 欠费订单 page (jointRecovery/unpaidOrders) */
const permission = 'unpaidOrders';
const ok = <T>(data: T, msg = '成功') => ({ code: 200, msg, data });
const when = (at: string | null) => (at ? shanghaiDateTime(new Date(at)) : '');

/** 欠费订单 under /api/system/UnpaidOrders, and 手动放行 of a record at a lane (a 停车记录 action). */
export const unpaidOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    unpaidOrderPaths.list,
    {
      config: { permission },
      schema: { tags, summary: '欠费订单：按车牌汇总本租户所有停车场的欠费（按车牌精确或前缀、停车场、欠费金额、出场时间筛选）', querystring: unpaidOrderListQuery, response: { 200: envelope(unpaidOrderPage) } },
    },
    async (request) => ok(await listUnpaidOrders(request.db, requireAuth(request), request.query)),
  );

  app.get(
    unpaidOrderPaths.export,
    { config: { permission }, schema: { tags, summary: '导出欠费订单（xlsx，筛选同列表）', querystring: unpaidOrderListQuery } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<UnpaidOrder>(reply, {
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
        batches: pages(async (currentPage, pageSize) => (await listUnpaidOrders(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  );

  app.get(
    unpaidOrderPaths.item,
    {
      config: { permission },
      schema: { tags, summary: '车牌的欠费详情：未缴的停车记录、催缴记录与已追缴金额（车牌需 URL 编码）', params: unpaidOrderPlateParams, response: { 200: envelope(unpaidOrderDetail) } },
    },
    async (request) => ok(await getUnpaidOrder(request.db, requireAuth(request), request.params.plateNumber)),
  );

  app.post(
    unpaidOrderPaths.reminders,
    {
      config: { permission },
      schema: { tags, summary: '登记催缴（仅限当前有欠费的车牌）', params: unpaidOrderPlateParams, body: arrearsReminderInput, response: { 200: envelope(arrearsReminder) } },
    },
    async (request) => ok(await addReminder(request.db, requireAuth(request), request.params.plateNumber, request.body), '催缴已登记'),
  );

  app.post(
    abnormalReleasePath,
    {
      // a 停车记录 action: whoever handles the records at the gate may release
      config: { permission: 'ParkingRecordOrder' },
      schema: {
        tags,
        summary: '手动放行（异常放行）：车道停车场待支付的停车记录转为欠费，进入追缴',
        params: z.object({ id: z.uuid('停车记录编号格式不正确') }),
        body: abnormalReleaseInput,
        response: { 200: envelope(parkingRecord) },
      },
    },
    async (request) => ok(await releaseAbnormally(request.db, requireAuth(request), request.params.id, request.body.reason), '已放行'),
  );
};
