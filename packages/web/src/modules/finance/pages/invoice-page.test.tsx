import type { Invoice } from '@parking/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installFakeApi, ok, type RecordedCall } from '../../../test/fake-api';
import { useSessionStore } from '../../../shared/session/session-store';
import { bodyRows, quietComputedStyle, renderAt, user } from '../../system/pages/system-page-test-kit';
import { InvoicePage } from './invoice-page';

const invoice = (overrides: Partial<Invoice> = {}): Invoice => ({
  id: 'i-1',
  orderNo: 'FP20260310ABCDEF0123456789',
  lotId: 'l-1',
  lotName: '东门停车场',
  phone: '13800138001',
  buyerType: 'company',
  buyerTitle: '某某科技有限公司',
  taxNumber: '91350100M000100Y43',
  email: 'a@b.cn',
  amount: 1500,
  state: 'pending',
  provider: '',
  invoiceNo: null,
  invoiceCode: '',
  cause: '',
  hasPdf: false,
  reissueOf: null,
  requestedAt: '2026-03-10T02:00:00.000Z',
  issuedAt: null,
  redFlushedAt: null,
  items: [{ paymentId: 'p-1', recordId: 'r-1', plateNumber: '粤B10001', amount: 1500, paidAt: '2026-03-09T05:01:00.000Z' }],
  ...overrides,
});

let calls: RecordedCall[];
const posts = (url: string) => calls.filter((c) => c.method?.toUpperCase() === 'POST' && c.url === url);

beforeAll(() => {
  quietComputedStyle();
  calls = installFakeApi({
    'GET /api/system/Invoice': () =>
      ok({
        list: [
          invoice(),
          invoice({ id: 'i-2', buyerTitle: '张先生', buyerType: 'personal', taxNumber: '', state: 'failed', cause: '购买方名称未通过税务校验（沙箱模拟失败）' }),
          invoice({ id: 'i-3', state: 'issued', invoiceNo: '20260000000000001234', hasPdf: true, provider: 'sandbox' }),
        ],
        pagination: { currentPage: 1, pageSize: 10, total: 3 },
      }),
    'POST /api/system/Invoice/i-1/Actions/Issue': ok(invoice({ state: 'issuing', provider: 'sandbox' })),
    'POST /api/system/Invoice/i-1/Actions/Upload': ok(invoice({ state: 'issued', provider: 'upload', invoiceNo: '00312345', invoiceCode: '044001900111', hasPdf: true })),
    'POST /api/system/Invoice/i-3/Actions/RedFlush': ok(invoice({ id: 'i-3', state: 'redFlushed' })),
  });
});
afterEach(() => useSessionStore.setState({ permissions: [] }));

describe('开票记录', () => {
  it('shows each invoice with its state and masked phone; 开票, 重试, 红冲 and 下载 only where they apply; 开票 after confirming', { timeout: 60_000 }, async () => {
    useSessionStore.setState({ permissions: ['invoiceRecord'] });
    renderAt('/FinancialManagement/invoiceRecord', '/FinancialManagement/invoiceRecord', <InvoicePage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const [pending, failed, issued] = bodyRows().map((row) => within(row as HTMLElement));
    expect(pending!.getByText('待开票')).toBeTruthy();
    expect(pending!.getByText('138****8001')).toBeTruthy();
    expect(pending!.getByText('15.00')).toBeTruthy();
    expect(pending!.queryByRole('button', { name: /红\s*冲/ })).toBeNull();
    expect(failed!.getByText('开票失败')).toBeTruthy();
    expect(failed!.getByRole('button', { name: /重\s*试/ })).toBeTruthy();
    expect(issued!.getByRole('button', { name: /下\s*载/ })).toBeTruthy();
    expect(issued!.queryByRole('button', { name: /开\s*票/ })).toBeNull();

    await user.click(pending!.getByRole('button', { name: /开\s*票/ }));
    expect(await screen.findByText('确定为「某某科技有限公司」开具 15.00 元的电子发票？')).toBeTruthy();
    expect(posts('/api/system/Invoice/i-1/Actions/Issue')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('发票开票中')).toBeTruthy();
    expect(posts('/api/system/Invoice/i-1/Actions/Issue')).toHaveLength(1);
  });

  it('上传PDF asks for the number and date the paper carries, checks them, and sends them with the file', { timeout: 60_000 }, async () => {
    useSessionStore.setState({ permissions: ['invoiceRecord'] });
    renderAt('/FinancialManagement/invoiceRecord', '/FinancialManagement/invoiceRecord', <InvoicePage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const [pending, , issued] = bodyRows().map((row) => row as HTMLElement);
    // the platform's invoice is not one staff upload over
    expect(within(issued!).queryByRole('button', { name: /上传PDF|重新上传/ })).toBeNull();
    const pdf = new File(['%PDF-1.4'], 'fp.pdf', { type: 'application/pdf' });
    await user.upload(pending!.querySelector<HTMLInputElement>('input[type=file]')!, pdf);
    expect(await screen.findByText('以「fp.pdf」作为「某某科技有限公司」15.00 元的发票')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^上\s*传$/ }));
    expect(await screen.findByText('请填写发票号码')).toBeTruthy();
    await user.type(screen.getByLabelText('发票号码'), '00312345');
    await user.type(screen.getByLabelText('开票日期'), '2026-03-10');
    await user.click(screen.getByRole('button', { name: /^上\s*传$/ }));
    expect(await screen.findByText('8位发票号码须同时填写发票代码')).toBeTruthy();
    expect(posts('/api/system/Invoice/i-1/Actions/Upload')).toHaveLength(0);
    await user.type(screen.getByLabelText('发票代码'), '044001900111');
    await user.click(screen.getByRole('button', { name: /^上\s*传$/ }));
    await waitFor(() => expect(posts('/api/system/Invoice/i-1/Actions/Upload')).toHaveLength(1));
    const sent = posts('/api/system/Invoice/i-1/Actions/Upload')[0]!.data as FormData;
    expect([sent.get('invoiceNo'), sent.get('invoiceCode'), sent.get('issuedOn'), (sent.get('file') as File).name]).toEqual(['00312345', '044001900111', '2026-03-10', 'fp.pdf']);
  });
});
