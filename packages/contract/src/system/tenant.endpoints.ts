import { z } from 'zod';
import { endpoint, idParams } from '../common/endpoint.js';
import { brandImageKinds, tenant, tenantCreateInput, tenantListQuery, tenantPage, tenantPaths, tenantUpdateInput, uploadedImage } from './tenant.schema.js';

const params = idParams('租户编号格式不正确');

export const tenantEndpoints = {
  list: endpoint({ method: 'GET', path: tenantPaths.list, query: tenantListQuery, answer: tenantPage }),
  detail: endpoint({ method: 'GET', path: tenantPaths.item, params, answer: tenant }),
  create: endpoint({ method: 'POST', path: tenantPaths.list, body: tenantCreateInput, answer: tenant }),
  update: endpoint({ method: 'PUT', path: tenantPaths.item, params, body: tenantUpdateInput, answer: tenant }),
  /** multipart field `file`: the body is read from the stream, not declared */
  upload: endpoint({
    method: 'POST',
    path: tenantPaths.upload,
    params: params.extend({ kind: z.enum(brandImageKinds, { error: '图片类型只能是 logo 或 favicon' }) }),
    answer: uploadedImage,
  }),
};
