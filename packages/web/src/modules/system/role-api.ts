import { roleEndpoints, type RoleDetail } from '@parking/contract';
import { call, callEnvelope } from '../../shared/http/call';
import { resourceKeys } from '../../shared/resource/use-resource';
import { roleResource } from './role.resource';

export const roleDetailKey = (id: string) => resourceKeys.detail(roleResource.resource, id);

/** A role with the ids of the menus it grants, folders included. */
export const fetchRoleDetail = (id: string): Promise<RoleDetail> => call(roleEndpoints.detail, { params: { id } });

/** Replaces the role's grant; the server adds the folders above each page. Answers the server's msg ("授权成功"). */
export const saveRoleMenus = async (id: string, menuIds: readonly string[]): Promise<string> =>
  (await callEnvelope(roleEndpoints.setMenus, { params: { id }, body: { menuIds: [...menuIds] } })).msg;
