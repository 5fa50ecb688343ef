import { formatAmount, idempotencyKeyHeader, paymentChannelNames, paymentStatusNames, paymentEndpoints as endpoints, type Payment } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { getPayment, listPayments, paymentKeyOf, recordPayment } from './payment.service.js';

const tags = ['payments'];
/** the seeded 支付记录 page (OrderManagement/paymentRecord) */
const permission = 'paymentRecord';

/** 支付记录 under /api/system/Payment, for holders of the 支付记录 page. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '支付记录列表（按停车记录、车牌、渠道、状态、支付时间筛选）', permission, replicaSafe: true }),
    handler: async (request) => ok(await listPayments(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出支付记录（xlsx）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<Payment>(reply, {
        fileName: '支付记录',
        sheetName: '支付记录',
        columns: [
          { header: '车牌号', width: 12, value: (p) => p.plateNumber },
          { header: '停车场', width: 24, value: (p) => p.lotName },
          { header: '支付渠道', width: 10, value: (p) => paymentChannelNames[p.channel] },
          { header: '支付金额（元）', width: 14, value: (p) => formatAmount(p.amount) },
          { header: '已退款（元）', width: 14, value: (p) => formatAmount(p.refunded) },
          { header: '状态', width: 10, value: (p) => paymentStatusNames[p.status] },
          { header: '支付时间', width: 20, value: (p) => shanghaiDateTime(new Date(p.paidAt)) },
          { header: '付款人', width: 12, value: (p) => p.payer },
          { header: '收款人', width: 12, value: (p) => p.operatorName ?? '' },
          { header: '幂等键', width: 24, value: (p) => p.idempotencyKey },
          { header: '备注', width: 24, value: (p) => p.remark },
        ],
        batches: pages(async (currentPage, pageSize) => (await listPayments(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '支付记录详情', permission }),
    handler: async (request) => ok(await getPayment(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.create, { tags, summary: '登记收款（幂等：同一幂等键重复提交返回首次结果；同一幂等键但停车记录、渠道或金额不同则 409）', permission }),
    handler: async (request) => {
      const key = paymentKeyOf(request.body.idempotencyKey, request.headers[idempotencyKeyHeader]);
      const { payment: recorded, repeated } = await recordPayment(request.db, requireAuth(request), request.body, key, app.now());
      return ok(recorded, repeated ? '该幂等键的收款已登记，返回首次结果' : '收款成功');
    },
  });
};
