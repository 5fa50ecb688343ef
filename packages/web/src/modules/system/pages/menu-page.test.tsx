import type { MenuAdminNode } from '@parking/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { createQueryClient } from '../../../app/query-client';
import { installFakeApi, ok, type RecordedCall } from '../../../test/fake-api';
import { MenuPage } from './menu-page';

const menu = (id: string, fullName: string, type: number, icon: string, children: MenuAdminNode[] = []): MenuAdminNode => ({
  id,
  parentId: null,
  fullName,
  enCode: id,
  icon,
  urlAddress: type === 2 ? `system/${id}` : '',
  type,
  sortCode: 0,
  enabled: true,
  children,
});
const folderId = '11111111-1111-4111-8111-111111111111';

function fakeServer() {
  const tree = [menu(folderId, '系统管理', 1, 'SettingOutlined', [menu('role', '角色', 2, 'TeamOutlined')])];
  return installFakeApi({
    'GET /api/system/Permission/Menu': () => ok(tree),
    'POST /api/system/Permission/Menu': () => ({ status: 200, body: { code: 200, msg: '新增成功', data: null } }),
    [`DELETE /api/system/Permission/Menu/${folderId}`]: {
      status: 200,
      body: { code: 400, msg: '菜单「系统管理」下还有1个下级菜单，不能删除', data: null },
    },
  });
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/system/menu', element: <MenuPage /> }], { initialEntries: ['/system/menu'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** A button by its text: role queries are seconds each in antd's DOM under jsdom. */
const button = (text: string | RegExp, container: HTMLElement = document.body) => within(container).getByText(text, { selector: 'button, button *' }).closest('button')!;
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const posted = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST').map((c) => JSON.parse(String(c.data)) as unknown);

beforeAll(() => {
  const own = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => own(element));
});

describe('菜单 page', { timeout: 45_000 }, () => {
  it('shows folders and, opened, their pages with icon, address, type and state', async () => {
    fakeServer();
    renderPage();
    const folder = (await screen.findByText('系统管理')).closest('tr')!;
    expect(within(folder).getByText('SettingOutlined')).toBeTruthy();
    expect(folder.querySelector('.anticon-setting')).not.toBeNull();
    expect(within(folder).getByText('目录')).toBeTruthy();
    expect(screen.queryByText('角色')).toBeNull();

    fireEvent.click(button('展开全部'));
    const page = (await screen.findByText('角色')).closest('tr')!;
    expect(within(page).getByText('system/role')).toBeTruthy();
    expect(within(page).getByText('页面')).toBeTruthy();
    expect(within(page).getByText('启用')).toBeTruthy();
    expect(within(page).queryByText('新增下级')).toBeNull();
  });

  it('adds a page under a folder: route required, icon picked from the grid, body as the contract has it', async () => {
    const calls = fakeServer();
    renderPage();
    await screen.findByText('系统管理');
    fireEvent.click(button('新增下级', rowOf('系统管理')));
    expect(await screen.findByText('新增下级菜单 - 系统管理')).toBeTruthy();

    fill('菜单名称', '测试页');
    fill('菜单编码', 'testPage');
    fireEvent.click(button(/保\s*存/));
    expect(await screen.findByText('请选择图标')).toBeTruthy();
    expect(await screen.findByText('页面必须填写路由地址，如 system/user')).toBeTruthy();
    expect(posted(calls)).toEqual([]);

    fill('路由地址', 'system/testPage');
    fireEvent.click(screen.getByLabelText('选择图标'));
    fireEvent.change(await screen.findByPlaceholderText('搜索图标名称'), { target: { value: 'bug' } });
    fireEvent.click(screen.getByLabelText('BugOutlined'));
    fireEvent.click(button(/保\s*存/));

    expect(await screen.findByText('新增成功', {}, { timeout: 5_000 })).toBeTruthy();
    expect(posted(calls)).toEqual([{ parentId: folderId, type: 2, fullName: '测试页', enCode: 'testPage', icon: 'BugOutlined', urlAddress: 'system/testPage', sortCode: 0, enabled: true }]);
  });

  it("asks before deleting, and shows the server's refusal for a folder with pages", async () => {
    const calls = fakeServer();
    renderPage();
    await screen.findByText('系统管理');
    fireEvent.click(button('删除', rowOf('系统管理')));
    expect(await screen.findByText('确定删除菜单「系统管理」吗？')).toBeTruthy();
    fireEvent.click(button('删除', screen.getByRole('tooltip')));
    expect(await screen.findByText('菜单「系统管理」下还有1个下级菜单，不能删除')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(screen.getByText('系统管理')).toBeTruthy();
  });
});
