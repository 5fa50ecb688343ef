import { DownOutlined, LockOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { signOutAndReload, useSessionStore } from '../../shared/session/session-store';
import { ChangePasswordDialog } from '../../shared/password/change-password-dialog';
import { useSettingsStore } from '../settings/settings-store';

type UserMenuKey = 'center' | 'settings' | 'password' | 'logout';

export function UserDropdown() {
  const user = useSessionStore((state) => state.user);
  const showSettings = useSettingsStore((state) => state.showSettings);
  const setDrawerOpen = useSettingsStore((state) => state.setDrawerOpen);
  const [changingPassword, setChangingPassword] = useState(false);
  const { modal } = App.useApp();

  const navigate = useNavigate();

  const items: MenuProps['items'] = [
    { key: 'center' satisfies UserMenuKey, icon: <UserOutlined />, label: '个人中心' },
    ...(showSettings ? [{ key: 'settings' satisfies UserMenuKey, icon: <SettingOutlined />, label: '布局设置' }] : []),
    { key: 'password' satisfies UserMenuKey, icon: <LockOutlined />, label: '修改密码' },
    { type: 'divider' },
    { key: 'logout' satisfies UserMenuKey, icon: <LogoutOutlined />, label: '退出登录' },
  ];

  const actions: Record<UserMenuKey, () => void> = {
    center: () => void navigate('/user/center'),
    settings: () => setDrawerOpen(true),
    password: () => setChangingPassword(true),
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
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <button type="button" className="app-navbar__user" aria-label="用户菜单">
          <Avatar size={28} src={user?.avatar || undefined} icon={<UserOutlined />} className="app-navbar__avatar" />
          <span className="app-navbar__user-name">{user?.userName ?? ''}</span>
          <DownOutlined className="app-navbar__user-caret" />
        </button>
      </Dropdown>
      {user && <ChangePasswordDialog open={changingPassword} userId={user.userId} onClose={() => setChangingPassword(false)} />}
    </>
  );
}
