import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Layout } from 'antd';
import { useAppStore } from './app-store';
import { NavbarBreadcrumb } from './navbar-breadcrumb';
import { UserDropdown } from './user-dropdown';

export function Navbar() {
  const sidebarOpened = useAppStore((state) => state.sidebarOpened);
  const toggleSidebar = useAppStore((state) => state.toggleSidebar);
  return (
    <Layout.Header className="app-navbar">
      <button
        type="button"
        className="app-navbar__toggle"
        onClick={toggleSidebar}
        aria-label={sidebarOpened ? '收起菜单' : '展开菜单'}
      >
        {sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </button>
      <NavbarBreadcrumb />
      <div className="app-navbar__right">
        <UserDropdown />
      </div>
    </Layout.Header>
  );
}
