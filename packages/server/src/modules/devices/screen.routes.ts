import { screenEndpoints as endpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { listScreens, sendScreenMessage } from './screen.service.js';

const tags = ['devices'];
const permission = 'screen';

/** 显示屏 (menu SysOperations/screen): the screens and the texts sent to them. */
export const screenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '显示屏列表（含最近消息与待送达数）', permission, replicaSafe: true }),
    handler: async (request) => ok(await listScreens(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.send, { tags, summary: '向显示屏发送内容（排队，显示屏下次取时送达）', permission }),
    handler: async (request) => ok(await sendScreenMessage(request.db, requireAuth(request), request.body), '已发送，等待显示屏接收'),
  });
};
