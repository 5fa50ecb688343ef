import type { OperationLog } from '@parking/contract';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { createQueryClient } from '../../../app/query-client';
import { present } from '../../../test/present';
import { installFakeApi, ok } from '../../../test/fake-api';
import { OperationLogPage } from './operation-log-page';

const entry = (over: Partial<OperationLog>): OperationLog => ({
  id: 'l1',
  account: 'admin',
  module: 'system',
  action: 'update',
  target: 'dictDetail',
  targetId: 'd1',
  summary: '修改字典「plate_colour」项「新能源绿」',
  before: { id: 'd1', dictName: 'plate_colour', label: '渐变绿', value: '5', sort: 6 },
  after: { id: 'd1', dictName: 'plate_colour', label: '新能源绿', value: '5', sort: 0 },
  ip: '10.0.0.8',
  userAgent: 'Mozilla/5.0 Chromium',
  createdAt: '2026-11-20T02:03:04.000Z',
  ...over,
});

const logs = [entry({}), entry({ id: 'l2', module: 'auth', action: 'login', target: 'session', summary: '登录系统', before: null, after: null })];

function renderPage(path: string) {
  const calls = installFakeApi({
    'GET /api/system/log': ok({ list: logs, pagination: { currentPage: 1, pageSize: 10, total: logs.length } }),
  });
  const router = createMemoryRouter([{ path: '/system/log', element: <OperationLogPage /> }], { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { calls, router };
}

const user = userEvent.setup({ delay: null });

beforeAll(() => {
  // antd under jsdom on a busy machine takes more than the default second to settle
  configure({ asyncUtilTimeout: 10_000 });
  // jsdom cannot measure pseudo-elements (antd's scrollbar probe asks); the element's own style will do
  const own = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => own(element));
});

describe('操作日志 page', { timeout: 90_000 }, () => {
  it('lists entries in Chinese with Shanghai times, read-only, and sends the URL filters (time range included)', async () => {
    const { calls } = renderPage('/system/log?action=update&startTime=2026-11-20T00%3A00%3A00%2B08%3A00&endTime=2026-11-21T00%3A00%3A00%2B08%3A00');
    expect(await screen.findAllByText('2026-11-20 10:03:04')).toHaveLength(2);
    const table = document.querySelector<HTMLElement>('.resource-table')!;
    expect(within(table).getByText('字典项')).toBeTruthy();
    expect(within(table).getByText('登录认证')).toBeTruthy();
    expect(within(table).getAllByText('修改').length).toBe(1);
    expect(calls[0]?.params).toEqual({
      currentPage: 1,
      pageSize: 10,
      action: 'update',
      startTime: '2026-11-20T00:00:00+08:00',
      endTime: '2026-11-21T00:00:00+08:00',
    });
    // the picker shows the range back; nothing offers to change a log
    expect((screen.getByPlaceholderText('开始时间') as HTMLInputElement).value).toBe('2026-11-20 00:00:00');
    expect(screen.queryByText(/^新\s*增$/)).toBeNull();
    expect(within(table).queryByText('编辑')).toBeNull();
  });

  it('详情 shows who, when and where, and the before/after with the changed fields marked', async () => {
    renderPage('/system/log');
    const row = (await screen.findByText('修改字典「plate_colour」项「新能源绿」')).closest('tr')!;
    await user.click(within(row).getByText(/详\s*情/));
    const drawer = (await present('.ant-drawer .log-detail')).closest<HTMLElement>('.ant-drawer')!;
    expect(within(drawer).getByText('操作日志详情')).toBeTruthy();
    expect(within(drawer).getByText('10.0.0.8')).toBeTruthy();
    expect(within(drawer).getByText('Mozilla/5.0 Chromium')).toBeTruthy();
    const changed = [...drawer.querySelectorAll('.log-diff-changed')].map((tr) => tr.children[0]?.textContent);
    expect(changed).toEqual(['label已修改', 'sort已修改']);
    const label = drawer.querySelector('.log-diff-changed')!;
    expect(label.children[1]?.textContent).toBe('渐变绿');
    expect(label.children[2]?.textContent).toBe('新能源绿');
  });
});
