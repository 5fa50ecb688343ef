import { menuMaxDepth, type MenuAdminItem, type MenuAdminNode } from '@parking/contract';

/** A row of the tree table; leaves have no `children`, so antd shows no expander on them. */
export interface MenuRow extends MenuAdminItem {
  /** 1 for a top-level menu */
  depth: number;
  children?: MenuRow[];
}

export const toMenuRows = (menus: readonly MenuAdminNode[], depth = 1): MenuRow[] =>
  menus.map(({ children, ...menu }) => ({
    ...menu,
    depth,
    ...(children.length > 0 ? { children: toMenuRows(children, depth + 1) } : {}),
  }));

/** A folder may take a child while the child would still be within the three levels. */
export const canHoldChild = (row: Pick<MenuRow, 'type' | 'depth'>) => row.type === 1 && row.depth < menuMaxDepth;

export interface ParentOption {
  value: string;
  title: string;
  disabled: boolean;
  children?: ParentOption[];
}

/**
 * The folders a menu may hang under, as a TreeSelect reads them. The menu being edited and what is
 * below it are left out (a menu cannot sit under itself); full-depth folders show but cannot be picked.
 */
export const parentOptions = (menus: readonly MenuAdminNode[], movingId?: string, depth = 1): ParentOption[] =>
  menus
    .filter((menu) => menu.type === 1 && menu.id !== movingId)
    .map((menu) => {
      const children = parentOptions(menu.children, movingId, depth + 1);
      return {
        value: menu.id,
        title: menu.fullName,
        disabled: depth >= menuMaxDepth,
        ...(children.length > 0 ? { children } : {}),
      };
    });

/** Every menu of the tree, parents before their children. */
export const flattenMenus = (menus: readonly MenuAdminNode[]): MenuAdminNode[] => menus.flatMap((menu) => [menu, ...flattenMenus(menu.children)]);

export const allMenuKeys = (menus: readonly MenuAdminNode[]): string[] => flattenMenus(menus).map((menu) => menu.id);

/** The keys that can be opened: folders with something under them. */
export const folderKeys = (menus: readonly MenuAdminNode[]): string[] =>
  flattenMenus(menus)
    .filter((menu) => menu.children.length > 0)
    .map((menu) => menu.id);
