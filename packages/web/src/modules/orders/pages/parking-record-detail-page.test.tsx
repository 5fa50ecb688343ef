import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { createQueryClient } from '../../../app/query-client';
import { installFakeApi, ok, type FakeRoutes } from '../../../test/fake-api';
import { bodyOf, failure, quietComputedStyle, saved, user } from '../../system/pages/system-page-test-kit';
import { approvedRecordEdit, parkingRecordDetail, recordEditRequest } from '../record-fixtures';
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
    expect(within(fee).getByText('按小型车计费（小型车号牌）')).toBeTruthy();
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

  it('修改记录 lists the record’s corrections with their state and what they changed', { timeout: 60_000 }, async () => {
    renderDetail('/OrderManagement/parkingRecordOrderInfo/r-1', {
      ...detailRoutes(),
      'GET /api/system/ParkingRecord/r-1': ok(
        parkingRecordDetail({ amountDue: 1200, unpaid: 1200, edits: [approvedRecordEdit(), recordEditRequest({ id: 'e-9', kind: 'void', requested: {}, reason: '重复记录' })] }),
      ),
    });
    await screen.findByRole('button', { name: /申请修改/ });
    const timeline = document.querySelector('.record-detail__timeline') as HTMLElement;
    expect(within(timeline).getByText(/应收 12\.00 元（计费规则计得 17\.50 元，已审核修改）/)).toBeTruthy();
    const section = document.querySelector('.record-detail__edits') as HTMLElement;
    expect(await within(section).findByText('已通过')).toBeTruthy();
    expect(within(section).getByText('待审核')).toBeTruthy();
    expect(within(section).getByText('应收金额改为 12.00 元')).toBeTruthy();
    expect(within(section).getByText('重复记录')).toBeTruthy();
    // the newest correction is open: 修改前 17.50, 修改后 12.00
    const amountRow = within(section).getAllByText('应收')[0]!.closest('tr') as HTMLElement;
    expect(within(amountRow).getByText('17.50 元')).toBeTruthy();
    expect(within(amountRow).getAllByText('12.00 元')).toHaveLength(2);
  });

  it('says 暂无修改记录 when nothing was corrected', async () => {
    renderDetail('/OrderManagement/parkingRecordOrderInfo/r-1', detailRoutes());
    expect(await screen.findByText('暂无修改记录')).toBeTruthy();
  });

  it('申请修改 sends a new amount due in fen with the reason, after showing the fee as a suggestion', { timeout: 60_000 }, async () => {
    const { calls } = renderDetail('/OrderManagement/parkingRecordOrderInfo/r-1', {
      ...detailRoutes(),
      'POST /api/system/RecordEditAudit': saved('修改申请已提交，等待审核', recordEditRequest()),
    });
    fireEvent.click(await screen.findByRole('button', { name: /申请修改/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(dialog.querySelector('#record-edit-request_kind') as HTMLElement);
    fireEvent.click(await screen.findByTitle('修改应收金额'));
    expect(await within(dialog).findByText(/按计费规则重算的应收为 17\.50 元/)).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('如 12.50'), { target: { value: '12' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请填写修改原因'), { target: { value: '车主投诉计费有误' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === 'POST'))).toEqual({ recordId: 'r-1', kind: 'amount', amountDue: 1200, reason: '车主投诉计费有误' });
    expect(await screen.findByText('修改申请已提交，等待审核')).toBeTruthy();
  });

  it('refuses a new amount below discount + paid and a void once paid, before asking the server', { timeout: 60_000 }, async () => {
    const { calls } = renderDetail('/OrderManagement/parkingRecordOrderInfo/r-1', {
      ...detailRoutes(),
      'GET /api/system/ParkingRecord/r-1': ok(parkingRecordDetail({ discount: 100, paid: 400, unpaid: 1250 })),
    });
    fireEvent.click(await screen.findByRole('button', { name: /申请修改/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(dialog.querySelector('#record-edit-request_kind') as HTMLElement);
    expect((await screen.findByTitle('作废（已有付款，请先退款再作废）')).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(await screen.findByTitle('修改应收金额'));
    // a third decimal is refused as typed, never rounded
    fireEvent.change(await within(dialog).findByPlaceholderText('如 12.50'), { target: { value: '12.345' } });
    expect(await within(dialog).findByText('新的应收金额最多两位小数')).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('如 12.50'), { target: { value: '4.99' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请填写修改原因'), { target: { value: '减免' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交申请' }));
    expect(await within(dialog).findByText('新的应收金额不能低于优惠与已付之和（5.00 元）')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
