import { useLocation, useNavigate } from 'react-router';
import { pathAfterClose, type TagView } from './tags-rules';
import { useTagsStore } from './tags-store';

/** The tab bar's actions, as the refresh button, the context menu and middle click use them. */
export function useTagActions() {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const goAfterClose = () => {
    const next = pathAfterClose(useTagsStore.getState().visitedViews, pathname);
    if (next !== null) navigate(next);
  };

  return {
    isActive: (view: TagView) => view.path === pathname,
    /** drops the page from the cache and remounts it through /redirect, so it loads its data afresh */
    refresh: (view: TagView) => {
      useTagsStore.getState().delCachedView(view.path);
      navigate(`/redirect${view.fullPath}`, { replace: true });
    },
    close: (view: TagView) => {
      if (view.meta.affix) return;
      useTagsStore.getState().delView(view.path);
      goAfterClose();
    },
    closeOthers: (view: TagView) => {
      if (view.path !== pathname) navigate(view.fullPath);
      useTagsStore.getState().delOthersViews(view.path);
    },
    closeAll: () => {
      useTagsStore.getState().delAllViews();
      goAfterClose();
    },
  };
}
