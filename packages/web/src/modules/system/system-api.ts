import { organizationEndpoints, positionEndpoints, roleEndpoints, userEndpoints, type ResetPasswordInput } from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
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

export const fetchOrganizationTree = () => call(organizationEndpoints.tree);

/** The tenant's whole organization tree; the 组织 page and every organization picker read the same cache entry. */
export const useOrganizationTree = () => useQuery({ queryKey: [...resourceKeys.all(organizationResourceKey), 'tree'], queryFn: fetchOrganizationTree });

export const usePositionOptions = () =>
  useQuery({
    queryKey: [...resourceKeys.all(positionResourceKey), 'selector'],
    queryFn: (): Promise<NamedOption[]> => call(positionEndpoints.selector),
  });

export const useRoleOptions = () =>
  useQuery({
    queryKey: [...resourceKeys.all(roleResourceKey), 'selector'],
    queryFn: (): Promise<NamedOption[]> => call(roleEndpoints.selector),
  });

export interface UserStatusResult {
  status: number;
  endedSessions: number;
}

/** 启用 (1) or 停用 (0); resolves to the server's msg ("已停用"). */
export const setUserStatus = (id: string, status: 0 | 1): Promise<UserStatusResult> => call(userEndpoints.setStatus, { params: { id, status } });

export const resetUserPassword = (id: string, body: ResetPasswordInput) => call(userEndpoints.resetPassword, { params: { id }, body });

/** 解除限制: resolves to how many failed sign-ins stopped counting. */
export const releaseLoginLimit = (id: string) => call(userEndpoints.releaseLoginLimit, { params: { id } });
