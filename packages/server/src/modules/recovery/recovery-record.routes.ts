import { formatAmount, paymentChannelNames, recoveryRecordEndpoints as endpoints, type RecoveryRecord } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { listRecoveryRecords } from './recovery-record.service.js';

const tags = ['recovery'];
/** the seeded 追缴记录 page (jointRecovery/recoveryRecord) */
const permission = 'recoveryRecord';

/** 追缴记录 under /api/system/RecoveryRecord: read-only, written by the payments themselves. */
export const recoveryRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '追缴记录列表（按车牌精确或前缀、停车场、停车记录、支付渠道、追缴时间筛选）', permission, replicaSafe: true }),
    handler: async (request) => ok(await listRecoveryRecords(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出追缴记录（xlsx，筛选同列表）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<RecoveryRecord>(reply, {
        fileName: '追缴记录',
        sheetName: '追缴记录',
        columns: [
          { header: '车牌号', width: 14, value: (r) => r.plateNumber },
          { header: '停车场', width: 24, value: (r) => r.lotName },
          { header: '出场时间', width: 20, value: (r) => (r.exitedAt ? shanghaiDateTime(new Date(r.exitedAt)) : '') },
          { header: '追缴金额（元）', width: 14, value: (r) => formatAmount(r.amount) },
          { header: '已退款（元）', width: 14, value: (r) => formatAmount(r.refunded) },
          { header: '支付渠道', width: 10, value: (r) => paymentChannelNames[r.channel] },
          { header: '追缴时间', width: 20, value: (r) => shanghaiDateTime(new Date(r.recoveredAt)) },
          { header: '收款人', width: 12, value: (r) => r.operatorName },
        ],
        batches: pages(async (currentPage, pageSize) => (await listRecoveryRecords(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });
};
