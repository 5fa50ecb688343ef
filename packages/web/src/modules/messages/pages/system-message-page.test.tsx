import type { SystemMessage } from '@parking/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { createQueryClient } from '../../../app/query-client';
import { installFakeApi, ok, type RecordedCall } from '../../../test/fake-api';
import { SystemMessagePage } from './system-message-page';

const types = [1, 1, 8, 2, 3, 4, 5, 7, 9, 10];
const seeded = (): SystemMessage[] =>
  types.map((messageType, i) => ({
    id: `m${i + 1}`,
    messageName: `消息${i + 1}`,
    messageText: `内容${i + 1}`,
    messageType,
    businessId: `b${i + 1}`,
    status: 0,
    creatorTime: `2026-11-19T0${i}:00:00.000Z`,
    lastModifyTime: `2026-11-19T0${i}:00:00.000Z`,
  }));

/** The list endpoint as the server answers it: filtered by status and messageTypeList, then paged. */
function fakeServer(messages = seeded()) {
  const list = (call: RecordedCall) => {
    const params = call.params as Record<string, string | number>;
    const wanted = params.messageTypeList ? String(params.messageTypeList).split(',').map(Number) : undefined;
    const rows = messages.filter((m) => (params.status === undefined || m.status === Number(params.status)) && (!wanted || wanted.includes(m.messageType)));
    const currentPage = Number(params.currentPage);
    const pageSize = Number(params.pageSize);
    return ok({ list: rows.slice((currentPage - 1) * pageSize, currentPage * pageSize), pagination: { currentPage, pageSize, total: rows.length } });
  };
  const calls = installFakeApi({
    'GET /api/system/systemMessage': list,
    'DELETE /api/system/systemMessage/m7': () => {
      messages.splice(
        messages.findIndex((m) => m.id === 'm7'),
        1,
      );
      return { status: 200, body: { code: 200, msg: '删除成功', data: null } };
    },
  });
  return calls;
}

function renderPage(path: string) {
  const router = createMemoryRouter([{ path: '/system/message', element: <SystemMessagePage /> }], { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const listCalls = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'GET').map((c) => c.params);
const bodyRows = () => document.querySelectorAll('.ant-table-tbody tr.ant-table-row');
const serials = () => [...bodyRows()].map((row) => row.querySelector('td')?.textContent);

const user = userEvent.setup({ delay: null });

beforeAll(() => {
  // jsdom cannot measure pseudo-elements (antd's scrollbar probe asks); the element's own style will do
  const own = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => own(element));
});

// antd's table and popups are slow to drive under jsdom
describe('系统消息 page', { timeout: 45_000 }, () => {
  it('shows the page the URL names, with 序号 continuing and the total', async () => {
    const calls = fakeServer();
    renderPage('/system/message?currentPage=2&pageSize=4');
    expect(await screen.findByText('共 10 条')).toBeTruthy();
    await waitFor(() => expect(serials()).toEqual(['5', '6', '7', '8']));
    expect(listCalls(calls)[0]).toEqual({ currentPage: 2, pageSize: 4 });
    expect(screen.getByText('消息7')).toBeTruthy();
    expect(screen.getAllByText('未处理').length).toBe(4);
    expect(screen.getByText('2026-11-19 12:00:00')).toBeTruthy();
  });

  it('defaults to 10 a page, and searching writes the filters to the URL and sends messageTypeList', async () => {
    const calls = fakeServer();
    const router = renderPage('/system/message');
    await waitFor(() => expect(bodyRows().length).toBe(10));
    expect(listCalls(calls)[0]).toEqual({ currentPage: 1, pageSize: 10 });

    await user.click(screen.getByRole('combobox', { name: '消息类型' }));
    // the option in the opened list, not a table cell that also reads 订单预警
    const options = await screen.findAllByTitle('订单预警');
    await user.click(options.find((option) => option.closest('.ant-select-dropdown'))!);
    await user.click(screen.getByRole('button', { name: /查询/ }));

    await waitFor(() => expect(router.state.location.search).toBe('?currentPage=1&pageSize=10&messageTypeList=1'));
    await waitFor(() => expect(bodyRows().length).toBe(2));
    expect(listCalls(calls).at(-1)).toEqual({ currentPage: 1, pageSize: 10, messageTypeList: '1' });
  });

  it('shows 暂无数据 when nothing matches', async () => {
    fakeServer();
    renderPage('/system/message?status=1');
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeTruthy();
    expect(bodyRows().length).toBe(0);
    expect(screen.getByText('共 0 条')).toBeTruthy();
  });

  it('查看 opens the page the message is about, as the message bell does', async () => {
    fakeServer();
    const router = renderPage('/system/message');
    // 消息7 is a 客户投诉 (type 5) about complaint b7
    const row = (await screen.findByText('消息7')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '查看' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/ParkingOperations/customerComplain?id=b7'));
  });

  it('asks before deleting, and deletes only on confirmation', async () => {
    const calls = fakeServer();
    renderPage('/system/message');
    const row = (await screen.findByText('消息7')).closest('tr')!;

    await user.click(within(row).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除系统消息「消息7」吗？')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '取消' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(row).getByRole('button', { name: '删除' }));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('消息7')).toBeNull());
    expect(screen.getByText('共 9 条')).toBeTruthy();
  });
});
