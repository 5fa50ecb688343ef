import { pathOf, tenantEndpoints, type Tenant, type TenantCreateInput, type TenantUpdateInput } from '@parking/contract';
import { call, callEnvelope } from '../../shared/http/call';

export const tenantUploadPath = (id: string, kind: 'logo' | 'favicon') => pathOf(tenantEndpoints.upload, { id, kind });

export const fetchTenant = (id: string): Promise<Tenant> => call(tenantEndpoints.detail, { params: { id } });

/** Both resolve to the server's msg (新增成功 / 修改成功), which the user is shown. */
export const createTenant = async (body: TenantCreateInput): Promise<string> => (await callEnvelope(tenantEndpoints.create, { body })).msg;

export const updateTenant = async (id: string, body: TenantUpdateInput): Promise<string> => (await callEnvelope(tenantEndpoints.update, { params: { id }, body })).msg;
