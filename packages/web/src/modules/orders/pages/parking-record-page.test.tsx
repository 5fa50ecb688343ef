import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok, type RecordedCall } from '../../../test/fake-api';
import { bodyRows, quietComputedStyle, renderAt, user } from '../../system/pages/system-page-test-kit';
import { parkingRecordDetail } from '../record-fixtures';
import { ParkingRecordPage } from './parking-record-page';

const { fee: _fee, ...listed } = parkingRecordDetail();
const records = [
  listed,
  { ...listed, id: 'r-2', plateNumber: '粤B67890', plateColour: 2, exitedAt: null, state: 'parked' as const, amountDue: 0, unpaid: 0, abnormal: false, abnormalReasons: [] },
];

let calls: RecordedCall[];
const listCalls = () => calls.filter((c) => c.url === '/api/system/ParkingRecord');

beforeAll(() => {
  quietComputedStyle();
  calls = installFakeApi({
    'GET /api/system/ParkingRecord': () => ok({ list: records, pagination: { currentPage: 1, pageSize: 10, total: 2 } }),
    'GET /api/system/Parking/selector': ok([{ id: 'l-1', name: '万象天地停车场', kind: 'lane' }]),
  });
});

describe('停车记录', () => {
  it('lists records with the plate, Shanghai times, the stay, yuan with 2 decimals, the state badge and 异常', async () => {
    renderAt('/OrderManagement/ParkingRecordOrder', '/OrderManagement/ParkingRecordOrder', <ParkingRecordPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    const [first, second] = bodyRows().map((row) => within(row as HTMLElement));
    expect(first!.getByRole('button', { name: /粤B12345/ })).toBeTruthy();
    expect(first!.getByText('蓝色')).toBeTruthy();
    expect(first!.getByText('东入口')).toBeTruthy();
    expect(first!.getByText('2026-03-03 09:00:00')).toBeTruthy();
    expect(first!.getByText('2026-03-03 10:40:00')).toBeTruthy();
    expect(first!.getByText('1时40分')).toBeTruthy();
    expect(first!.getAllByText('17.50')).toHaveLength(2);
    expect(first!.getByText('待支付')).toBeTruthy();
    expect(first!.getByText('异常')).toBeTruthy();
    expect(second!.getByText('黄色')).toBeTruthy();
    expect(second!.getByText('在场')).toBeTruthy();
    expect(second!.queryByText('异常')).toBeNull();
  });

  it('copies a plate and says 复制成功,车牌:<plate>', { timeout: 40_000 }, async () => {
    renderAt('/OrderManagement/ParkingRecordOrder', '/OrderManagement/ParkingRecordOrder', <ParkingRecordPage />);
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(await screen.findByText('粤B12345'));
    expect(writeText).toHaveBeenCalledWith('粤B12345');
    expect(await screen.findByText('复制成功,车牌:粤B12345')).toBeTruthy();
  });

  it('searches by plate prefix and amount in yuan, sent as fen', { timeout: 40_000 }, async () => {
    renderAt('/OrderManagement/ParkingRecordOrder', '/OrderManagement/ParkingRecordOrder', <ParkingRecordPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    fireEvent.change(screen.getByPlaceholderText('请输入车牌号'), { target: { value: '粤B' } });
    fireEvent.mouseDown(document.querySelector('#parkingRecord-search_plateMatch') as HTMLElement);
    fireEvent.click(await screen.findByTitle('前缀'));
    fireEvent.change(screen.getByPlaceholderText('最低金额'), { target: { value: '5.5' } });
    fireEvent.click(screen.getByText(/查\s*询/));
    await waitFor(() => expect(listCalls().at(-1)?.params).toMatchObject({ plateNumber: '粤B', plateMatch: 'prefix', amountMin: '550' }));
  });

  it('详情 opens the record with the way back to this page and filter', async () => {
    const router = renderAt('/OrderManagement/ParkingRecordOrder?state=awaiting_payment', '/OrderManagement/*', <ParkingRecordPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    await user.click(within(bodyRows()[0] as HTMLElement).getByRole('button', { name: /详\s*情/ }));
    expect(router.state.location.pathname).toBe('/OrderManagement/parkingRecordOrderInfo/r-1');
    expect(new URLSearchParams(router.state.location.search).get('restBack')).toBe('/OrderManagement/ParkingRecordOrder?state=awaiting_payment');
  });
});
