import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { AppFooter } from './app-footer';
import { useAppStore } from './app-store';
import { KeepAliveOutlet } from './keep-alive/keep-alive-outlet';
import { Navbar } from './navbar/navbar';
import { SettingsDrawer } from './settings/settings-drawer';
import { useSettingsStore } from './settings/settings-store';
import { Sidebar } from './sidebar/sidebar';
import { TagsView } from './tags-view/tags-view';
import { useTagsSync } from './tags-view/use-tags-sync';
import { useDevice } from './use-device';
import './shell.css';

/** The shell around every signed-in page: sidebar, navbar, tag bar, kept-alive pages, footer, settings. */
export function MainLayout() {
  useDevice();
  useTagsSync();
  const sidebarOpened = useAppStore((state) => state.sidebarOpened);
  const mobile = useAppStore((state) => state.device === 'mobile');
  const closeSidebar = useAppStore((state) => state.closeSidebar);
  const tagsView = useSettingsStore((state) => state.tagsView);
  const fixedHeader = useSettingsStore((state) => state.fixedHeader);
  const showFooter = useSettingsStore((state) => state.showFooter);
  const { pathname } = useLocation();

  // on mobile the sidebar closes on every navigation.
  useEffect(() => {
    if (useAppStore.getState().device === 'mobile') useAppStore.getState().closeSidebar();
  }, [pathname]);

  const classes = ['app-shell', mobile ? 'app-shell--mobile' : 'app-shell--desktop', sidebarOpened ? 'app-shell--sidebar-open' : 'app-shell--sidebar-closed'];
  return (
    <div className={classes.join(' ')}>
      {mobile && sidebarOpened && <div className="app-shell__overlay" data-testid="sidebar-overlay" onClick={closeSidebar} />}
      <Sidebar />
      <div className="app-shell__body">
        <div className={`app-header${fixedHeader ? ' app-header--fixed' : ''}`}>
          <Navbar />
          {tagsView && <TagsView />}
        </div>
        <main className="app-main">
          <KeepAliveOutlet />
        </main>
        {showFooter && <AppFooter />}
      </div>
      <SettingsDrawer />
    </div>
  );
}
