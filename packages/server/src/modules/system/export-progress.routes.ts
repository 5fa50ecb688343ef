import { exportProgressEndpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../plugins/app-error.js';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';

/** How far the signed-in user's own download has got (an export started with an x-export-id header). */
export const exportProgressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(exportProgressEndpoints.progress, {
      tags: ['system'],
      summary: '导出进度（已写入行数；导出时以请求头 x-export-id 给出编号，只有发起导出的用户可查）',
      permission: anySignedIn,
    }),
    handler: async (request) => {
      const progress = await app.exportProgress.read(requireAuth(request), request.params.exportId);
      if (!progress) throw notFound('导出不存在或已结束');
      return ok(progress);
    },
  });
};
