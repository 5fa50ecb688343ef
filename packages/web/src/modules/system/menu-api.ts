import { menuAdminEndpoints, roleEndpoints, type MenuAdminNode, type MenuInput } from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { saveCall, removeCall } from '../../shared/resource/resource-api';

/** The whole menu tree; a change on the 菜单 page refreshes the 菜单授权 drawer's copy too. */
export const menuTreeKey = ['systemMenu', 'list'] as const;
const grantableMenuTreeKey = ['systemMenu', 'grantable'] as const;

/** Every menu of the tenant, disabled ones included, nested folders → pages. */
export const fetchMenuTree = (): Promise<MenuAdminNode[]> => call(menuAdminEndpoints.tree);

export const useMenuTree = () => useQuery({ queryKey: menuTreeKey, queryFn: fetchMenuTree });

/** The same tree through the 角色 page's own permission: granting menus must not need the 菜单 page. */
export const useGrantableMenuTree = () =>
  useQuery({
    queryKey: grantableMenuTreeKey,
    queryFn: () => call(roleEndpoints.menuCatalogue),
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
    mutationFn: ({ id, body }: MenuSave) => saveCall(menuAdminEndpoints, id, body),
    onSuccess: invalidate,
  });
}

export function useMenuRemove() {
  const invalidate = useInvalidateMenus();
  return useMutation({ mutationFn: (id: string) => removeCall(menuAdminEndpoints.remove, id), onSuccess: invalidate });
}
