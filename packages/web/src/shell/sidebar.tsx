import { Layout, Menu } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSessionStore } from '../modules/auth/session-store';
import { useAppStore } from './app-store';
import { buildSidebarMenu } from './sidebar-menu';
import { SidebarLogo } from './sidebar-logo';

export const sidebarWidth = 220;
export const sidebarCollapsedWidth = 64;

export function Sidebar() {
  const menuList = useSessionStore((state) => state.menuList);
  const sidebarOpened = useAppStore((state) => state.sidebarOpened);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { items, ancestors } = useMemo(() => buildSidebarMenu(menuList), [menuList]);

  const selectedKey = ancestors.has(pathname) ? pathname : '';
  // Unique-opened (spec §9 default on): opening a folder closes its siblings; the current page's folders start open.
  const [openKeys, setOpenKeys] = useState<string[]>(() => [...(ancestors.get(pathname) ?? [])]);
  const [trackedPath, setTrackedPath] = useState(pathname);
  if (trackedPath !== pathname) {
    setTrackedPath(pathname);
    const wanted = ancestors.get(pathname);
    if (wanted && !wanted.every((key) => openKeys.includes(key))) setOpenKeys([...wanted]);
  }

  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((key) => !openKeys.includes(key));
    setOpenKeys(opened ? [...(ancestors.get(opened) ?? []), opened] : keys);
  };

  return (
    <Layout.Sider
      className="app-sidebar"
      width={sidebarWidth}
      collapsedWidth={sidebarCollapsedWidth}
      collapsed={!sidebarOpened}
      trigger={null}
      collapsible
    >
      <SidebarLogo collapsed={!sidebarOpened} />
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
