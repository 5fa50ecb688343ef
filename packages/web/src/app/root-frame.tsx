import NProgress from 'nprogress';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { savedScroll } from '../shell/keep-alive/view-scroll';
import { applyFavicon, useBranding } from '../shared/tenant/branding-api';
import { defaultSiteTitle, documentTitle, titledMatches } from './route-handle';

NProgress.configure({ showSpinner: false });

/** Above every route: progress bar, scroll reset, document title and favicon. */
export function RootFrame() {
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const { data: branding } = useBranding();

  useEffect(() => {
    if (navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  }, [navigation.state]);

  // A navigation scrolls to the top; a kept-alive tab coming back gets its own offset again.
  const lastPathname = useRef(pathname);
  useEffect(() => {
    const otherPage = lastPathname.current !== pathname;
    lastPathname.current = pathname;
    window.scrollTo(0, otherPage ? (savedScroll(pathname) ?? 0) : 0);
  }, [pathname, search]);

  const handle = titledMatches(matches).at(-1)?.handle;
  const siteTitle = branding?.title || defaultSiteTitle;
  useEffect(() => {
    document.title = documentTitle(handle, siteTitle);
  }, [handle, siteTitle]);

  useEffect(() => {
    if (branding?.favicon) applyFavicon(branding.favicon);
  }, [branding?.favicon]);

  return <Outlet />;
}
