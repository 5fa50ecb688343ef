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

  useEffect(() => {
    if (view) useTagsStore.getState().addView(view);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the view object is new on every render; its path and query are what matter
  }, [path, fullPath]);
}
