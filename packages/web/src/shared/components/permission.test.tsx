import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSystemRole, useSessionStore } from '../session/session-store';
import { Permission } from './permission';
import { holdsRoles, useRoleGuard } from './role-guard';

afterEach(() => useSessionStore.setState({ roles: [] }));

describe('holdsRoles', () => {
  it('needs every listed role', () => {
    expect(holdsRoles([defaultSystemRole], [defaultSystemRole])).toBe(true);
    expect(holdsRoles([defaultSystemRole], [defaultSystemRole, 'finance'])).toBe(false);
    expect(holdsRoles([], [defaultSystemRole])).toBe(false);
  });

  it('refuses an empty role list', () => {
    expect(() => holdsRoles([defaultSystemRole], [])).toThrow('需要角色列表');
  });
});

describe('useRoleGuard', () => {
  it('follows the session roles', () => {
    const { result } = renderHook(() => useRoleGuard([defaultSystemRole]));
    expect(result.current).toBe(false);
    act(() => useSessionStore.setState({ roles: [defaultSystemRole] }));
    expect(result.current).toBe(true);
  });

  it('throws on an empty list', () => {
    expect(() => renderHook(() => useRoleGuard([]))).toThrow('需要角色列表');
  });
});

describe('<Permission>', () => {
  it('renders its children for a user with the roles', () => {
    useSessionStore.setState({ roles: [defaultSystemRole] });
    render(<Permission roles={[defaultSystemRole]}>删除按钮</Permission>);
    expect(screen.getByText('删除按钮')).toBeTruthy();
  });

  it('renders nothing, or the fallback, when a role is missing', () => {
    useSessionStore.setState({ roles: [defaultSystemRole] });
    const { container } = render(<Permission roles={[defaultSystemRole, 'finance']}>删除按钮</Permission>);
    expect(container.textContent).toBe('');
    render(
      <Permission roles={['finance']} fallback="无权限">
        删除按钮
      </Permission>,
    );
    expect(screen.getByText('无权限')).toBeTruthy();
    expect(screen.queryByText('删除按钮')).toBeNull();
  });
});
