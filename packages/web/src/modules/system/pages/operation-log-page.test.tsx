import type { OperationLog } from '@parking/contract';
import { configure, render, screen, within } from '@testing-library/react';
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
  targetName: '新能源绿',
  summary: '修改字典「plate_colour」项「新能源绿」',
  before: { id: 'd1', dictName: 'plate_colour', label: '渐变绿', value: '5', sort: 6 },
  after: { id: 'd1', dictName: 'plate_colour', label: '新能源绿', value: '5', sort: 0, updatedAt: '2026-11-20T17:00:00.000Z' },
  names: { d1: '新能源绿' },
  ip: '10.0.0.8',
  userAgent: 'Mozilla/5.0 Chromium',
  createdAt: '2026-11-20T02:03:04.000Z',
  ...over,
});

const lotId = '11111111-1111-4111-8111-111111111111';
const logs = [
  entry({}),
  entry({ id: 'l2', module: 'auth', action: 'login', target: 'session', targetId: '', targetName: '', names: {}, summary: '登录系统', before: null, after: null }),
  entry({
    id: 'l3',
    module: 'marketing',
    action: 'create',
    target: 'groupCard',
    targetId: 'c1',
    targetName: 'JT-0001',
    names: { c1: 'JT-0001', [lotId]: '科兴科学园' },
    summary: '新增集团卡「腾讯集团 JT-0001」',
    before: null,
    after: { cardNo: 'JT-0001', lotIds: [lotId], monthlyQuota: 20, allowBind: true },
  }),
];

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
    expect(await screen.findAllByText('2026-11-20 10:03:04')).toHaveLength(3);
    const table = document.querySelector<HTMLElement>('.resource-table')!;
    expect(within(table).getByText('字典项')).toBeTruthy();
    expect(within(table).getByText('登录认证')).toBeTruthy();
    // the object by its Chinese kind and its name, linked to the page that lists it
    expect(within(table).getByText('集团卡')).toBeTruthy();
    expect(within(table).getByText('停车运营')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'JT-0001' }).getAttribute('href')).toBe('/ParkingOperations/groupCard?cardNo=JT-0001');
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
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(within(table).queryByText('编辑')).toBeNull();
  });

  it('详情 of an update shows only the changed fields, by their labels, before → after, on the Shanghai clock', async () => {
    renderPage('/system/log');
    const row = (await screen.findByText('修改字典「plate_colour」项「新能源绿」')).closest('tr')!;
    await user.click(within(row).getByText(/详\s*情/));
    const drawer = (await present('.ant-drawer .log-detail')).closest<HTMLElement>('.ant-drawer')!;
    expect(within(drawer).getByText('操作日志详情')).toBeTruthy();
    expect(within(drawer).getByText('10.0.0.8')).toBeTruthy();
    expect(within(drawer).getByText('Mozilla/5.0 Chromium')).toBeTruthy();
    expect(within(drawer).getByText('修改的字段')).toBeTruthy();
    const rows = [...drawer.querySelectorAll('.log-diff tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent));
    expect(rows).toEqual([
      ['字典标签', '渐变绿', '→', '新能源绿'],
      ['排序', '6', '→', '0'],
      ['更新时间', '—', '→', '2026-11-21 01:00:00'],
    ]);
  });

  it('详情 of a creation shows its values as 新建, ids as linked names', async () => {
    renderPage('/system/log');
    const row = (await screen.findByText('新增集团卡「腾讯集团 JT-0001」')).closest('tr')!;
    await user.click(within(row).getByText(/详\s*情/));
    const drawer = (await present('.ant-drawer .log-detail')).closest<HTMLElement>('.ant-drawer')!;
    expect(within(drawer).getByText('新建的内容')).toBeTruthy();
    expect(within(drawer).getByText('新建')).toBeTruthy();
    expect(within(drawer).queryByText('已修改')).toBeNull();
    const rows = [...drawer.querySelectorAll('.log-diff tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent));
    expect(rows).toEqual([
      ['卡号', 'JT-0001'],
      ['适用停车场', '科兴科学园'],
      ['每月次数', '20'],
      ['允许车主绑定', '是'],
    ]);
    expect(within(drawer).getByRole('link', { name: '科兴科学园' }).getAttribute('href')).toBe(`/parkingAdmin/parkingList?name=${encodeURIComponent('科兴科学园')}`);
  });
});
