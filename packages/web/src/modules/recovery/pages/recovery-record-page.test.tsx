import { waitFor, within } from '@testing-library/react';
import type { RecoveryRecord } from '@parking/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeApi, ok } from '../../../test/fake-api';
import { bodyRows, quietComputedStyle, renderAt, user } from '../../system/pages/system-page-test-kit';
import { RecoveryRecordPage } from './recovery-record-page';

const recovery: RecoveryRecord = {
  id: 'rc-1',
  recordId: 'r-2',
  paymentId: 'p-1',
  plateNumber: '粤B12345',
  lotId: 'l-2',
  lotName: '福华路路侧',
  amount: 500,
  refunded: 200,
  channel: 'wechat',
  recoveredAt: '2026-03-08T02:30:00.000Z',
  exitedAt: '2026-03-05T10:00:00.000Z',
  operatorName: '张三',
};

beforeAll(() => {
  quietComputedStyle();
  installFakeApi({
    'GET /api/system/RecoveryRecord': ok({ list: [recovery], pagination: { currentPage: 1, pageSize: 10, total: 1 } }),
    'GET /api/system/Parking/selector': ok([{ id: 'l-2', name: '福华路路侧', kind: 'space' }]),
  });
});

describe('追缴记录', () => {
  it('lists what was recovered: plate, lot, exit, yuan and what was refunded of it, channel, when and by whom', async () => {
    renderAt('/jointRecovery/recoveryRecord', '/jointRecovery/recoveryRecord', <RecoveryRecordPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    const row = within(bodyRows()[0] as HTMLElement);
    expect(row.getByRole('button', { name: /粤B12345/ })).toBeTruthy();
    expect(row.getByText('福华路路侧')).toBeTruthy();
    expect(row.getByText('2026-03-05 18:00:00')).toBeTruthy();
    expect(row.getByText('5.00')).toBeTruthy();
    expect(row.getByText('2.00')).toBeTruthy();
    expect(row.getByText('微信')).toBeTruthy();
    expect(row.getByText('2026-03-08 10:30:00')).toBeTruthy();
    expect(row.getByText('张三')).toBeTruthy();
  });

  it('订单 opens the parking record the money settled, with the way back', async () => {
    const router = renderAt('/jointRecovery/recoveryRecord', '/*', <RecoveryRecordPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    await user.click(within(bodyRows()[0] as HTMLElement).getByRole('button', { name: /订\s*单/ }));
    expect(router.state.location.pathname).toBe('/OrderManagement/parkingRecordOrderInfo/r-2');
    expect(new URLSearchParams(router.state.location.search).get('restBack')).toBe('/jointRecovery/recoveryRecord');
  });
});
