import {
  deviceOfflinePage,
  deviceOfflineQuery,
  envelope,
  messageCountQuery,
  messageCounts as messageCountsSchema,
  messageListQuery,
  messagePaths,
  systemMessagePage,
} from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import { listMessages, listOfflineTasks, messageCounts, removeMessage } from './messages.service.js';

const ok = <T>(data: T, msg = '成功') => ({ code: 200, msg, data });
const tags = ['messages'];
const countsResponse = { 200: envelope(messageCountsSchema) };

/** The message center of spec §4/§7; every answer is filtered to what the user may see. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    messagePaths.count,
    { schema: { tags, summary: '各类未处理消息数量', querystring: messageCountQuery, response: countsResponse } },
    async (request) => ok(await messageCounts(app.db, requireAuth(request), request.query.status)),
  );

  app.get(
    messagePaths.alertCount,
    { schema: { tags, summary: '告警数量（每10秒轮询）', querystring: messageCountQuery, response: countsResponse } },
    async (request) => ok(await messageCounts(app.db, requireAuth(request), request.query.status)),
  );

  app.get(
    messagePaths.refresh,
    { schema: { tags, summary: '重新统计消息数量', response: countsResponse } },
    async (request) => ok(await messageCounts(app.db, requireAuth(request)), '刷新成功'),
  );

  app.get(
    messagePaths.list,
    { schema: { tags, summary: '系统消息列表', querystring: messageListQuery, response: { 200: envelope(systemMessagePage) } } },
    async (request) => ok(await listMessages(app.db, requireAuth(request), request.query)),
  );

  app.delete(
    messagePaths.remove,
    {
      schema: {
        tags,
        summary: '删除系统消息',
        params: z.object({ id: z.uuid('消息编号格式不正确') }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await removeMessage(app.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  );

  app.get(
    messagePaths.deviceOffline,
    { schema: { tags, summary: '设备离线任务', querystring: deviceOfflineQuery, response: { 200: envelope(deviceOfflinePage) } } },
    async (request) => ok(await listOfflineTasks(app.db, requireAuth(request), request.query)),
  );
};
