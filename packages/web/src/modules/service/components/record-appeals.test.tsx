import type { AppealDetail } from '@parking/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { ParkingRecordDetail } from '../../../app/parking-record-detail';
import { createQueryClient } from '../../../app/query-client';
import { useSessionStore } from '../../../shared/session/session-store';
import { installFakeApi, ok, type FakeRoutes } from '../../../test/fake-api';
import { parkingRecordDetail } from '../../orders/record-fixtures';
import { failure, quietComputedStyle, user } from '../../system/pages/system-page-test-kit';
import { appealDetail, rejectedAppeal } from '../appeal-fixtures';

const asRow = ({ record: _record, payments: _payments, refunds: _refunds, ...row }: AppealDetail) => ({ ...row, recordId: 'r-1' });
const appealsOf = (...appeals: AppealDetail[]) => ok({ list: appeals.map(asRow), pagination: { currentPage: 1, pageSize: 100, total: appeals.length } });

/** 停车订单详情 as the console composes it, beside a stand-in for 申诉审核 to land on */
function renderRecord(routes: FakeRoutes) {
  const calls = installFakeApi({
    'GET /api/system/ParkingRecord/r-1': ok(parkingRecordDetail()),
    'GET /api/system/ParkingRecord/r-1/photos/entry': failure(404, '暂无图片'),
    ...routes,
  });
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      { path: '/OrderManagement/parkingRecordOrderInfo/:id', element: <ParkingRecordDetail /> },
      { path: '/ParkingOperations/appeal', element: <div>申诉审核页</div> },
    ],
    { initialEntries: ['/OrderManagement/parkingRecordOrderInfo/r-1'] },
  );
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const appealCalls = () => calls.filter((c) => c.method === 'GET' && c.url === '/api/system/Appeal');
  /** the record's appeals answered and drawn */
  const settled = async () => {
    await waitFor(() => expect(queryClient.getQueryState(['appeal', 'record', 'r-1'])?.status).toBe('success'));
    await screen.findByText('停车过程');
  };
  return { router, appealCalls, settled };
}
const section = () => document.querySelector<HTMLElement>('.record-detail__appeals');

beforeAll(() => {
  quietComputedStyle();
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => useSessionStore.setState({ permissions: [] }));

describe("申诉 on a record's detail page", () => {
  it('lists the record’s appeals newest first with state, time and result; 去审核 leads to the pending one’s review', { timeout: 40_000 }, async () => {
    useSessionStore.setState({ permissions: ['appeal'] });
    const { router, appealCalls } = renderRecord({ 'GET /api/system/Appeal': appealsOf(appealDetail(), rejectedAppeal()) });
    const card = await waitFor(() => section() ?? Promise.reject(new Error('no 申诉 section yet')));
    expect(within(card).getByText('申诉')).toBeTruthy();
    expect(appealCalls()[0]?.params).toEqual({ recordId: 'r-1', currentPage: 1, pageSize: 100, sidx: 'filedAt', sort: 'desc' });
    const [pending, rejected] = within(card).getAllByRole('row').slice(1);
    expect(within(pending!).getByText('待审核')).toBeTruthy();
    expect(within(pending!).getByText('2026-03-04 10:00:00')).toBeTruthy();
    expect(within(rejected!).getByText('已驳回')).toBeTruthy();
    expect(within(rejected!).getByText(rejectedAppeal().result)).toBeTruthy();
    expect(within(rejected!).getByRole('link', { name: '查看' }).getAttribute('href')).toBe('/ParkingOperations/appeal?id=a-3');
    const review = within(pending!).getByRole('link', { name: '去审核' });
    expect(review.getAttribute('href')).toBe('/ParkingOperations/appeal?id=a-1');
    await user.click(review);
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/ParkingOperations/appeal?id=a-1');
    expect(await screen.findByText('申诉审核页')).toBeTruthy();
  });

  it('shows nothing for a record never appealed', async () => {
    useSessionStore.setState({ permissions: ['appeal'] });
    const { appealCalls, settled } = renderRecord({ 'GET /api/system/Appeal': appealsOf() });
    await settled();
    expect(appealCalls()).toHaveLength(1);
    expect(section()).toBeNull();
    expect(screen.queryByText('申诉')).toBeNull();
  });

  it('is not asked for, nor shown, without the 申诉审核 page', async () => {
    const { appealCalls } = renderRecord({ 'GET /api/system/Appeal': appealsOf(appealDetail()) });
    await screen.findByText('停车过程');
    expect(appealCalls()).toHaveLength(0);
    expect(section()).toBeNull();
  });

  it('says so when the appeals cannot be loaded, and asks again on 重试', { timeout: 40_000 }, async () => {
    useSessionStore.setState({ permissions: ['appeal'] });
    let down = true;
    const { appealCalls } = renderRecord({ 'GET /api/system/Appeal': () => (down ? failure(500, '服务器错误') : appealsOf(appealDetail())) });
    expect(await screen.findByText('申诉加载失败')).toBeTruthy();
    down = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('link', { name: '去审核' })).toBeTruthy();
    expect(appealCalls().length).toBeGreaterThanOrEqual(2);
  });
});
