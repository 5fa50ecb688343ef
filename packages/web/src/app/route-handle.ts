import type { UIMatch } from 'react-router';

/** What every route carries in `handle`: its Chinese title, and whether it stands alone in the tab title. */
export interface RouteHandle {
  title: string;
  /** scan-exit and statistics pages: the tab shows their own title only */
  ownTitle?: boolean;
  /** the shell does not keep this page alive when it is hidden behind another tab */
  noCache?: boolean;
  /** a page opened from a list (a record's 详情): the list's menu address, so the breadcrumb leads back to it */
  parent?: string;
  /** the breadcrumb's last word when the list above already names the kind (详情) */
  crumb?: string;
}

export { defaultSiteTitle } from '../shared/tenant/site-title';

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as { title?: unknown }).title === 'string';
}

export const titledMatches = (matches: readonly UIMatch[]): UIMatch<unknown, RouteHandle>[] => matches.filter((match): match is UIMatch<unknown, RouteHandle> => isRouteHandle(match.handle));

export function documentTitle(handle: RouteHandle | undefined, siteTitle: string): string {
  if (!handle) return siteTitle;
  return handle.ownTitle ? handle.title : `${handle.title} - ${siteTitle}`;
}
