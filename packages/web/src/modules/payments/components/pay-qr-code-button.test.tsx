import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { createQueryClient } from '../../../app/query-client';
import { installFakeApi, ok } from '../../../test/fake-api';
import { failure, quietComputedStyle } from '../../system/pages/system-page-test-kit';
import { PayQrCodeButton, takesPhonePayment } from './pay-qr-code-button';

const record = { id: 'r-1', plateNumber: '粤B12345', state: 'parked' as const, unpaid: 0 };
const show = () =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <PayQrCodeButton record={record} />
    </AppProviders>,
  );

beforeAll(quietComputedStyle);

describe('收款二维码', () => {
  it('is offered while the car is in or something is owed, never for a void record', () => {
    expect(takesPhonePayment({ state: 'parked', unpaid: 0 })).toBe(true);
    expect(takesPhonePayment({ state: 'unpaid', unpaid: 500 })).toBe(true);
    expect(takesPhonePayment({ state: 'closed', unpaid: 0 })).toBe(false);
    expect(takesPhonePayment({ state: 'void', unpaid: 500 })).toBe(false);
  });

  it("asks the server for the record's code and shows it with its expiry", { timeout: 60_000 }, async () => {
    const calls = installFakeApi({
      'GET /api/system/ParkingRecord/r-1/payQrCode': ok({ url: 'http://park.example/#/pdaScanQrcode?o=abc.def', expiresAt: '2026-03-03T02:30:00.000Z' }),
    });
    show();
    fireEvent.click(screen.getByRole('button', { name: /收款二维码/ }));
    expect(await screen.findByText('请车主用手机扫码支付，2026-03-03 10:30:00 前有效')).toBeTruthy();
    expect(screen.getByText('收款二维码 - 粤B12345')).toBeTruthy();
    expect(document.querySelector('.ant-qrcode')).not.toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('says so when the code cannot be made', { timeout: 60_000 }, async () => {
    installFakeApi({ 'GET /api/system/ParkingRecord/r-1/payQrCode': failure(400, '停车记录已作废，不能收款') });
    show();
    fireEvent.click(screen.getByRole('button', { name: /收款二维码/ }));
    expect(await screen.findByText('二维码生成失败')).toBeTruthy();
    // in the dialog, besides the console's own error notice
    expect(document.querySelector('.ant-modal .ant-result-subtitle')?.textContent).toBe('停车记录已作废，不能收款');
  });
});
