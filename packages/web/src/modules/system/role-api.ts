import { rolePaths, type Envelope, type RoleDetail } from '@parking/contract';
import { http, requestData } from '../../shared/http/http-client';
import { itemPath } from '../../shared/resource/resource-api';
import { resourceKeys } from '../../shared/resource/use-resource';
import { roleResource } from './role.resource';

export const roleDetailKey = (id: string) => resourceKeys.detail(roleResource.resource, id);

/** A role with the ids of the menus it grants, folders included. */
export const fetchRoleDetail = (id: string): Promise<RoleDetail> => requestData<RoleDetail>({ method: 'GET', url: itemPath(rolePaths.list, id) });

/** Replaces the role's grant; the server adds the folders above each page. Answers the server's msg ("授权成功"). */
export const saveRoleMenus = (id: string, menuIds: readonly string[]): Promise<string> =>
  http
    .put<Envelope<RoleDetail>>(rolePaths.menus.replace(':id', encodeURIComponent(id)), { menuIds })
    .then((response) => response.data.msg);
