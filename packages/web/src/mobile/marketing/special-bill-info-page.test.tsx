import type { SpecialBillPublic } from '@parking/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok } from '../../test/fake-api';
import { bodyOf, failure, quietComputedStyle, renderAt, user } from '../../modules/system/pages/system-page-test-kit';
import { SpecialBillInfoPage } from './special-bill-info-page';

const bill = (overrides: Partial<SpecialBillPublic> = {}): SpecialBillPublic => ({
  lotName: '万象天地停车场',
  plateNumber: '粤B12345',
  item: '车辆损坏赔偿',
  amount: 12050,
  status: 'unpaid',
  createdAt: '2026-03-01T02:00:00.000Z',
  paidAt: null,
  onlinePay: true,
  ...overrides,
});
const payButton = () => screen.getByRole('button', { name: /立即支付/ }) as HTMLButtonElement;

beforeAll(quietComputedStyle);
afterEach(() => vi.unstubAllGlobals());

describe('特殊账单 phone page', { timeout: 60_000 }, () => {
  it('shows the bill a token names, in yuan and Shanghai time, and 立即支付 starts a payment with that token', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const calls = installFakeApi({
      'GET /api/open/specialBill': ok(bill()),
      'POST /api/open/specialBill/pay': ok({ payUrl: 'https://pay.example.com/cashier/1' }),
    });
    renderAt('/speialBillInfo?t=abc.def', '/speialBillInfo', <SpecialBillInfoPage />);
    expect(await screen.findByText('120.50 元')).toBeTruthy();
    expect(screen.getByText('万象天地停车场')).toBeTruthy();
    expect(screen.getByText('粤B12345')).toBeTruthy();
    expect(screen.getAllByText('待支付').length).toBeGreaterThan(0);
    expect(screen.getByText('2026-03-01 10:00:00')).toBeTruthy();
    expect(calls[0]?.params).toEqual({ t: 'abc.def' });
    expect(payButton().disabled).toBe(false);
    await user.click(payButton());
    await waitFor(() => expect(bodyOf(calls.find((c) => c.method === 'POST'))).toEqual({ t: 'abc.def' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example.com/cashier/1'));
  });

  it('a cancelled or paid bill says so, and 立即支付 is disabled', async () => {
    installFakeApi({ 'GET /api/open/specialBill': ok(bill({ status: 'cancelled' })) });
    renderAt('/speialBillInfo?t=abc.def', '/speialBillInfo', <SpecialBillInfoPage />);
    expect(await screen.findByText('该账单已作废，无需支付')).toBeTruthy();
    expect(screen.getAllByText('已作废').length).toBeGreaterThan(0);
    expect(payButton().disabled).toBe(true);
    cleanup();
    installFakeApi({ 'GET /api/open/specialBill': ok(bill({ status: 'paid', paidAt: '2026-03-01T03:00:00.000Z' })) });
    renderAt('/speialBillInfo?t=abc.xyz', '/speialBillInfo', <SpecialBillInfoPage />);
    expect(await screen.findByText('该账单已支付，无需重复支付')).toBeTruthy();
    expect(screen.getByText('2026-03-01 11:00:00')).toBeTruthy();
    expect(payButton().disabled).toBe(true);
  });

  it('without online payment, an unpaid bill sends the driver to the booth, with no 立即支付', async () => {
    installFakeApi({ 'GET /api/open/specialBill': ok(bill({ onlinePay: false })) });
    renderAt('/speialBillInfo?t=abc.def', '/speialBillInfo', <SpecialBillInfoPage />);
    expect(await screen.findByText('暂未开通线上支付，请到收费处缴费')).toBeTruthy();
    expect(screen.getByText('120.50 元')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /立即支付/ })).toBeNull();
  });

  it('shows the server’s reason for a tampered token, and nothing of a bill', async () => {
    installFakeApi({ 'GET /api/open/specialBill': failure(400, '二维码无效或已被篡改') });
    renderAt('/speialBillInfo?t=forged', '/speialBillInfo', <SpecialBillInfoPage />);
    expect(await screen.findByText('二维码无效或已被篡改')).toBeTruthy();
    expect(screen.getByText('无法查看账单')).toBeTruthy();
    expect(screen.queryByText('立即支付')).toBeNull();
  });

  it('shows why a payment could not start', async () => {
    installFakeApi({ 'GET /api/open/specialBill': ok(bill()), 'POST /api/open/specialBill/pay': failure(409, '特殊账单已作废，不能支付') });
    renderAt('/speialBillInfo?t=abc.def', '/speialBillInfo', <SpecialBillInfoPage />);
    await user.click(await screen.findByRole('button', { name: /立即支付/ }));
    expect(await screen.findByText('特殊账单已作废，不能支付')).toBeTruthy();
  });
});
