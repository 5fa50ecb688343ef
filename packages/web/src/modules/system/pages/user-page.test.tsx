import type { LoginLimit, SystemUser, SystemUserRow } from '@parking/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../shared/session/session-store';
import { md5Hex } from '../../../shared/crypto/md5';
import { installFakeApi, ok, type RecordedCall } from '../../../test/fake-api';
import { disableConfirmText } from '../components/user-status-button';
import { bodyOf, organizationTree, positionOptions, quietComputedStyle, renderAt, roleOptions, saved, systemUser, user } from './system-page-test-kit';
import { UserPage } from './user-page';

/** 已限制登录 of a stranger's failures: an address waits until 10:15:00 Shanghai time */
const limited: LoginLimit = {
  failures: 6,
  captchaRequired: true,
  limitedUntil: '2026-03-02T02:15:00.000Z',
  lastFailureAt: '2026-03-02T02:14:58.000Z',
  lastFailureIp: '203.0.113.7',
};
const row = (u: SystemUser, loginLimit: LoginLimit | null = null): SystemUserRow => ({ ...u, loginLimit });

const seeded = (): SystemUserRow[] => [
  row(systemUser({ id: 'u-admin', account: 'admin', realName: '管理员', isAdministrator: true })),
  row(
    systemUser({
      id: 'u-zs',
      account: 'zhangsan',
      realName: '张三',
      organizationId: '00000000-0000-4000-8000-00000000000b',
      organizationName: '运营部',
      mobile: '13812345678',
      positions: [
        { id: '00000000-0000-4000-8000-00000000001a', name: '班长' },
        { id: '00000000-0000-4000-8000-00000000001b', name: '收费员' },
      ],
    }),
  ),
];

function fakeServer(users = seeded()) {
  return installFakeApi({
    'GET /api/system/Permission/Users': (call: RecordedCall) => {
      const params = call.params as Record<string, string | number>;
      const rows = users.filter((u) => params.status === undefined || u.status === Number(params.status));
      return ok({ list: rows, pagination: { currentPage: 1, pageSize: 10, total: rows.length } });
    },
    'GET /api/system/Permission/Organize': ok(organizationTree),
    'GET /api/system/Permission/Position/Selector': ok(positionOptions),
    'GET /api/system/Permission/Role/Selector': ok(roleOptions),
    'POST /api/system/Permission/Users': saved('新增成功'),
    'POST /api/system/Permission/Users/updateStatus/u-zs/0': () => {
      users[1]!.status = 0;
      return saved('已停用', { status: 0, endedSessions: 1 });
    },
    'POST /api/system/Permission/Users/u-zs/Actions/ReleaseLoginLimit': () => {
      users[1]!.loginLimit = null;
      return saved('已解除限制', { releasedFailures: 6 });
    },
  });
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const dialog = () => screen.getByRole('dialog');
/** paste, not type: typing key by key into antd inputs is slow under jsdom */
const fill = async (label: string, text: string) => {
  await user.click(within(dialog()).getByLabelText(label));
  await user.paste(text);
};

beforeAll(quietComputedStyle);
afterEach(() => useSessionStore.setState({ user: null }));

describe('用户 page', { timeout: 150_000 }, () => {
  it('lists users with their positions in order and status badges; URL filters reach the list call', async () => {
    const calls = fakeServer();
    renderAt('/system/user?status=1&organizationId=00000000-0000-4000-8000-00000000000b', '/system/user', <UserPage />);
    const row = await rowOf('zhangsan');
    expect(
      within(row)
        .getAllByText(/班长|收费员/)
        .map((tag) => tag.textContent),
    ).toEqual(['班长', '收费员']);
    expect(within(row).getByText('启用')).toBeTruthy();
    expect(within(row).getByText('2026-03-01 10:00:00')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/system/Permission/Users')?.params).toEqual({
      currentPage: 1,
      pageSize: 10,
      organizationId: '00000000-0000-4000-8000-00000000000b',
      status: '1',
    });
    // the organization filter shows the organization's name, read from the tree
    expect(await within(document.querySelector<HTMLElement>('.resource-search')!).findByTitle('运营部')).toBeTruthy();
  });

  it('masks phones in the list, and 编辑 opens with the whole number', async () => {
    fakeServer();
    renderAt('/system/user', '/system/user', <UserPage />);
    const row = await rowOf('zhangsan');
    expect(within(row).getByText('138****5678')).toBeTruthy();
    expect(document.querySelector('.resource-table')!.textContent).not.toContain('13812345678');
    await user.click(within(row).getByText(/编\s*辑/));
    await waitFor(() => expect((within(dialog()).getByLabelText('手机号') as HTMLInputElement).value).toBe('13812345678'));
  });

  it('新增 sends the password as MD5 and the positions in the order picked', async () => {
    const calls = fakeServer();
    renderAt('/system/user', '/system/user', <UserPage />);
    await rowOf('zhangsan');
    await user.click(screen.getByRole('button', { name: /新增/ }));
    // the account is a field of its own on create only
    expect(within(dialog()).getByLabelText('账号')).toHaveProperty('disabled', false);
    await fill('账号', 'lisi');
    await fill('姓名', '李四');
    await fill('初始密码', 'abc123');
    await fill('确认密码', 'abc123');
    await user.click(within(dialog()).getByLabelText('岗位'));
    await user.click(await screen.findByTitle('收费员'));
    await user.click(await screen.findByTitle('班长'));
    await user.click(within(dialog()).getByRole('button', { name: '保存' }));

    expect(await screen.findByText('新增成功')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/system/Permission/Users');
    expect(bodyOf(post)).toMatchObject({
      account: 'lisi',
      realName: '李四',
      password: md5Hex('abc123'),
      positionIds: ['00000000-0000-4000-8000-00000000001b', '00000000-0000-4000-8000-00000000001a'],
      roleIds: [],
      organizationId: null,
      status: 1,
    });
  });

  it('停用 says the sessions end at once, asks, and then refreshes the row', async () => {
    const calls = fakeServer();
    renderAt('/system/user', '/system/user', <UserPage />);
    await user.click(within(await rowOf('zhangsan')).getByRole('button', { name: '停用' }));
    expect((await screen.findAllByText('确定停用用户「张三」吗？')).length).toBeGreaterThan(0);
    expect(screen.getByText(disableConfirmText)).toBeTruthy();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '停用' }));

    expect(await screen.findByText('已停用')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/system/Permission/Users/updateStatus/u-zs/0')).toBe(true);
    await waitFor(async () => expect(within(await rowOf('zhangsan')).getByRole('button', { name: '启用' })).toBeTruthy());
  });

  it('shows 已限制登录 with when it lifts; 解除限制 asks, clears it and refreshes the row', async () => {
    const users = seeded();
    users[1]!.loginLimit = limited;
    const calls = fakeServer(users);
    renderAt('/system/user', '/system/user', <UserPage />);
    const zhangsan = await rowOf('zhangsan');
    expect(within(zhangsan).getByText('已限制登录')).toBeTruthy();
    expect(within(zhangsan).getByText('至 03-02 10:15:00')).toBeTruthy();
    // an unlimited user has neither the tag nor the action
    expect(within(await rowOf('admin')).queryByRole('button', { name: '解除限制' })).toBeNull();

    await user.click(within(zhangsan).getByRole('button', { name: '解除限制' }));
    expect((await screen.findAllByText('确定解除用户「张三」的登录限制吗？')).length).toBeGreaterThan(0);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '解除限制' }));

    expect(await screen.findByText('已解除限制')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/system/Permission/Users/u-zs/Actions/ReleaseLoginLimit')).toBe(true);
    await waitFor(async () => expect(within(await rowOf('zhangsan')).queryByText('已限制登录')).toBeNull());
  });

  it('shows 需验证码 when failures only ask for the captcha', async () => {
    const users = seeded();
    users[1]!.loginLimit = { ...limited, failures: 3, limitedUntil: null };
    fakeServer(users);
    renderAt('/system/user', '/system/user', <UserPage />);
    const zhangsan = await rowOf('zhangsan');
    expect(within(zhangsan).getByText('需验证码')).toBeTruthy();
    expect(within(zhangsan).queryByText('已限制登录')).toBeNull();
    expect(within(zhangsan).getByRole('button', { name: '解除限制' })).toBeTruthy();
  });

  it('重置密码 of another user takes a new password and its confirmation; on one’s own row it asks for the current password', async () => {
    useSessionStore.setState({
      user: { userId: 'u-admin', userName: '管理员', userAccount: 'admin', avatar: '', tenantCode: 'demo', tenantName: '演示', positionIds: [], roleIds: [], isAdministrator: true },
    });
    fakeServer();
    renderAt('/system/user', '/system/user', <UserPage />);
    await user.click(within(await rowOf('zhangsan')).getByRole('button', { name: '重置密码' }));
    expect(within(await screen.findByRole('dialog')).getByText('重置密码：张三（zhangsan）')).toBeTruthy();
    expect(within(dialog()).queryByLabelText('当前密码')).toBeNull();
    await user.click(within(dialog()).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(await rowOf('admin')).getByRole('button', { name: '重置密码' }));
    const own = await screen.findByRole('dialog');
    expect(within(own).getByText('修改密码')).toBeTruthy();
    expect(within(own).getByLabelText('当前密码')).toBeTruthy();
  });
});
