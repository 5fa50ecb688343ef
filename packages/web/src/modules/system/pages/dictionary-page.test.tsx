import type { DictDetail } from '@parking/contract';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { createQueryClient } from '../../../app/query-client';
import { present } from '../../../test/present';
import { installFakeApi, ok, type FakeReply, type RecordedCall } from '../../../test/fake-api';
import { DictionaryPage } from './dictionary-page';

const seeded = (): DictDetail[] => [
  { id: 'p0', dictName: 'plate_colour', label: '蓝色', value: '0', sort: 0 },
  { id: 'p1', dictName: 'plate_colour', label: '白色', value: '1', sort: 1 },
  { id: 'd1', dictName: 'device_type', label: '相机', value: '1', sort: 0 },
];

/** api/dictDetail as the server answers it: one dictionary, label search, 409 on a value already there. */
function fakeServer(entries = seeded()) {
  const body = (call: RecordedCall) => JSON.parse(String(call.data)) as Omit<DictDetail, 'id'>;
  const clash = (input: Omit<DictDetail, 'id'>, id?: string): FakeReply | undefined =>
    entries.some((e) => e.dictName === input.dictName && e.value === input.value && e.id !== id)
      ? { status: 409, body: { code: 409, msg: `字典「${input.dictName}」中已存在值「${input.value}」`, data: null } }
      : undefined;
  const calls = installFakeApi({
    'GET /api/dictDetail': (call) => {
      const { dictName, label } = call.params as { dictName: string; label?: string };
      const list = entries.filter((e) => e.dictName === dictName && (!label || e.label.includes(label)));
      return ok({ list, pagination: { currentPage: 1, pageSize: 9999, total: list.length } });
    },
    'POST /api/dictDetail': (call) => {
      const input = body(call);
      const refused = clash(input);
      if (refused) return refused;
      entries.push({ id: 'new1', ...input });
      return { status: 200, body: { code: 200, msg: '新增成功', data: null } };
    },
    'PUT /api/dictDetail/p1': (call) => {
      const input = body(call);
      Object.assign(
        entries.find((e) => e.id === 'p1')!,
        input,
      );
      return { status: 200, body: { code: 200, msg: '修改成功', data: null } };
    },
    'DELETE /api/dictDetail/p1': () => {
      entries.splice(
        entries.findIndex((e) => e.id === 'p1'),
        1,
      );
      return { status: 200, body: { code: 200, msg: '删除成功', data: null } };
    },
  });
  return calls;
}

function renderPage(path = '/system/dictionary') {
  const router = createMemoryRouter([{ path: '/system/dictionary', element: <DictionaryPage /> }], { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const labels = () => [...document.querySelectorAll('.resource-table .ant-table-tbody tr.ant-table-row')].map((row) => row.children[1]?.textContent);
const user = userEvent.setup({ delay: null });
// typing key by key re-renders antd's form per key, far too slow under jsdom; a change event is what a paste does
// getByRole walks the whole antd page's accessibility tree, seconds per query under jsdom
const button = (name: RegExp) =>
  screen
    .getAllByText(name)
    .map((el) => el.closest('button'))
    .find(Boolean)!;
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

beforeAll(() => {
  // antd under jsdom on a busy machine takes more than the default second to settle
  configure({ asyncUtilTimeout: 10_000 });
  // jsdom cannot measure pseudo-elements (antd's scrollbar probe asks); the element's own style will do
  const own = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => own(element));
});

describe('字典 page', { timeout: 90_000 }, () => {
  it('opens 车牌颜色 by default, reads it whole, and switches dictionary from the list into the URL', async () => {
    const calls = fakeServer();
    const router = renderPage();
    await waitFor(() => expect(labels()).toEqual(['蓝色', '白色']));
    expect(calls[0]?.params).toEqual({ dictName: 'plate_colour', page: 0, size: 9999 });

    await user.click(screen.getByText('设备类型'));
    await waitFor(() => expect(labels()).toEqual(['相机']));
    expect(router.state.location.search).toBe('?dictName=device_type');
  });

  it('refuses a bad name for another dictionary and opens a good one empty', async () => {
    fakeServer();
    const router = renderPage();
    await waitFor(() => expect(labels()).toHaveLength(2));
    const other = screen.getByPlaceholderText('输入字典名称，如 lane_type');
    fill(other, 'Lane Type');
    await user.click(button(/^打\s*开$/));
    expect(await screen.findByText('字典名称只能包含小写字母、数字和下划线，且以字母开头')).toBeTruthy();

    fill(other, 'lane_type');
    await user.click(button(/^打\s*开$/));
    await waitFor(() => expect(router.state.location.search).toBe('?dictName=lane_type'));
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeTruthy();
    expect(screen.getAllByText('自定义字典').length).toBeGreaterThan(0);
  });

  it('adds an entry: marks a value the dictionary already has on its field, then saves', async () => {
    const calls = fakeServer();
    renderPage();
    await waitFor(() => expect(labels()).toHaveLength(2));
    await user.click(button(/^新\s*增$/));
    const dialog = await present('.ant-modal');
    expect((within(dialog).getByLabelText('字典名称') as HTMLInputElement).value).toBe('plate_colour');
    expect((within(dialog).getByLabelText('排序') as HTMLInputElement).value).toBe('2');

    fill(within(dialog).getByLabelText('字典标签'), '渐变绿');
    fill(within(dialog).getByLabelText('字典值'), '1');
    await user.click(within(dialog).getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1), { timeout: 5_000 });
    expect(await within(dialog).findByText('字典「plate_colour」中已存在值「1」')).toBeTruthy();

    fill(within(dialog).getByLabelText('字典值'), ' 5 ');
    await user.click(within(dialog).getByRole('button', { name: /保存/ }));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    await waitFor(() => expect(labels()).toEqual(['蓝色', '白色', '渐变绿']));
    expect(JSON.parse(String(calls.filter((c) => c.method === 'POST').at(-1)?.data))).toEqual({
      dictName: 'plate_colour',
      label: '渐变绿',
      value: '5',
      sort: 2,
    });
  });

  it('edits an entry', async () => {
    fakeServer();
    renderPage();
    const row = (await screen.findByText('白色')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await present('.ant-modal');
    fill(within(dialog).getByLabelText('字典标签'), '白牌');
    await user.click(within(dialog).getByRole('button', { name: /保存/ }));
    expect(await screen.findByText('修改成功')).toBeTruthy();
    await waitFor(() => expect(labels()).toEqual(['蓝色', '白牌']));
  });

  it('deletes an entry after confirmation', async () => {
    const calls = fakeServer();
    renderPage();
    const row = (await screen.findByText('白色')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '删除' }));
    const confirm = await present('.ant-popconfirm');
    expect(within(confirm).getByText('确定删除字典项「白色」吗？')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    await waitFor(() => expect(labels()).toEqual(['蓝色']));
  });
});
