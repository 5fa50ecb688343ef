import { Layout, Menu } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSessionStore } from '../../shared/session/session-store';
import { useAppStore } from '../app-store';
import { useSettingsStore } from '../settings/settings-store';
import { buildSidebarMenu } from './sidebar-menu';
import { SidebarLogo } from './sidebar-logo';

/** The open sidebar is 220 px wide. */
export const sidebarWidth = 220;
export const sidebarCollapsedWidth = 64;

export function Sidebar() {
  const menuList = useSessionStore((state) => state.menuList);
  const sidebarOpened = useAppStore((state) => state.sidebarOpened);
  const mobile = useAppStore((state) => state.device === 'mobile');
  const uniqueOpened = useSettingsStore((state) => state.uniqueOpened);
  const showLogo = useSettingsStore((state) => state.sidebarLogo);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { items, ancestors } = useMemo(() => buildSidebarMenu(menuList), [menuList]);

  const selectedKey = ancestors.has(pathname) ? pathname : '';
  // The current page's folders start open and open again whenever the page changes.
  const [openKeys, setOpenKeys] = useState<string[]>(() => [...(ancestors.get(pathname) ?? [])]);
  const [trackedPath, setTrackedPath] = useState(pathname);
  if (trackedPath !== pathname) {
    setTrackedPath(pathname);
    const wanted = ancestors.get(pathname);
    if (wanted && !wanted.every((key) => openKeys.includes(key))) setOpenKeys(uniqueOpened ? [...wanted] : [...new Set([...openKeys, ...wanted])]);
  }

  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((key) => !openKeys.includes(key));
    // Unique-opened: opening a folder closes every folder that is not above it.
    setOpenKeys(uniqueOpened && opened ? [...(ancestors.get(opened) ?? []), opened] : keys);
  };

  return (
    <Layout.Sider
      className={`app-sidebar${mobile ? ' app-sidebar--mobile' : ''}`}
      width={sidebarWidth}
      collapsedWidth={mobile ? 0 : sidebarCollapsedWidth}
      collapsed={!sidebarOpened}
      trigger={null}
      collapsible
    >
      {showLogo && <SidebarLogo collapsed={!sidebarOpened} />}
      <Menu
        className="app-sidebar__menu"
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={selectedKey ? [selectedKey] : []}
        {...(sidebarOpened ? { openKeys, onOpenChange } : {})}
        onClick={({ key }) => {
          if (key !== pathname) navigate(key);
        }}
      />
    </Layout.Sider>
  );
}
