import { tenantPaths, type Envelope, type Tenant, type TenantCreateInput, type TenantUpdateInput } from '@parking/contract';
import { http } from '../../shared/http/http-client';
import { itemPath } from '../../shared/resource/resource-api';

export const tenantUploadPath = (id: string, kind: 'logo' | 'favicon') =>
  tenantPaths.upload.replace(':id', encodeURIComponent(id)).replace(':kind', kind);

export const fetchTenant = (id: string): Promise<Tenant> =>
  http.get<Envelope<Tenant>>(itemPath(tenantPaths.list, id)).then((response) => response.data.data);

/** Both resolve to the server's msg (新增成功 / 修改成功), which the user is shown. */
export const createTenant = (body: TenantCreateInput): Promise<string> =>
  http.post<Envelope<Tenant>>(tenantPaths.list, body).then((response) => response.data.msg);

export const updateTenant = (id: string, body: TenantUpdateInput): Promise<string> =>
  http.put<Envelope<Tenant>>(itemPath(tenantPaths.list, id), body).then((response) => response.data.msg);
