import type { MenuAdminNode } from '@parking/contract';
import { allMenuKeys, flattenMenus } from './menu-tree';

/** A node of the checkable grant tree; a folder's children are its pages and sub-folders. */
export interface GrantTreeNode {
  key: string;
  title: string;
  children?: GrantTreeNode[];
}

/** The menu tree as the antd Tree reads it; a disabled menu still shows, marked, since it can be granted. */
export const toGrantTree = (menus: readonly MenuAdminNode[]): GrantTreeNode[] =>
  menus.map((menu) => ({
    key: menu.id,
    title: menu.enabled ? menu.fullName : `${menu.fullName}（停用）`,
    ...(menu.children.length > 0 ? { children: toGrantTree(menu.children) } : {}),
  }));

/**
 * The server's grant → the Tree's checked keys. The server stores the folders above every granted
 * page, so a folder in the grant does not mean all of it: only the menus with nothing under them are
 * checked, and the Tree works out which folders are whole (checked) or partly granted (half-checked).
 */
export const grantToCheckedKeys = (menus: readonly MenuAdminNode[], grantedIds: readonly string[]): string[] => {
  const granted = new Set(grantedIds);
  return flattenMenus(menus)
    .filter((menu) => menu.children.length === 0 && granted.has(menu.id))
    .map((menu) => menu.id);
};

/**
 * The Tree's checked keys → the grant to send: the checked menus (whole folders and pages) in tree
 * order. Half-checked folders are left to the server, which grants the folders above each page.
 */
export const checkedKeysToGrant = (menus: readonly MenuAdminNode[], checkedKeys: readonly string[]): string[] => {
  const checked = new Set(checkedKeys);
  return allMenuKeys(menus).filter((id) => checked.has(id));
};
