import type { Invoice, InvoiceablePayment } from '@parking/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/app-providers';
import { createQueryClient } from '../../app/query-client';
import { ownerToken } from '../../modules/customers';
import { bodyOf, failure, quietComputedStyle } from '../../modules/system/pages/system-page-test-kit';
import { installFakeApi, ok, type FakeRoutes } from '../../test/fake-api';
import { OwnerInvoicesPage } from './owner-invoices-page';

const payment = (overrides: Partial<InvoiceablePayment> = {}): InvoiceablePayment => ({
  paymentId: '00000000-0000-4000-8000-0000000000b1',
  recordId: '00000000-0000-4000-8000-0000000000a1',
  plateNumber: '粤B12345',
  lotId: 'lot-east',
  lotName: '东门停车场',
  amount: 1300,
  paidAt: '2026-03-09T05:01:00.000Z',
  ...overrides,
});
const issued: Invoice = {
  id: '00000000-0000-4000-8000-0000000000c1',
  orderNo: 'FP20260309ABCDEF0123456789',
  lotId: 'lot-east',
  lotName: '东门停车场',
  phone: '13800138001',
  buyerType: 'personal',
  buyerTitle: '张先生',
  taxNumber: '',
  email: 'zhang@example.com',
  amount: 1000,
  state: 'issued',
  provider: 'sandbox',
  invoiceNo: '20260000000000001234',
  invoiceCode: '',
  cause: '',
  hasPdf: true,
  reissueOf: null,
  requestedAt: '2026-03-08T02:00:00.000Z',
  issuedAt: '2026-03-08T02:10:00.000Z',
  redFlushedAt: null,
  items: [],
};

const show = (routes: FakeRoutes) => {
  const calls = installFakeApi(routes);
  const router = createMemoryRouter([{ path: '/owner/invoices', element: <OwnerInvoicesPage /> }], { initialEntries: ['/owner/invoices'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return calls;
};

beforeAll(quietComputedStyle);
beforeEach(() => {
  window.localStorage.clear();
  ownerToken.set('owner-token');
});

describe('我的发票', () => {
  it('lists the invoices with 下载 once issued, and asks for one of the ticked payments of one lot with the owner token', async () => {
    const calls = show({
      'GET /api/open/owner/invoices': ok([issued]),
      'GET /api/open/owner/invoices/payments': ok([payment(), payment({ paymentId: '00000000-0000-4000-8000-0000000000b2', lotId: 'lot-south', lotName: '南门停车场', amount: 500 })]),
      'POST /api/open/owner/invoices': (call) =>
        (bodyOf(call) as { buyerType: string; taxNumber: string }).buyerType === 'company'
          ? failure(400, '纳税人识别号应为18位统一社会信用代码（数字和大写字母，校验位正确）')
          : ok({ ...issued, id: 'new', state: 'pending', invoiceNo: null, hasPdf: false, buyerTitle: '李四', amount: 1300 }),
    });
    const mine = await screen.findByTestId('owner-invoice');
    expect(within(mine).getByText('已开票')).toBeTruthy();
    expect(within(mine).getByText('20260000000000001234')).toBeTruthy();
    expect(within(mine).getByRole('button', { name: '下载发票PDF' })).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/open/owner/invoices')!.headers['x-owner-token']).toBe('owner-token');

    // ticking a payment of 东门 leaves 南门's out of reach: one invoice, one lot
    fireEvent.click(screen.getByRole('checkbox', { name: /东门停车场/ }));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /南门停车场/ }).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('发票抬头'), { target: { value: '李四' } });
    fireEvent.change(screen.getByLabelText('接收邮箱'), { target: { value: 'li@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /提交开票申请（13.00 元）/ }));
    await waitFor(() => expect(screen.getAllByTestId('owner-invoice')).toHaveLength(2));
    expect(within(screen.getAllByTestId('owner-invoice')[0]!).getByText('待开票')).toBeTruthy();
    const sent = calls.filter((c) => c.method === 'POST');
    expect(bodyOf(sent.at(-1))).toEqual({ buyerType: 'personal', buyerTitle: '李四', taxNumber: '', email: 'li@example.com', paymentIds: ['00000000-0000-4000-8000-0000000000b1'] });
  });
});
