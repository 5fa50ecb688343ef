import { envelope, screenListQuery, screenMessage, screenMessageInput, screenPage, screenPaths } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { listScreens, sendScreenMessage } from './screen.service.js';

const tags = ['devices'];
const permission = 'screen';
const ok = <T>(data: T, msg = '成功') => ({ code: 200, msg, data });

/** 显示屏 (menu SysOperations/screen): the screens and the texts sent to them. */
export const screenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    screenPaths.list,
    { config: { permission }, schema: { tags, summary: '显示屏列表（含最近消息与待送达数）', querystring: screenListQuery, response: { 200: envelope(screenPage) } } },
    async (request) => ok(await listScreens(request.db, requireAuth(request), request.query)),
  );

  app.post(
    screenPaths.send,
    {
      config: { permission },
      schema: { tags, summary: '向显示屏发送内容（排队，显示屏下次取时送达）', body: screenMessageInput, response: { 200: envelope(screenMessage) } },
    },
    async (request) => ok(await sendScreenMessage(request.db, requireAuth(request), request.body), '已发送，等待显示屏接收'),
  );
};
