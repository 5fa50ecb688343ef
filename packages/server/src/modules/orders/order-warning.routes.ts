import {
  envelope,
  orderWarning,
  orderWarningCategoryNames,
  orderWarningHandleInput,
  orderWarningKindNames,
  orderWarningListQuery,
  orderWarningPage,
  orderWarningPaths,
  orderWarningStateNames,
  plateBlacklistEntry,
  plateBlacklistInput,
  plateBlacklistListQuery,
  plateBlacklistPage,
  type OrderWarning,
} from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { addToPlateBlacklist, getPlateBlacklistEntry, listPlateBlacklist, removeFromPlateBlacklist, updatePlateBlacklistEntry } from './order-warning-blacklist.service.js';
import { getOrderWarning, handleOrderWarning, listOrderWarnings } from './order-warning.service.js';

const tags = ['orders'];
/** the seeded 订单预警 page (OrderManagement/OrderWarning) */
const permission = 'OrderWarning';
const idParams = z.object({ id: z.uuid('订单预警编号格式不正确') });
const blacklistParams = z.object({ id: z.uuid('黑名单编号格式不正确') });
const ok = <T>(data: T, msg = '成功') => ({ code: 200, msg, data });
const when = (at: string | null) => (at ? shanghaiDateTime(new Date(at)) : '');

/** 订单预警 and its 黑名单 under /api/system/OrderWarning, for holders of the 订单预警 page. */
export const orderWarningRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    orderWarningPaths.list,
    {
      config: { permission },
      schema: { tags, summary: '订单预警列表（按类别 1 订单异常 / 2 车辆布控、预警类型、处理状态、停车场、车牌前缀、预警时间筛选）', querystring: orderWarningListQuery, response: { 200: envelope(orderWarningPage) } },
    },
    async (request) => ok(await listOrderWarnings(request.db, requireAuth(request), request.query)),
  );

  app.get(
    orderWarningPaths.export,
    { config: { permission }, schema: { tags, summary: '导出订单预警（xlsx，筛选同列表）', querystring: orderWarningListQuery } },
    async (request, reply) => {
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
  );

  app.get(
    orderWarningPaths.blacklist,
    { config: { permission }, schema: { tags, summary: '黑名单车辆列表（按车牌前缀筛选）', querystring: plateBlacklistListQuery, response: { 200: envelope(plateBlacklistPage) } } },
    async (request) => ok(await listPlateBlacklist(request.db, requireAuth(request), request.query)),
  );

  app.post(
    orderWarningPaths.blacklist,
    { config: { permission }, schema: { tags, summary: '车牌加入黑名单（同一车牌只能加入一次）', body: plateBlacklistInput, response: { 200: envelope(plateBlacklistEntry) } } },
    async (request) => ok(await addToPlateBlacklist(request.db, requireAuth(request), request.body), '已加入黑名单'),
  );

  app.get(
    orderWarningPaths.blacklistItem,
    { config: { permission }, schema: { tags, summary: '黑名单车辆详情', params: blacklistParams, response: { 200: envelope(plateBlacklistEntry) } } },
    async (request) => ok(await getPlateBlacklistEntry(request.db, requireAuth(request), request.params.id)),
  );

  app.put(
    orderWarningPaths.blacklistItem,
    { config: { permission }, schema: { tags, summary: '修改黑名单车辆', params: blacklistParams, body: plateBlacklistInput, response: { 200: envelope(plateBlacklistEntry) } } },
    async (request) => ok(await updatePlateBlacklistEntry(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  );

  app.delete(
    orderWarningPaths.blacklistItem,
    { config: { permission }, schema: { tags, summary: '车牌移出黑名单', params: blacklistParams, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await removeFromPlateBlacklist(request.db, requireAuth(request), request.params.id);
      return ok(null, '已移出黑名单');
    },
  );

  app.get(
    orderWarningPaths.item,
    { config: { permission }, schema: { tags, summary: '订单预警详情', params: idParams, response: { 200: envelope(orderWarning) } } },
    async (request) => ok(await getOrderWarning(request.db, requireAuth(request), request.params.id)),
  );

  app.post(
    orderWarningPaths.handle,
    {
      config: { permission },
      schema: { tags, summary: '处理订单预警（填写处理说明后关闭，并将对应系统消息标记为已处理；已处理的预警不能再次处理）', params: idParams, body: orderWarningHandleInput, response: { 200: envelope(orderWarning) } },
    },
    async (request) => ok(await handleOrderWarning(request.db, requireAuth(request), request.params.id, request.body), '处理成功'),
  );
};
