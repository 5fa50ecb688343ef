import { MenuFoldOutlined, MenuUnfoldOutlined, ReloadOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useLocation, useMatches } from 'react-router';
import { defaultSiteTitle } from '../../app/route-handle';
import { MessageBell } from '../../modules/messages';
import { useBranding } from '../../shared/tenant/branding-api';
import { useAppStore } from '../app-store';
import { currentView } from '../tags-view/current-view';
import { useTagActions } from '../tags-view/use-tag-actions';
import { BigScreenButton } from './big-screen-button';
import { FullscreenToggle } from './fullscreen-toggle';
import { MenuSearch } from './menu-search';
import { NavbarBreadcrumb } from './navbar-breadcrumb';
import { NavbarClock } from './navbar-clock';
import { NavbarWeather } from './navbar-weather';
import { SizeSelect } from './size-select';
import { UserDropdown } from './user-dropdown';

/**
 * The navbar, left to right: sidebar toggle, breadcrumb, refresh; on the right clock, site title,
 * weather, menu search, messages, big screen, fullscreen, size, user menu. Search, fullscreen and
 * size are left out on mobile.
 */
export function Navbar() {
  const sidebarOpened = useAppStore((state) => state.sidebarOpened);
  const toggleSidebar = useAppStore((state) => state.toggleSidebar);
  const mobile = useAppStore((state) => state.device === 'mobile');
  const { data: branding } = useBranding();
  const view = currentView(useMatches(), useLocation());
  const { refresh } = useTagActions();

  return (
    <header className="app-navbar">
      <button type="button" className="app-navbar__toggle" onClick={toggleSidebar} aria-label={sidebarOpened ? '收起菜单' : '展开菜单'}>
        {sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </button>
      <NavbarBreadcrumb />
      <Tooltip title="刷新">
        <button type="button" className="app-navbar__action" aria-label="刷新页面" disabled={!view} onClick={() => view && refresh(view)}>
          <ReloadOutlined />
        </button>
      </Tooltip>
      <div className="app-navbar__right">
        <NavbarClock />
        <span className="app-navbar__title">{branding?.title || defaultSiteTitle}</span>
        <NavbarWeather />
        {!mobile && <MenuSearch />}
        <MessageBell />
        <BigScreenButton />
        {!mobile && <FullscreenToggle />}
        {!mobile && <SizeSelect />}
        <UserDropdown />
      </div>
    </header>
  );
}
