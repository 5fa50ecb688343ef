import { menuType, type MenuItem } from '@parking/contract';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { menuSearchDepth } from './first-menu-path';
import { pageElement } from './page-registry';
import type { RouteHandle } from './route-handle';

export type PageElementFactory = (urlAddress: string, title: string) => ReactNode;

const routePath = (urlAddress: string): string => urlAddress.trim().replace(/^\/+|\/+$/g, '');

/**
 * The menu tree as routes: a folder (type 1) becomes a pathless route that only adds its title to the
 * breadcrumb; a page (type 2) becomes a route at its urlAddress inside the main layout. A page
 * with an empty address is the root, which the layout already serves, and a repeated address
 * keeps its first page. Built once, after CurrentUser.
 */
export function buildMenuRoutes(menuList: readonly MenuItem[], makeElement: PageElementFactory = pageElement): RouteObject[] {
  const seen = new Set<string>();

  const build = (items: readonly MenuItem[], depth: number): RouteObject[] =>
    items.flatMap((item): RouteObject[] => {
      const descend = (): RouteObject[] => (depth < menuSearchDepth ? build(item.children, depth + 1) : []);
      const handle: RouteHandle = { title: item.fullName };
      if (item.type === menuType.folder) {
        const children = descend();
        return children.length > 0 ? [{ id: `menu-${item.id}`, handle, children }] : [];
      }
      if (item.type !== menuType.page) return [];
      const path = routePath(item.urlAddress);
      const key = path.toLowerCase();
      const own: RouteObject[] = [];
      if (path !== '' && !seen.has(key)) {
        seen.add(key);
        own.push({ id: `menu-${item.id}`, path, handle, element: makeElement(path, item.fullName) });
      }
      return [...own, ...descend()];
    });

  return build(menuList, 1);
}
