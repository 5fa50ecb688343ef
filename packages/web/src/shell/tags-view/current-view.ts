import type { UIMatch } from 'react-router';
import { isRouteHandle } from '../../app/route-handle';
import type { TagView } from './tags-rules';

/** The tag for the page on screen: the deepest matched route, when it carries a title; null for /redirect and the root. */
export function currentView(matches: readonly UIMatch[], location: { pathname: string; search: string }): TagView | null {
  const leaf = matches.at(-1);
  if (!leaf || !isRouteHandle(leaf.handle)) return null;
  return {
    path: location.pathname,
    fullPath: location.pathname + location.search,
    name: leaf.id,
    meta: { title: leaf.handle.title, noCache: leaf.handle.noCache === true, affix: false },
  };
}
