import { envelope, loginFailureData, resetPasswordInput, userPaths } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../plugins/app-error.js';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { resetPassword } from './user.service.js';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    userPaths.resetPassword,
    {
      // one's own password needs the current one; someone else's needs 用户 (both checked in the service)
      config: { permission: anySignedIn },
      schema: {
        tags: ['system'],
        summary: '修改本人密码（需当前密码 oldPassword）或重置其他用户的密码（需用户管理权限）',
        params: z.object({ id: z.uuid('用户编号格式不正确') }),
        body: resetPasswordInput,
        response: { 200: envelope(z.object({ endedSessions: z.number().int() })), 400: envelope(loginFailureData) },
      },
    },
    async (request, reply) => {
      if (request.body.id && request.body.id !== request.params.id) throw badRequest('请求体 id 与路径中的用户编号不一致');
      const outcome = await resetPassword(request.db, requireAuth(request), request.params.id, request.body);
      if ('refused' in outcome) {
        // answered, not thrown: the failed check it recorded must commit with the request
        return reply.status(400).send({ code: 400, msg: outcome.refused.msg, data: outcome.refused.data });
      }
      return { code: 200, msg: '修改成功', data: outcome };
    },
  );
};
