import { formatAmount, type LongRental, longRentalEndpoints as endpoints, longRentalStateNames, maskMobile, plateColourName } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { createLongRental, deleteLongRental, getLongRental, listLongRentals, longRentalLots, updateLongRental } from './long-rental.service.js';

const tags = ['parking'];
const permission = 'longRental';

/** 长租车位 under /api/system/LongRental, for holders of the 长租车位 page. */
export const longRentalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '长租车位列表（state：active 生效中、pending 未生效、expired 已过期）', permission, replicaSafe: true }),
    handler: async (request) => ok(await listLongRentals(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出长租车位（xlsx）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<LongRental>(reply, {
        fileName: '长租车位',
        sheetName: '长租车位',
        columns: [
          { header: '车牌号', width: 12, value: (c) => c.plateNumber },
          { header: '车牌颜色', width: 10, value: (c) => plateColourName(c.plateColour) },
          { header: '停车场', width: 24, value: (c) => c.lotName },
          { header: '车主姓名', width: 12, value: (c) => c.ownerName },
          { header: '联系电话', width: 14, value: (c) => maskMobile(c.phone) },
          { header: '开始日期', width: 12, value: (c) => c.validFrom },
          { header: '结束日期', width: 12, value: (c) => c.validTo },
          { header: '月租金额（元）', width: 14, value: (c) => formatAmount(c.monthlyPrice) },
          { header: '车位数', width: 8, value: (c) => c.spaceCount },
          { header: '状态', width: 8, value: (c) => longRentalStateNames[c.state] },
          { header: '启用', width: 6, value: (c) => (c.enabled ? '启用' : '停用') },
          { header: '备注', width: 24, value: (c) => c.remark },
          { header: '创建时间', width: 20, value: (c) => shanghaiDateTime(new Date(c.createdAt)) },
        ],
        batches: pages(async (currentPage, pageSize) => (await listLongRentals(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.lots, { tags, summary: '各停车场长租车位数、生效中的长租及长租车位离场释放', permission }),
    handler: async (request) => ok(await longRentalLots(request.db, requireAuth(request))),
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '长租车位详情', permission }),
    handler: async (request) => ok(await getLongRental(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.create, { tags, summary: '新增长租车位（同一车牌在同一停车场的有效期不能重叠）', permission }),
    handler: async (request) => ok(await createLongRental(request.db, requireAuth(request), request.body), '新增成功'),
  });

  app.route({
    ...routeOf(endpoints.update, { tags, summary: '修改长租车位', permission }),
    handler: async (request) => ok(await updateLongRental(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  });

  app.route({
    ...routeOf(endpoints.remove, { tags, summary: '删除长租车位', permission }),
    handler: async (request) => {
      await deleteLongRental(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  });
};
