import { auditModuleName, auditTargetName, operationActionNames, operationLogEndpoints as endpoints, type OperationLog } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { pageOperationLogs } from './operation-log.repository.js';
import { listOperationLogs, nameEntries } from './operation-log.service.js';

/** 操作日志: searchable and exportable; only for users holding the 操作日志 page. */
export const operationLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['system'];
  const permission = 'log';
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '操作日志', permission, replicaSafe: true }),
    handler: async (request) => {
      const auth = requireAuth(request);
      return ok(await listOperationLogs(request.db, auth, request.query));
    },
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出操作日志（xlsx）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<OperationLog>(reply, {
        fileName: '操作日志',
        sheetName: '操作日志',
        columns: [
          { header: '时间', width: 20, value: (l) => shanghaiDateTime(new Date(l.createdAt)) },
          { header: '账号', width: 14, value: (l) => l.account },
          { header: '模块', width: 12, value: (l) => auditModuleName(l.module) },
          { header: '操作', width: 8, value: (l) => operationActionNames[l.action as keyof typeof operationActionNames] ?? l.action },
          { header: '对象', width: 16, value: (l) => auditTargetName(l.target) },
          { header: '对象名称', width: 20, value: (l) => l.targetName },
          { header: '对象编号', width: 38, value: (l) => l.targetId },
          { header: '说明', width: 40, value: (l) => l.summary },
          { header: '修改前', width: 40, value: (l) => (l.before === null ? '' : JSON.stringify(l.before)) },
          { header: '修改后', width: 40, value: (l) => (l.after === null ? '' : JSON.stringify(l.after)) },
          { header: 'IP', width: 16, value: (l) => l.ip },
        ],
        batches: pages(async (page, size) =>
          nameEntries(request.db, auth.tenantId, (await pageOperationLogs(request.db, auth.tenantId, filter, { currentPage: page, pageSize: size })).rows),
        ),
      });
    },
  });
};
