import {
  organizationPaths,
  positionPaths,
  rolePaths,
  userPaths,
  type OrganizationNode,
  type ResetPasswordInput,
} from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '../../shared/http/http-client';
import { resourceKeys } from '../../shared/resource/use-resource';

/** Query-key roots, shared with the resources so a save there refreshes every picker here. */
export const organizationResourceKey = 'organization';
export const positionResourceKey = 'position';
export const userResourceKey = 'systemUser';
const roleResourceKey = 'role';

export interface NamedOption {
  id: string;
  name: string;
}

const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

export const fetchOrganizationTree = () => requestData<OrganizationNode[]>({ method: 'GET', url: organizationPaths.list });

/** The tenant's whole organization tree; the 组织 page and every organization picker read the same cache entry. */
export const useOrganizationTree = () =>
  useQuery({ queryKey: [...resourceKeys.all(organizationResourceKey), 'tree'], queryFn: fetchOrganizationTree });

export const usePositionOptions = () =>
  useQuery({
    queryKey: [...resourceKeys.all(positionResourceKey), 'selector'],
    queryFn: () => requestData<NamedOption[]>({ method: 'GET', url: positionPaths.selector }),
  });

export const useRoleOptions = () =>
  useQuery({
    queryKey: [...resourceKeys.all(roleResourceKey), 'selector'],
    queryFn: () => requestData<NamedOption[]>({ method: 'GET', url: rolePaths.selector }),
  });

export interface UserStatusResult {
  status: number;
  endedSessions: number;
}

/** 启用 (1) or 停用 (0); resolves to the server's msg ("已停用"). */
export const setUserStatus = (id: string, status: 0 | 1) =>
  requestData<UserStatusResult>({
    method: 'POST',
    url: withId(userPaths.status, id).replace(':status', String(status)),
  });

export const resetUserPassword = (id: string, body: ResetPasswordInput) =>
  requestData<{ endedSessions: number }>({ method: 'POST', url: withId(userPaths.resetPassword, id), data: body });

/** 解除限制: resolves to how many failed sign-ins stopped counting. */
export const releaseLoginLimit = (id: string) =>
  requestData<{ releasedFailures: number }>({ method: 'POST', url: withId(userPaths.releaseLoginLimit, id) });
