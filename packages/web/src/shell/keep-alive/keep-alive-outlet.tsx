/* eslint-disable react-hooks/refs -- the kept pages are a cache written and read during render on purpose: a hidden page must keep the element its last render produced */
import { Activity, Fragment, useEffect, useRef, type ReactElement } from 'react';
import { UNSAFE_LocationContext as LocationContext, useLocation, useMatches, useNavigationType, useOutlet, type Location, type NavigationType } from 'react-router';
import { currentView } from '../tags-view/current-view';
import { useTagsStore } from '../tags-view/tags-store';
import { forgetScroll, rememberScroll } from './view-scroll';

interface KeptPage {
  element: ReactElement;
  /** what the page sees as "the" location, so a hidden page never reads another page's URL */
  locationContext: { location: Location; navigationType: NavigationType };
}

/**
 * The layout's outlet, with every cached tag kept mounted under `<Activity mode="hidden">`: a
 * page keeps its filters, pager and scroll while another tab is on screen. Pages not cached
 * (noCache, or dropped by refresh/close) render live and unmount when left.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const view = currentView(useMatches(), location);
  const cachedViews = useTagsStore((state) => state.cachedViews);
  // Written during render on purpose: the kept element must be the one this render produced.
  const kept = useRef(new Map<string, KeptPage>());

  const cacheable = view !== null && !view.meta.noCache && outlet !== null;
  if (cacheable) {
    const previous = kept.current.get(view.path);
    const locationContext = previous?.locationContext.location === location ? previous.locationContext : { location, navigationType };
    kept.current.set(view.path, { element: outlet, locationContext });
  }
  for (const path of kept.current.keys()) {
    if (path !== view?.path && !cachedViews.includes(path)) {
      kept.current.delete(path);
      forgetScroll(path);
    }
  }

  const visiblePath = cacheable ? view.path : null;
  useEffect(() => {
    if (visiblePath === null) return;
    const record = () => rememberScroll(visiblePath, window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [visiblePath]);

  return (
    <>
      {[...kept.current].map(([path, page]) => (
        <Activity key={path} mode={path === visiblePath ? 'visible' : 'hidden'}>
          <div className="app-view" data-view-path={path}>
            <LocationContext.Provider value={page.locationContext}>{page.element}</LocationContext.Provider>
          </div>
        </Activity>
      ))}
      {!cacheable && (
        <Fragment key={`live:${location.pathname}`}>
          <div className="app-view" data-view-path={location.pathname}>
            {outlet}
          </div>
        </Fragment>
      )}
    </>
  );
}
