import { menuAdminPaths, rolePaths, type MenuAdminNode, type MenuInput } from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData } from '../../shared/http/http-client';
import { createCall, removeCall, updateCall } from '../../shared/resource/resource-api';

/** The whole menu tree; a change on the 菜单 page refreshes the 菜单授权 drawer's copy too. */
export const menuTreeKey = ['systemMenu', 'list'] as const;
const grantableMenuTreeKey = ['systemMenu', 'grantable'] as const;

/** Every menu of the tenant, disabled ones included, nested folders → pages. */
export const fetchMenuTree = (): Promise<MenuAdminNode[]> => requestData<MenuAdminNode[]>({ method: 'GET', url: menuAdminPaths.list });

export const useMenuTree = () => useQuery({ queryKey: menuTreeKey, queryFn: fetchMenuTree });

/** The same tree through the 角色 page's own permission: granting menus must not need the 菜单 page. */
export const useGrantableMenuTree = () =>
  useQuery({
    queryKey: grantableMenuTreeKey,
    queryFn: () => requestData<MenuAdminNode[]>({ method: 'GET', url: rolePaths.menuCatalogue }),
  });

const useInvalidateMenus = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['systemMenu'] });
};

export interface MenuSave {
  /** absent for a new menu */
  id?: string;
  body: MenuInput;
}

/** Creates or edits a menu; answers the server's msg. */
export function useMenuSave() {
  const invalidate = useInvalidateMenus();
  return useMutation({
    mutationFn: ({ id, body }: MenuSave) =>
      id === undefined ? createCall(menuAdminPaths.list, { ...body }) : updateCall(menuAdminPaths.list, id, { ...body }),
    onSuccess: invalidate,
  });
}

export function useMenuRemove() {
  const invalidate = useInvalidateMenus();
  return useMutation({ mutationFn: (id: string) => removeCall(menuAdminPaths.list, id), onSuccess: invalidate });
}
