import type { UIMatch } from 'react-router';

/** What every route carries in `handle`: its Chinese title, and whether it stands alone in the tab title. */
export interface RouteHandle {
  title: string;
  /** scan-exit and statistics pages: the tab shows their own title only */
  ownTitle?: boolean;
  /** the shell does not keep this page alive when it is hidden behind another tab */
  noCache?: boolean;
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
