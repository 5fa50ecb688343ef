import { envelope, resetPasswordInput, userPaths } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../plugins/app-error.js';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { resetPassword } from './user.service.js';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    userPaths.resetPassword,
    {
      // one's own password needs nothing more; someone else's needs 用户 (checked in the service)
      config: { permission: anySignedIn },
      schema: {
        tags: ['system'],
        summary: '重置密码',
        params: z.object({ id: z.uuid('用户编号格式不正确') }),
        body: resetPasswordInput,
        response: { 200: envelope(z.object({ endedSessions: z.number().int() })) },
      },
    },
    async (request) => {
      if (request.body.id && request.body.id !== request.params.id) throw badRequest('请求体 id 与路径中的用户编号不一致');
      const result = await resetPassword(request.db, requireAuth(request), request.params.id, request.body.userPassword);
      return { code: 200, msg: '修改成功', data: result };
    },
  );
};
