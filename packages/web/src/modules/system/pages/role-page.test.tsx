import type { MenuAdminNode, Role } from '@parking/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { createQueryClient } from '../../../app/query-client';
import { installFakeApi, ok, type RecordedCall } from '../../../test/fake-api';
import { RolePage } from './role-page';

const role = (id: string, name: string, fields: Partial<Role> = {}): Role => ({
  id,
  name,
  code: id,
  description: '',
  isSystem: false,
  userCount: 0,
  createdAt: '2026-11-19T00:00:00.000Z',
  ...fields,
});
const menu = (id: string, fullName: string, type: number, children: MenuAdminNode[] = []): MenuAdminNode => ({
  id,
  parentId: null,
  fullName,
  enCode: id,
  icon: 'AppstoreOutlined',
  urlAddress: type === 2 ? `x/${id}` : '',
  type,
  sortCode: 0,
  enabled: true,
  children,
});
const menus = [
  menu('parking', '停车场管理', 1, [menu('lot', '停车场', 2), menu('lane', '车道', 2)]),
  menu('system', '系统管理', 1, [menu('message', '系统消息', 2), menu('user', '用户', 2)]),
];

/** The role endpoints as the server answers them; the clerk holds 停车场 (and so its folder). */
function fakeServer() {
  const roles = [role('admin', '系统管理员', { isSystem: true, userCount: 1 }), role('clerk', '收费员')];
  const grants: Record<string, string[]> = { clerk: ['parking', 'lot'] };
  return installFakeApi({
    'GET /api/system/Permission/Role': () => ok({ list: roles, pagination: { currentPage: 1, pageSize: 10, total: roles.length } }),
    'GET /api/system/Permission/Role/MenuCatalogue': ok(menus),
    'GET /api/system/Permission/Role/clerk': () => ok({ ...roles[1], menuIds: grants.clerk }),
    'PUT /api/system/Permission/Role/clerk/Menus': (call: RecordedCall) => {
      grants.clerk = (JSON.parse(String(call.data)) as { menuIds: string[] }).menuIds;
      return { status: 200, body: { code: 200, msg: '授权成功', data: { ...roles[1], menuIds: grants.clerk } } };
    },
  });
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/system/role', element: <RolePage /> }], { initialEntries: ['/system/role'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const checkedTitles = () => [...document.querySelectorAll('.ant-tree-treenode-checkbox-checked .ant-tree-title')].map((n) => n.textContent);
const halfCheckedTitles = () =>
  [...document.querySelectorAll('.ant-tree-treenode')].filter((n) => n.querySelector('.ant-tree-checkbox-indeterminate')).map((n) => n.querySelector('.ant-tree-title')?.textContent);
const treeCheckbox = (title: string) => screen.getByText(title, { selector: '.ant-tree-title' }).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;

/** A button by its text: role queries compute every accessible name, seconds a query in antd's DOM under jsdom. */
const button = (text: string | RegExp, container: HTMLElement = document.body) => within(container).getByText(text, { selector: 'button, button *' }).closest('button')!;
const click = (element: Element) => fireEvent.click(element);

beforeAll(() => {
  // jsdom cannot measure pseudo-elements (antd's scrollbar probe asks); the element's own style will do
  const own = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => own(element));
});

describe('角色 page', { timeout: 45_000 }, () => {
  it('marks the system role and offers it neither 菜单授权 nor 删除', async () => {
    fakeServer();
    renderPage();
    const adminRow = (await screen.findByText('系统管理员')).closest('tr')!;
    expect(within(adminRow).getByText('系统角色')).toBeTruthy();
    expect(button('菜单授权', adminRow).hasAttribute('disabled')).toBe(true);
    expect(button('删除', adminRow).hasAttribute('disabled')).toBe(true);
    expect(button('编辑', adminRow).hasAttribute('disabled')).toBe(false);
    const clerkRow = screen.getByText('收费员').closest('tr')!;
    expect(button('菜单授权', clerkRow).hasAttribute('disabled')).toBe(false);
  });

  it('opens 菜单授权 on the current grant, with the folder half-checked, and saves the new one', async () => {
    const calls = fakeServer();
    renderPage();
    const clerkRow = (await screen.findByText('收费员')).closest('tr')!;
    click(button('菜单授权', clerkRow));
    expect(await screen.findByText('菜单授权 - 收费员')).toBeTruthy();
    await waitFor(() => expect(checkedTitles()).toEqual(['停车场']), { timeout: 5_000 });
    expect(halfCheckedTitles()).toEqual(['停车场管理']);

    click(treeCheckbox('系统消息'));
    click(treeCheckbox('停车场'));
    await waitFor(() => expect(checkedTitles()).toEqual(['系统消息']));
    expect(halfCheckedTitles()).toEqual(['系统管理']);
    click(button(/保\s*存/));

    expect(await screen.findByText('授权成功', {}, { timeout: 5_000 })).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(String(put.data))).toEqual({ menuIds: ['message'] });
  });

  it('checks everything with 全选 and nothing with 全不选', async () => {
    const calls = fakeServer();
    renderPage();
    click(button('菜单授权', (await screen.findByText('收费员')).closest('tr')!));
    await screen.findByText('停车场管理');
    click(button(/^全\s*选$/));
    await waitFor(() => expect(checkedTitles()).toEqual(['停车场管理', '停车场', '车道', '系统管理', '系统消息', '用户']));
    click(button('全不选'));
    await waitFor(() => expect(checkedTitles()).toEqual([]));
    click(button(/保\s*存/));
    await screen.findByText('授权成功', {}, { timeout: 5_000 });
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')!.data))).toEqual({ menuIds: [] });
  });
});
