import { envelope, regionAddressMatch, regionChildrenQuery, regionCodeByAddressQuery, regionNode, regionPaths } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { codeByAddress, regionChildren } from './region.service.js';

const tags = ['base'];
const ok = <T>(data: T) => ({ code: 200, msg: '成功', data });

/** GB/T 2260 divisions; the same for every tenant, read by the address fields of several pages. */
export const regionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    regionPaths.codeByAddress,
    {
      config: { permission: anySignedIn },
      schema: {
        tags,
        summary: '按地址识别省市区代码',
        querystring: regionCodeByAddressQuery,
        response: { 200: envelope(regionAddressMatch) },
      },
    },
    async (request) => {
      requireAuth(request);
      return ok(codeByAddress(request.query.address));
    },
  );

  app.get(
    regionPaths.children,
    {
      config: { permission: anySignedIn },
      schema: {
        tags,
        summary: '省市区级联（按上级代码逐级加载）',
        querystring: regionChildrenQuery,
        response: { 200: envelope(z.array(regionNode)) },
      },
    },
    async (request, reply) => {
      requireAuth(request);
      // the national list changes once a year at most
      reply.header('cache-control', 'private, max-age=86400');
      return ok(regionChildren(request.query.parentCode));
    },
  );
};
