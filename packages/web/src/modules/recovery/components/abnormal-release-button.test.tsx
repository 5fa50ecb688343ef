import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { createQueryClient } from '../../../app/query-client';
import { installFakeApi, ok, type FakeRoutes } from '../../../test/fake-api';
import { ParkingRecordDetail } from '../../../app/parking-record-detail';
import { parkingRecordDetail } from '../../orders/record-fixtures';
import { bodyOf, quietComputedStyle, saved, user } from '../../system/pages/system-page-test-kit';

function renderRecord(routes: FakeRoutes) {
  const calls = installFakeApi({ 'GET /api/system/ParkingRecord/r-1/photos/entry': { status: 404, body: { code: 404, msg: '暂无图片', data: null } }, ...routes });
  const router = createMemoryRouter([{ path: '/OrderManagement/parkingRecordOrderInfo/:id', element: <ParkingRecordDetail /> }], {
    initialEntries: ['/OrderManagement/parkingRecordOrderInfo/r-1'],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return calls;
}

beforeAll(() => {
  quietComputedStyle();
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
});

describe('手动放行 on the record detail', () => {
  it('asks for a reason, says the arrears go to pursuit, and shows the record as 欠费 afterwards', { timeout: 40_000 }, async () => {
    let released = false;
    const calls = renderRecord({
      'GET /api/system/ParkingRecord/r-1': () => ok(parkingRecordDetail(released ? { state: 'unpaid', abnormalReasons: ['low_confidence', 'abnormal_release'] } : {})),
      'POST /api/system/ParkingRecord/r-1/release': () => {
        released = true;
        return saved('已放行');
      },
    });
    await user.click(await screen.findByRole('button', { name: /手动放行/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定手动放行车辆「粤B12345」吗？')).toBeTruthy();
    expect(within(dialog).getByText('放行后，该记录欠费 17.50 元转入联合追缴，并标记为异常放行。')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /确定放行/ }));
    expect(await within(dialog).findByText('请输入放行原因')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByPlaceholderText('如：道闸故障，人工抬杆'), { target: { value: ' 道闸故障 ' } });
    await user.click(within(dialog).getByRole('button', { name: /确定放行/ }));
    await waitFor(() => expect(bodyOf(calls.find((c) => c.method === 'POST'))).toEqual({ reason: '道闸故障' }));
    expect(await screen.findByText('异常放行')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /手动放行/ })).toBeNull();
  });

  it('is not offered for a space (on-road) record, which has no barrier', async () => {
    renderRecord({ 'GET /api/system/ParkingRecord/r-1': ok(parkingRecordDetail({ state: 'awaiting_payment', spaceId: 's-1', spaceNumber: 'F001' })) });
    expect(await screen.findByText('停车过程')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /手动放行/ })).toBeNull();
  });
});
