import { menuType, type MenuItem } from '@parking/contract';
import type { MenuProps } from 'antd';
import { menuPath, menuSearchDepth } from '../../app/first-menu-path';
import { MenuIcon } from '../../shared/icons/menu-icons';

type AntMenuItem = NonNullable<MenuProps['items']>[number];

export interface SidebarMenu {
  items: AntMenuItem[];
  /** every menu key → the folder keys above it, outermost first */
  ancestors: ReadonlyMap<string, readonly string[]>;
}

export const folderKey = (item: MenuItem): string => `folder:${item.id}`;
export const pageKey = (item: MenuItem): string => (item.urlAddress.trim() === '' ? '/' : menuPath(item.urlAddress));

/** The server's menu tree as antd Menu items: folders are submenus, pages are keyed by their path. */
export function buildSidebarMenu(menuList: readonly MenuItem[]): SidebarMenu {
  const ancestors = new Map<string, readonly string[]>();

  const build = (items: readonly MenuItem[], parents: readonly string[]): AntMenuItem[] =>
    items.flatMap((item): AntMenuItem[] => {
      const icon = <MenuIcon name={item.icon} />;
      if (item.type === menuType.folder) {
        const key = folderKey(item);
        const children = parents.length + 1 < menuSearchDepth ? build(item.children, [...parents, key]) : [];
        if (children.length === 0) return [];
        ancestors.set(key, parents);
        return [{ key, icon, label: item.fullName, children }];
      }
      if (item.type !== menuType.page) return [];
      const key = pageKey(item);
      if (ancestors.has(key)) return [];
      ancestors.set(key, parents);
      return [{ key, icon, label: item.fullName }];
    });

  return { items: build(menuList, []), ancestors };
}
