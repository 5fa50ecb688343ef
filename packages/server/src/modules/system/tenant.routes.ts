import { tenantEndpoints as endpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { readImage, storeImage } from '../../shared/image-upload.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { createTenant, getTenant, listTenants, replaceBrandImage, updateTenant } from './tenant.service.js';

const tags = ['system'];
/** platform-only: the auth hook refuses every other tenant's users, administrators included */
const permission = 'tenant';

/** Tenants under /api/system/Tenant, for the platform's administrators only. */
export const tenantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '租户列表', permission, replicaSafe: true }),
    handler: async (request) => ok(await listTenants(request.db, request.query)),
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '租户详情', permission }),
    handler: async (request) => ok(await getTenant(request.db, request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.create, { tags, summary: '新增租户（含菜单、系统管理员角色和首个管理员账号）', permission }),
    handler: async (request) => ok(await createTenant(request.db, requireAuth(request), request.body), '新增成功'),
  });

  app.route({
    ...routeOf(endpoints.update, { tags, summary: '修改租户品牌与状态', permission }),
    handler: async (request) => ok(await updateTenant(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  });

  app.route({
    ...routeOf(endpoints.upload, {
      tags,
      summary: '上传租户 Logo 或网站图标（multipart 字段 file；PNG/JPG/GIF/WebP，图标另可 ICO）',
      consumes: ['multipart/form-data'],
      permission,
    }),
    handler: async (request) => {
      const { id, kind } = request.params;
      // the tenant is checked before anything is written to disk
      await getTenant(request.db, id);
      const image = await readImage(request, kind);
      const url = await storeImage(app.config.dataDir, 'brand', image);
      return ok(await replaceBrandImage(request.db, requireAuth(request), app.config.dataDir, id, kind, url), '上传成功');
    },
  });
};
