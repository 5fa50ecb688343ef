import {
  deviceOfflinePage,
  deviceOfflineQuery,
  envelope,
  messageCountQuery,
  messageCounts as messageCountsSchema,
  messageListQuery,
  messagePaths,
  messageStatusNames,
  messageTypeNames,
  systemMessagePage,
  type SystemMessage,
} from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { listMessages, listOfflineTasks, messageCounts, removeMessage } from './messages.service.js';

const ok = <T>(data: T, msg = '成功') => ({ code: 200, msg, data });
const tags = ['messages'];
const countsResponse = { 200: envelope(messageCountsSchema) };

/** The message center of spec §4/§7; every answer is filtered to what the user may see. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    messagePaths.count,
    { config: { permission: anySignedIn }, schema: { tags, summary: '各类未处理消息数量', querystring: messageCountQuery, response: countsResponse } },
    async (request) => ok(await messageCounts(request.db, requireAuth(request), request.query.status)),
  );

  app.get(
    messagePaths.alertCount,
    { config: { permission: anySignedIn }, schema: { tags, summary: '告警数量（每10秒轮询）', querystring: messageCountQuery, response: countsResponse } },
    async (request) => ok(await messageCounts(request.db, requireAuth(request), request.query.status)),
  );

  app.get(
    messagePaths.refresh,
    { config: { permission: anySignedIn }, schema: { tags, summary: '重新统计消息数量', response: countsResponse } },
    async (request) => ok(await messageCounts(request.db, requireAuth(request)), '刷新成功'),
  );

  app.get(
    messagePaths.list,
    { config: { permission: anySignedIn }, schema: { tags, summary: '系统消息列表', querystring: messageListQuery, response: { 200: envelope(systemMessagePage) } } },
    async (request) => ok(await listMessages(request.db, requireAuth(request), request.query)),
  );

  app.get(
    messagePaths.export,
    { config: { permission: anySignedIn }, schema: { tags, summary: '导出系统消息（xlsx，按当前筛选）', querystring: messageListQuery } },
    async (request, reply) => {
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
        batches: pages(async (currentPage, pageSize) =>
          (await listMessages(request.db, auth, { currentPage, pageSize, status, messageTypeList })).list,
        ),
      });
    },
  );

  app.delete(
    messagePaths.remove,
    {
      config: { permission: anySignedIn },
      schema: {
        tags,
        summary: '删除系统消息',
        params: z.object({ id: z.uuid('消息编号格式不正确') }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await removeMessage(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  );

  app.get(
    messagePaths.deviceOffline,
    { config: { permission: anySignedIn }, schema: { tags, summary: '设备离线任务', querystring: deviceOfflineQuery, response: { 200: envelope(deviceOfflinePage) } } },
    async (request) => ok(await listOfflineTasks(request.db, requireAuth(request), request.query)),
  );
};
