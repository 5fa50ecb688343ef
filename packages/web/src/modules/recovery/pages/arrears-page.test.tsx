import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeApi, ok, type RecordedCall } from '../../../test/fake-api';
import { bodyRows, quietComputedStyle, renderAt, user } from '../../system/pages/system-page-test-kit';
import { arrears } from '../recovery-fixtures';
import { ArrearsPage } from './arrears-page';

let calls: RecordedCall[];
const listCalls = () => calls.filter((c) => c.url === '/api/system/Arrears');

beforeAll(() => {
  quietComputedStyle();
  calls = installFakeApi({
    'GET /api/system/Arrears': () =>
      ok({
        list: [arrears(), arrears({ plateNumber: '粤B67890', recordCount: 1, owed: 500, lots: [{ id: 'l-2', name: '福华路路侧' }] })],
        pagination: { currentPage: 1, pageSize: 10, total: 2 },
      }),
    'GET /api/system/Parking/selector': ok([{ id: 'l-1', name: '万象天地停车场', kind: 'lane' }]),
  });
});

describe('欠费订单', () => {
  it('lists each plate with its count, yuan owed, Shanghai exit times and the lots it owes at', async () => {
    renderAt('/jointRecovery/unpaidOrders', '/jointRecovery/unpaidOrders', <ArrearsPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    const [first, second] = bodyRows().map((row) => within(row as HTMLElement));
    expect(first!.getByRole('button', { name: /粤B12345/ })).toBeTruthy();
    expect(first!.getByText('22.50')).toBeTruthy();
    expect(first!.getByText('2026-03-03 10:40:00')).toBeTruthy();
    expect(first!.getByText('2026-03-05 18:00:00')).toBeTruthy();
    expect(first!.getByText('万象天地停车场、福华路路侧')).toBeTruthy();
    expect(second!.getByText('5.00')).toBeTruthy();
  });

  it('searches by plate prefix and owed amount in yuan, sent as fen', { timeout: 40_000 }, async () => {
    renderAt('/jointRecovery/unpaidOrders', '/jointRecovery/unpaidOrders', <ArrearsPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    fireEvent.change(screen.getByPlaceholderText('请输入车牌号'), { target: { value: '粤B' } });
    fireEvent.mouseDown(document.querySelector('#arrears-search_plateMatch') as HTMLElement);
    fireEvent.click(await screen.findByTitle('前缀'));
    fireEvent.change(screen.getByPlaceholderText('最低金额'), { target: { value: '10' } });
    fireEvent.click(screen.getByText(/查\s*询/));
    await waitFor(() => expect(listCalls().at(-1)?.params).toMatchObject({ plateNumber: '粤B', plateMatch: 'prefix', owedMin: '1000' }));
  });

  it('sorts by the owed amount through the server', async () => {
    renderAt('/jointRecovery/unpaidOrders', '/jointRecovery/unpaidOrders', <ArrearsPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    await user.click(screen.getAllByText('欠费金额(元)')[0]!.closest('th') as HTMLElement);
    await waitFor(() => expect(listCalls().at(-1)?.params).toMatchObject({ sidx: 'owed', sort: 'asc' }));
  });

  it('详情 opens the plate with the way back to this page and filter', async () => {
    const router = renderAt('/jointRecovery/unpaidOrders?plateNumber=%E7%B2%A4B', '/jointRecovery/*', <ArrearsPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    await user.click(within(bodyRows()[0] as HTMLElement).getByRole('button', { name: /详\s*情/ }));
    expect(router.state.location.pathname).toBe(`/jointRecovery/unpaidOrders/${encodeURIComponent('粤B12345')}`);
    expect(new URLSearchParams(router.state.location.search).get('restBack')).toBe('/jointRecovery/unpaidOrders?plateNumber=%E7%B2%A4B');
  });
});
