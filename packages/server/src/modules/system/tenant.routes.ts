import { brandImageKinds, envelope, tenant, tenantCreateInput, tenantListQuery, tenantPage, tenantPaths, tenantUpdateInput, uploadedImage } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import { readImage, storeImage } from '../../shared/image-upload.js';
import { createTenant, getTenant, listTenants, replaceBrandImage, updateTenant } from './tenant.service.js';

const tags = ['system'];
/** platform-only: the auth hook refuses every other tenant's users, administrators included */
const permission = 'tenant';
const idParams = z.object({ id: z.uuid('租户编号格式不正确') });
const ok = <T>(data: T, msg = '成功') => ({ code: 200, msg, data });

/** Tenants under /api/system/Tenant, for the platform's administrators only. */
export const tenantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    tenantPaths.list,
    { config: { permission }, schema: { tags, summary: '租户列表', querystring: tenantListQuery, response: { 200: envelope(tenantPage) } } },
    async (request) => ok(await listTenants(request.db, request.query)),
  );

  app.get(
    tenantPaths.item,
    { config: { permission }, schema: { tags, summary: '租户详情', params: idParams, response: { 200: envelope(tenant) } } },
    async (request) => ok(await getTenant(request.db, request.params.id)),
  );

  app.post(
    tenantPaths.list,
    {
      config: { permission },
      schema: { tags, summary: '新增租户（含菜单、系统管理员角色和首个管理员账号）', body: tenantCreateInput, response: { 200: envelope(tenant) } },
    },
    async (request) => ok(await createTenant(request.db, requireAuth(request), request.body), '新增成功'),
  );

  app.put(
    tenantPaths.item,
    {
      config: { permission },
      schema: { tags, summary: '修改租户品牌与状态', params: idParams, body: tenantUpdateInput, response: { 200: envelope(tenant) } },
    },
    async (request) => ok(await updateTenant(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  );

  app.post(
    tenantPaths.upload,
    {
      config: { permission },
      schema: {
        tags,
        summary: '上传租户 Logo 或网站图标（multipart 字段 file；PNG/JPG/GIF/WebP，图标另可 ICO）',
        consumes: ['multipart/form-data'],
        params: idParams.extend({ kind: z.enum(brandImageKinds, { error: '图片类型只能是 logo 或 favicon' }) }),
        response: { 200: envelope(uploadedImage) },
      },
    },
    async (request) => {
      const { id, kind } = request.params;
      // the tenant is checked before anything is written to disk
      await getTenant(request.db, id);
      const image = await readImage(request, kind);
      const url = await storeImage(app.config.dataDir, 'brand', image);
      return ok(await replaceBrandImage(request.db, requireAuth(request), app.config.dataDir, id, kind, url), '上传成功');
    },
  );
};
