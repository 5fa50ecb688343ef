import { messageEndpoints as endpoints, messageStatusNames, messageTypeNames, type SystemMessage } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { listMessages, listOfflineTasks, messageCounts, removeMessage } from './messages.service.js';

const tags = ['messages'];
const permission = anySignedIn;

/** The message center; every answer is filtered to what the user may see. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.count, { tags, summary: '各类未处理消息数量', permission }),
    handler: async (request) => ok(await messageCounts(request.db, requireAuth(request), request.query.status)),
  });

  app.route({
    ...routeOf(endpoints.alertCount, { tags, summary: '告警数量（每10秒轮询）', permission }),
    handler: async (request) => ok(await messageCounts(request.db, requireAuth(request), request.query.status)),
  });

  app.route({
    ...routeOf(endpoints.refresh, { tags, summary: '重新统计消息数量', permission }),
    handler: async (request) => ok(await messageCounts(request.db, requireAuth(request)), '刷新成功'),
  });

  app.route({
    ...routeOf(endpoints.list, { tags, summary: '系统消息列表', permission, replicaSafe: true }),
    handler: async (request) => ok(await listMessages(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出系统消息（xlsx，按当前筛选）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { status, messageTypeList } = request.query;
      return sendXlsx<SystemMessage>(reply, {
        fileName: '系统消息',
        sheetName: '系统消息',
        columns: [
          { header: '消息名称', width: 16, value: (m) => m.messageName },
          { header: '消息内容', width: 48, value: (m) => m.messageText },
          { header: '消息类型', width: 16, value: (m) => messageTypeNames[m.messageType] ?? String(m.messageType) },
          { header: '状态', width: 10, value: (m) => messageStatusNames[m.status] ?? String(m.status) },
          { header: '创建时间', width: 20, value: (m) => shanghaiDateTime(new Date(m.creatorTime)) },
        ],
        batches: pages(async (currentPage, pageSize) => (await listMessages(request.db, auth, { currentPage, pageSize, status, messageTypeList })).list),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.remove, { tags, summary: '删除系统消息', permission }),
    handler: async (request) => {
      await removeMessage(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  });

  app.route({
    ...routeOf(endpoints.deviceOffline, { tags, summary: '设备离线任务', permission }),
    handler: async (request) => ok(await listOfflineTasks(request.db, requireAuth(request), request.query)),
  });
};
