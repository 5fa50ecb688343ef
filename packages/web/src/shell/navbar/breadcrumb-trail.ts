import { menuPath } from '../../app/first-menu-path';
import type { RouteHandle } from '../../app/route-handle';
import type { MenuPage } from '../menu/menu-pages';

/** One crumb: its title, and where it leads when it is a link. */
export interface Crumb {
  key: string;
  title: string;
  to?: string;
}

/**
 * The matched routes' titles (folder › page), last item never a link. A page opened from a list
 * (a record's 详情) stands under that list as the menu has it: 订单管理 / 停车记录 / 详情, where
 * 停车记录 leads back to the list, with the query its tab was left with when it has one.
 */
export function breadcrumbTrail(matched: readonly { id: string; handle: RouteHandle }[], pages: readonly MenuPage[], listAddress: (path: string) => string = (path) => path): Crumb[] {
  const leaf = matched.at(-1);
  const parentPath = leaf?.handle.parent === undefined ? undefined : menuPath(leaf.handle.parent).toLowerCase();
  const parent = parentPath === undefined ? undefined : pages.find((page) => page.path.toLowerCase() === parentPath);
  if (!leaf || !parent) return matched.map((match) => ({ key: match.id, title: match.handle.title }));
  return [
    ...parent.folders.map((title, index) => ({ key: `folder-${index}`, title })),
    { key: 'parent', title: parent.title, to: listAddress(parent.path) },
    { key: leaf.id, title: leaf.handle.crumb ?? leaf.handle.title },
  ];
}
