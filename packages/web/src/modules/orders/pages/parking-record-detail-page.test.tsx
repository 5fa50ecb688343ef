import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { createQueryClient } from '../../../app/query-client';
import { installFakeApi, ok, type FakeRoutes } from '../../../test/fake-api';
import { failure, quietComputedStyle, user } from '../../system/pages/system-page-test-kit';
import { parkingRecordDetail } from '../record-fixtures';
import { ParkingRecordDetailPage } from './parking-record-detail-page';

const photoBytes = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

function renderDetail(path: string, routes: FakeRoutes) {
  const calls = installFakeApi(routes);
  const router = createMemoryRouter(
    [
      { path: '/OrderManagement/parkingRecordOrderInfo/:id', element: <ParkingRecordDetailPage /> },
      { path: '*', element: <div>其他页面</div> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, calls };
}

const detailRoutes = (photo: FakeRoutes[string] = { status: 200, body: photoBytes }): FakeRoutes => ({
  'GET /api/system/ParkingRecord/r-1': ok(parkingRecordDetail()),
  'GET /api/system/ParkingRecord/r-1/photos/entry': photo,
});

beforeAll(() => {
  quietComputedStyle();
  URL.createObjectURL = vi.fn(() => 'blob:entry-photo');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.clearAllMocks());

describe('停车订单详情', () => {
  it('shows the plate, state, timeline, amounts and the fee breakdown in Shanghai time', async () => {
    renderDetail('/OrderManagement/parkingRecordOrderInfo/r-1', detailRoutes());
    expect(await screen.findByRole('button', { name: /粤B12345/ })).toBeTruthy();
    expect(screen.getAllByText('待支付').length).toBeGreaterThan(0);
    const timeline = document.querySelector('.record-detail__timeline') as HTMLElement;
    for (const step of ['入场', '出场', '计费', '状态']) expect(within(timeline).getByText(step)).toBeTruthy();
    expect(within(timeline).getByText('2026-03-03 09:00:00（东入口）')).toBeTruthy();
    expect(within(timeline).getByText('2026-03-03 10:40:00（东出口）')).toBeTruthy();
    expect(within(timeline).getByText(/北京一类地区占道停车（第1版）应收 17\.50 元/)).toBeTruthy();
    expect(within(timeline).getByText('车牌识别置信度低')).toBeTruthy();
    const fee = document.querySelector('.record-detail__fee') as HTMLElement;
    expect(within(fee).getByText('白天 首小时 2.5元/15分钟')).toBeTruthy();
    expect(within(fee).getByText('10.00')).toBeTruthy();
    expect(within(fee).getByText('17.50')).toBeTruthy();
  });

  it('shows the entry photo from an object URL fetched with the token, and 暂无图片 for the exit it lacks', async () => {
    const { calls } = renderDetail('/OrderManagement/parkingRecordOrderInfo/r-1', detailRoutes());
    const photo = await screen.findByAltText('入场照片');
    expect(photo.getAttribute('src')).toBe('blob:entry-photo');
    expect(screen.getAllByText('暂无图片')).toHaveLength(1);
    expect(calls.some((c) => c.url.endsWith('/photos/exit'))).toBe(false);
  });

  it('falls back to 暂无图片 when the photo cannot be fetched', async () => {
    renderDetail('/OrderManagement/parkingRecordOrderInfo/r-1', detailRoutes(failure(404, '暂无图片')));
    await waitFor(() => expect(screen.getAllByText('暂无图片')).toHaveLength(2));
    expect(screen.queryByAltText('入场照片')).toBeNull();
  });

  it('返回 goes to restBack when it is an in-app path', async () => {
    const back = '/OrderManagement/ParkingRecordOrder?plateNumber=%E7%B2%A4B12345';
    const { router } = renderDetail(`/OrderManagement/parkingRecordOrderInfo/r-1?restBack=${encodeURIComponent(back)}`, detailRoutes());
    await user.click(await screen.findByRole('button', { name: /返\s*回/ }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(back);
  });

  it('返回 goes to the list when restBack points elsewhere', async () => {
    const { router } = renderDetail(`/OrderManagement/parkingRecordOrderInfo/r-1?restBack=${encodeURIComponent('https://evil.example/')}`, detailRoutes());
    await user.click(await screen.findByRole('button', { name: /返\s*回/ }));
    expect(router.state.location.pathname).toBe('/OrderManagement/ParkingRecordOrder');
  });

  it('says so when the record is not there, still with a way back', async () => {
    renderDetail('/OrderManagement/parkingRecordOrderInfo/r-1', { 'GET /api/system/ParkingRecord/r-1': failure(404, '停车记录不存在') });
    expect(await screen.findByText('停车记录不存在或无权查看')).toBeTruthy();
    expect(screen.getByRole('button', { name: /返\s*回/ })).toBeTruthy();
  });
});
