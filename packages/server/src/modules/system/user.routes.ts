import { userEndpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../plugins/app-error.js';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { resetPassword } from './user.service.js';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(userEndpoints.resetPassword, {
      tags: ['system'],
      summary: '修改本人密码（需当前密码 oldPassword）或重置其他用户的密码（需用户管理权限）',
      // one's own password needs the current one; someone else's needs 用户 (both checked in the service)
      permission: anySignedIn,
    }),
    handler: async (request, reply) => {
      if (request.body.id && request.body.id !== request.params.id) throw badRequest('请求体 id 与路径中的用户编号不一致');
      const outcome = await resetPassword(request.db, requireAuth(request), request.params.id, request.body, app.now());
      if ('refused' in outcome) {
        // answered, not thrown: the failed check it recorded must commit with the request; returned, not
        // sent, so it goes out after that commit and the next attempt already counts it
        void reply.status(400);
        return { code: 400, msg: outcome.refused.msg, data: outcome.refused.data };
      }
      return ok(outcome, '修改成功');
    },
  });
};
