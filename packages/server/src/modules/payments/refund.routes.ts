import { formatAmount, refundEndpoints as endpoints, refundStatusNames, type Refund } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { approveRefund, getRefund, listRefunds, rejectRefund, requestRefund, type GatewayRefunder } from './refund.service.js';

const tags = ['payments'];
/** the seeded 退款 page (FinancialManagement/refund) */
const permission = 'refund';

export interface RefundRoutesOptions {
  /** gives an online payment's money back at its provider; none when PAYMENT_PROVIDER is none */
  gateway?: GatewayRefunder;
}

/** 退款 under /api/system/Refund, for holders of the 退款 page: asked for by one user, decided by another. */
export const refundRoutes: FastifyPluginAsyncZod<RefundRoutesOptions> = async (app, options) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '退款列表（按状态、停车记录、支付记录筛选）', permission, replicaSafe: true }),
    handler: async (request) => ok(await listRefunds(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出退款（xlsx）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<Refund>(reply, {
        fileName: '退款',
        sheetName: '退款',
        columns: [
          { header: '车牌号', width: 12, value: (r) => r.plateNumber },
          { header: '停车场', width: 24, value: (r) => r.lotName },
          { header: '退款金额（元）', width: 14, value: (r) => formatAmount(r.amount) },
          { header: '退款原因', width: 30, value: (r) => r.reason },
          { header: '状态', width: 10, value: (r) => refundStatusNames[r.status] },
          { header: '申请人', width: 12, value: (r) => r.requestedByName },
          { header: '申请时间', width: 20, value: (r) => shanghaiDateTime(new Date(r.createdAt)) },
          { header: '审核人', width: 12, value: (r) => r.decidedByName ?? '' },
          { header: '审核时间', width: 20, value: (r) => (r.decidedAt ? shanghaiDateTime(new Date(r.decidedAt)) : '') },
          { header: '审核意见', width: 24, value: (r) => r.remark },
        ],
        batches: pages(async (currentPage, pageSize) => (await listRefunds(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '退款详情', permission }),
    handler: async (request) => ok(await getRefund(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.create, { tags, summary: '申请退款（不超过支付金额减去已退和待审核的退款）', permission }),
    handler: async (request) => ok(await requestRefund(request.db, requireAuth(request), request.body), '退款申请已提交'),
  });

  app.route({
    ...routeOf(endpoints.approve, { tags, summary: '同意退款（申请人不能审核自己的申请；已付减少、优惠增加，欠费不变；线上支付原路退回支付渠道）', permission }),
    handler: async (request) => ok(await approveRefund(request.db, requireAuth(request), request.params.id, request.body, { gateway: options.gateway, now: app.now() }), '已同意退款'),
  });

  app.route({
    ...routeOf(endpoints.reject, { tags, summary: '驳回退款（申请人不能审核自己的申请）', permission }),
    handler: async (request) => ok(await rejectRefund(request.db, requireAuth(request), request.params.id, request.body, app.now()), '已驳回退款'),
  });
};
