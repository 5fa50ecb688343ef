import { menuType, type MenuItem } from '@parking/contract';
import { firstMenuPath, menuPath, menuSearchDepth } from '../../app/first-menu-path';
import type { TagView } from '../tags-view/tags-rules';

/** A permitted page with the folder titles above it, outermost first. */
export interface MenuPage {
  path: string;
  title: string;
  folders: string[];
}

/** Every page of the user's menu that has an address, in menu order, down to the routed depth. */
export function menuPages(menuList: readonly MenuItem[]): MenuPage[] {
  const pages: MenuPage[] = [];
  const seen = new Set<string>();
  const walk = (items: readonly MenuItem[], folders: string[], depth: number) => {
    for (const item of items) {
      if (item.type === menuType.page && item.urlAddress.trim() !== '') {
        const path = menuPath(item.urlAddress).replace(/\/+$/, '');
        if (!seen.has(path.toLowerCase())) {
          seen.add(path.toLowerCase());
          pages.push({ path, title: item.fullName, folders });
        }
      }
      const nested = item.type === menuType.folder ? [...folders, item.fullName] : folders;
      if (depth < menuSearchDepth && item.children.length > 0) walk(item.children, nested, depth + 1);
    }
  };
  walk(menuList, [], 1);
  return pages;
}

/** The first menu page is the home tab: affixed, never closable (a tab can be closed unless pinned). */
export function affixViews(menuList: readonly MenuItem[]): TagView[] {
  const home = firstMenuPath(menuList);
  const page = menuPages(menuList).find((p) => p.path === home);
  if (!page) return [];
  return [{ path: page.path, fullPath: page.path, name: `affix:${page.path}`, meta: { title: page.title, noCache: false, affix: true } }];
}
