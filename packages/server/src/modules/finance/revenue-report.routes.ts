import { formatAmount, revenueColumns, revenueGroupingNames, revenueReportEndpoints as endpoints, type RevenueReportRow } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { sendXlsx } from '../../shared/xlsx-export.js';
import { getRevenueReport, getRevenueScopes } from './revenue-report.service.js';

const tags = ['finance'];
/** the seeded 营收报表 page (FinancialManagement/revenueReport) */
const permission = 'revenueReport';

const keyTitles = { day: '日期', month: '月份', lot: '停车场', area: '片区' } as const;

/** 营收报表 under /api/system/RevenueReport, for holders of the 营收报表 page. */
export const revenueReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.report, { tags, summary: '营收报表（按日、按月、按停车场或按片区，含合计行）', permission, replicaSafe: true }),
    handler: async (request) => ok(await getRevenueReport(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.scopes, { tags, summary: '营收报表可选的停车场与片区', permission }),
    handler: async (request) => ok(await getRevenueScopes(request.db, requireAuth(request))),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出营收报表（xlsx，与页面所示相同，末行为合计）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const query = request.query;
      const report = await getRevenueReport(request.db, requireAuth(request), query);
      return sendXlsx<RevenueReportRow>(reply, {
        fileName: `营收报表-${revenueGroupingNames[query.groupBy]}`,
        sheetName: '营收报表',
        columns: [
          { header: keyTitles[query.groupBy], width: 16, value: (r) => r.label },
          ...revenueColumns.map((c) => ({
            header: c.money ? `${c.group ? `${c.group}-` : ''}${c.title}（元）` : c.title,
            width: 14,
            value: (r: RevenueReportRow) => (c.money ? formatAmount(r[c.field]) : r[c.field]),
          })),
        ],
        batches: (async function* () {
          yield [...report.rows, report.totals];
        })(),
      });
    },
  });
};
