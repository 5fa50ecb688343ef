import { regionEndpoints as endpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { codeByAddress, regionChildren } from './region.service.js';

const tags = ['base'];

/** GB/T 2260 divisions; the same for every tenant, read by the address fields of several pages. */
export const regionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.codeByAddress, { tags, summary: '按地址识别省市区代码', permission: anySignedIn }),
    handler: async (request) => {
      requireAuth(request);
      return ok(codeByAddress(request.query.address));
    },
  });

  app.route({
    ...routeOf(endpoints.children, { tags, summary: '省市区级联（按上级代码逐级加载）', permission: anySignedIn }),
    handler: async (request, reply) => {
      requireAuth(request);
      // the national list changes once a year at most
      reply.header('cache-control', 'private, max-age=86400');
      return ok(regionChildren(request.query.parentCode));
    },
  });
};
