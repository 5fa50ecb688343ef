import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useSessionStore } from '../../shared/session/session-store';
import { affixViews } from '../menu/menu-pages';
import { currentView } from './current-view';
import { useTagsStore } from './tags-store';

/** Pins the home tab once the menu is known, and adds a tab for every page the user opens. */
export function useTagsSync(): void {
  const menuList = useSessionStore((state) => state.menuList);
  const location = useLocation();
  const view = currentView(useMatches(), location);
  const path = view?.path;
  const fullPath = view?.fullPath;

  useEffect(() => {
    useTagsStore.getState().addAffixViews(affixViews(menuList));
  }, [menuList]);

  // Keyed by the navigation too, not only by the path: React Router renders a navigation as a
  // transition, and one that comes before the last has rendered replaces it. Closing the other tabs
  // from 订单预警 went to 车道 and the menu went back to 订单预警 before 车道 had rendered, so the path
  // seen here never changed and 订单预警 got no tab again (seen on a busy machine).
  useEffect(() => {
    if (view) useTagsStore.getState().addView(view);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the view object is new on every render; its navigation, path and query are what matter
  }, [location.key, path, fullPath]);
}
