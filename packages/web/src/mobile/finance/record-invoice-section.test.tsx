import type { DriverRecord, RecordInvoice } from '@parking/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app-providers';
import { createQueryClient } from '../../app/query-client';
import { bodyOf, failure, quietComputedStyle } from '../../modules/system/pages/system-page-test-kit';
import { installFakeApi, ok, type FakeRoutes } from '../../test/fake-api';
import { RecordInfoPage } from '../payments/driver-record-page';

const paidOrder: DriverRecord = {
  lotName: '万象天地停车场',
  plateNumber: '粤B12345',
  enteredAt: '2026-03-01T01:00:00.000Z',
  until: '2026-03-01T03:00:00.000Z',
  exited: true,
  durationSeconds: 7200,
  amountDue: 1200,
  discount: 0,
  paid: 1200,
  unpaid: 0,
  state: 'paid',
  graceMinutes: 15,
  leaveBefore: null,
  paying: false,
  onlinePay: true,
};
const asked: RecordInvoice = {
  id: '00000000-0000-4000-8000-0000000000d1',
  buyerType: 'company',
  buyerTitle: '某某科技有限公司',
  amount: 1200,
  state: 'pending',
  invoiceNo: null,
  invoiceCode: '',
  hasPdf: false,
  requestedAt: '2026-03-01T03:10:00.000Z',
  issuedAt: null,
};
const creditCode = '91350100M000100Y43';

const show = (routes: FakeRoutes) => {
  const calls = installFakeApi({ 'GET /api/open/payments/records': ok(paidOrder), ...routes });
  const router = createMemoryRouter([{ path: '/orderInfoByQRcode', element: <RecordInfoPage /> }], { initialEntries: ['/orderInfoByQRcode?o=order-token'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return calls;
};

beforeAll(quietComputedStyle);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('订单详情 电子发票', () => {
  it('asks for an invoice of the paid stay with the record token, checking a company tax number first, and then shows it 开票中', { timeout: 60_000 }, async () => {
    let invoices: RecordInvoice[] = [];
    const calls = show({
      'GET /api/open/payments/records/invoices': () => ok({ invoiceable: invoices.length ? 0 : 1200, invoices }),
      'POST /api/open/payments/records/invoices': (call) => {
        invoices = [asked];
        return ok({ ...asked, buyerTitle: (bodyOf(call) as { buyerTitle: string }).buyerTitle });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '申请电子发票' }));
    fireEvent.click(screen.getByRole('radio', { name: '单位' }));
    fireEvent.change(screen.getByLabelText('发票抬头'), { target: { value: '某某科技有限公司' } });
    fireEvent.change(await screen.findByLabelText('纳税人识别号'), { target: { value: '91350100M000100Y44' } });
    fireEvent.change(screen.getByLabelText('接收邮箱'), { target: { value: 'fp@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /提交开票申请（12.00 元）/ }));
    // a wrong check character is refused on the phone, nothing is sent
    expect(await screen.findByText('纳税人识别号应为18位统一社会信用代码（数字和大写字母，校验位正确）')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(screen.getByLabelText('纳税人识别号'), { target: { value: creditCode.toLowerCase() } });
    fireEvent.click(screen.getByRole('button', { name: /提交开票申请（12.00 元）/ }));
    const item = await screen.findByTestId('record-invoice');
    expect(within(item).getByText('开票中')).toBeTruthy();
    expect(within(item).getByText('某某科技有限公司')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '申请电子发票' })).toBeNull();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(bodyOf(posts[0])).toEqual({ o: 'order-token', buyerType: 'company', buyerTitle: '某某科技有限公司', taxNumber: creditCode, email: 'fp@example.com' });
    expect(calls.find((c) => c.url === '/api/open/payments/records/invoices' && c.method === 'GET')!.params).toEqual({ o: 'order-token' });
  });

  it("shows the server's refusal in Chinese", { timeout: 60_000 }, async () => {
    show({
      'GET /api/open/payments/records/invoices': ok({ invoiceable: 1200, invoices: [] }),
      'POST /api/open/payments/records/invoices': failure(409, '本订单没有可开票的支付（未支付、已全额退款或已开票）'),
    });
    fireEvent.click(await screen.findByRole('button', { name: '申请电子发票' }));
    fireEvent.change(screen.getByLabelText('发票抬头'), { target: { value: '李四' } });
    fireEvent.change(screen.getByLabelText('接收邮箱'), { target: { value: 'li@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /提交开票申请/ }));
    expect(await screen.findByText('本订单没有可开票的支付（未支付、已全额退款或已开票）')).toBeTruthy();
  });

  it('offers the PDF of an issued invoice, downloaded with the record token, and says 已红冲 of a reversed one', { timeout: 60_000 }, async () => {
    const issued = { ...asked, state: 'issued' as const, invoiceNo: '26440000000000001234', hasPdf: true, issuedAt: '2026-03-01T04:00:00.000Z' };
    const flushed = { ...asked, id: '00000000-0000-4000-8000-0000000000d0', state: 'redFlushed' as const, invoiceNo: '26440000000000000999', hasPdf: true };
    const calls = show({
      'GET /api/open/payments/records/invoices': ok({ invoiceable: 0, invoices: [issued, flushed] }),
      [`GET /api/open/payments/records/invoices/${issued.id}/Pdf`]: { status: 200, body: new Blob(['%PDF-1.4']) },
    });
    URL.createObjectURL = vi.fn(() => 'blob:pdf');
    URL.revokeObjectURL = vi.fn();
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const [first, second] = await screen.findAllByTestId('record-invoice');
    expect(within(first!).getByText('已开票')).toBeTruthy();
    expect(within(first!).getByText('发票号码 26440000000000001234')).toBeTruthy();
    expect(within(second!).getByText('已红冲')).toBeTruthy();
    expect(within(second!).queryByRole('button', { name: '下载发票PDF' })).toBeNull();
    expect(screen.queryByRole('button', { name: '申请电子发票' })).toBeNull();
    fireEvent.click(within(first!).getByRole('button', { name: '下载发票PDF' }));
    await waitFor(() => expect(calls.some((c) => c.url === `/api/open/payments/records/invoices/${issued.id}/Pdf`)).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/Pdf'))!.params).toEqual({ o: 'order-token' });
    await waitFor(() => expect(saved).toHaveBeenCalled());
  });

  it('shows nothing of invoices while the stay is unpaid', { timeout: 60_000 }, async () => {
    const calls = installFakeApi({ 'GET /api/open/payments/records': ok({ ...paidOrder, state: 'unpaid', paid: 0, unpaid: 1200 }) });
    const router = createMemoryRouter([{ path: '/orderInfoByQRcode', element: <RecordInfoPage /> }], { initialEntries: ['/orderInfoByQRcode?o=order-token'] });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByTestId('driver-unpaid')).toBeTruthy();
    expect(screen.queryByText('电子发票')).toBeNull();
    expect(calls.some((c) => c.url.includes('invoices'))).toBe(false);
  });
});
