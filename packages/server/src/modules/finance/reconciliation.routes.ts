import {
  formatAmount,
  reconciliationBatchEndpoints as batchEndpoints,
  reconciliationBatchStateNames,
  reconciliationMistakeEndpoints as mistakeEndpoints,
  reconciliationMistakeKindNames,
  reconciliationMistakeStatusNames,
  reconciliationResolutionNames,
  businessDay,
  type ReconciliationBatch,
  type ReconciliationMistake,
} from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../plugins/app-error.js';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import type { BillSource, GatewayRefunder } from '../payments/index.js';
import { listBatches, listMistakes, reconcileDay, resolveMistake, toBatch } from './reconciliation.service.js';

export interface ReconciliationRoutesOptions {
  /** the provider's daily bills; none when PAYMENT_PROVIDER is none */
  bills?: BillSource | undefined;
  /** gives money back at the provider (退还重复支付, a refund sent again); none when PAYMENT_PROVIDER is none */
  gateway?: GatewayRefunder;
}

const tags = ['finance'];

/** 对账 (FinancialManagement/accountCheck) and 对账差错 (FinancialManagement/accountCheckMistake), each for holders of its page. */
export const reconciliationRoutes: FastifyPluginAsyncZod<ReconciliationRoutesOptions> = async (app, options) => {
  app.route({
    ...routeOf(batchEndpoints.list, { tags, summary: '对账批次列表（按批次号、日期、渠道、状态筛选）', permission: 'accountCheck', replicaSafe: true }),
    handler: async (request) => ok(await listBatches(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(batchEndpoints.export, { tags, summary: '导出对账批次（xlsx）', permission: 'accountCheck', replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<ReconciliationBatch>(reply, {
        fileName: '对账',
        sheetName: '对账',
        columns: [
          { header: '批次号', width: 14, value: (b) => b.batchNo },
          { header: '对账日期', width: 12, value: (b) => b.day },
          { header: '渠道', width: 10, value: (b) => b.channel },
          { header: '状态', width: 8, value: (b) => reconciliationBatchStateNames[b.state] },
          { header: '我方笔数', width: 10, value: (b) => b.ourCount },
          { header: '我方金额（元）', width: 14, value: (b) => formatAmount(b.ourAmount) },
          { header: '我方退款（元）', width: 14, value: (b) => formatAmount(b.ourRefundAmount) },
          { header: '渠道笔数', width: 10, value: (b) => b.channelCount },
          { header: '渠道金额（元）', width: 14, value: (b) => formatAmount(b.channelAmount) },
          { header: '渠道退款（元）', width: 14, value: (b) => formatAmount(b.channelRefundAmount) },
          { header: '差错笔数', width: 10, value: (b) => b.mistakeCount },
          { header: '未处理', width: 8, value: (b) => b.unhandledCount },
          { header: '对账时间', width: 20, value: (b) => shanghaiDateTime(new Date(b.reconciledAt)) },
        ],
        batches: pages(async (currentPage, pageSize) => (await listBatches(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });

  app.route({
    ...routeOf(batchEndpoints.rerun, { tags, summary: '重新对账：按渠道账单重新核对本租户某一营业日（重复执行结果不变）', permission: 'accountCheck' }),
    handler: async (request) => {
      const auth = requireAuth(request);
      if (!options.bills) throw badRequest('未接入支付渠道，无法对账');
      const now = app.now();
      if (request.body.day >= businessDay(now)) throw badRequest('只能对已结束的营业日对账');
      const outcome = await reconcileDay(request.db, options.bills, request.body.day, now, auth.tenantId);
      return ok(outcome.batches.map(toBatch), '对账完成');
    },
  });

  app.route({
    ...routeOf(mistakeEndpoints.list, { tags, summary: '对账差错列表（按批次号、差错类型、处理状态、商户订单号筛选）', permission: 'accountCheckMistake', replicaSafe: true }),
    handler: async (request) => ok(await listMistakes(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(mistakeEndpoints.export, { tags, summary: '导出对账差错（xlsx）', permission: 'accountCheckMistake', replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<ReconciliationMistake>(reply, {
        fileName: '对账差错',
        sheetName: '对账差错',
        columns: [
          { header: '批次号', width: 14, value: (m) => m.batchNo },
          { header: '差错类型', width: 10, value: (m) => reconciliationMistakeKindNames[m.kind] },
          { header: '长短款', width: 8, value: (m) => m.balance },
          { header: '商户订单号', width: 28, value: (m) => m.orderNo },
          { header: '商户退款单号', width: 28, value: (m) => m.refundNo },
          { header: '车牌号', width: 12, value: (m) => m.plateNumber },
          { header: '我方金额（元）', width: 14, value: (m) => formatAmount(m.ourAmount) },
          { header: '渠道金额（元）', width: 14, value: (m) => formatAmount(m.channelAmount) },
          { header: '交易时间', width: 20, value: (m) => shanghaiDateTime(new Date(m.tradedAt)) },
          { header: '处理状态', width: 10, value: (m) => reconciliationMistakeStatusNames[m.status] },
          { header: '处理方式', width: 12, value: (m) => (m.resolution ? reconciliationResolutionNames[m.resolution] : '') },
          { header: '处理说明', width: 24, value: (m) => m.remark },
          { header: '处理人', width: 12, value: (m) => m.resolvedByName ?? '' },
        ],
        batches: pages(async (currentPage, pageSize) => (await listMistakes(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });

  app.route({
    ...routeOf(mistakeEndpoints.resolve, {
      tags,
      summary:
        '处理对账差错：以渠道为准（补记我方漏单、作废渠道漏单的支付、补记多收金额、重新提交渠道退款）、退还重复支付（补记并原路退还）或以我方为准（须填写说明）；可选方式见差错的 resolutions',
      permission: 'accountCheckMistake',
    }),
    handler: async (request) => ok(await resolveMistake(request.db, requireAuth(request), request.params.id, request.body, app.now(), options.gateway), '差错已处理'),
  });
};
