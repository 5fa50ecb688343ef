import { DownOutlined, LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { signOutAndReload, useSessionStore } from '../modules/auth/session-store';

type UserMenuKey = 'center' | 'password' | 'logout';

const items: MenuProps['items'] = [
  { key: 'center' satisfies UserMenuKey, icon: <UserOutlined />, label: '个人中心' },
  { key: 'password' satisfies UserMenuKey, icon: <LockOutlined />, label: '修改密码' },
  { type: 'divider' },
  { key: 'logout' satisfies UserMenuKey, icon: <LogoutOutlined />, label: '退出登录' },
];

export function UserDropdown() {
  const user = useSessionStore((state) => state.user);
  const navigate = useNavigate();
  const { modal } = App.useApp();

  const actions: Record<UserMenuKey, () => void> = {
    center: () => navigate('/user/center'),
    // The reset-password dialog of spec §5 comes with the system module.
    password: () => {
      modal.info({ title: '修改密码', content: '修改密码功能建设中，敬请期待', okText: '知道了' });
    },
    logout: () => {
      modal.confirm({
        title: '提示',
        content: '确定注销并退出系统吗？',
        okText: '确定',
        cancelText: '取消',
        type: 'warning',
        onOk: signOutAndReload,
      });
    },
  };

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key in actions) actions[key as UserMenuKey]();
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <button type="button" className="app-navbar__user" aria-label="用户菜单">
        <Avatar size={28} icon={<UserOutlined />} className="app-navbar__avatar" />
        <span className="app-navbar__user-name">{user?.userName ?? ''}</span>
        <DownOutlined className="app-navbar__user-caret" />
      </button>
    </Dropdown>
  );
}
