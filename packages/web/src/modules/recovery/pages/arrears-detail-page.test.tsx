import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { MenuItem } from '@parking/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { useSessionStore } from '../../../shared/session/session-store';
import { createQueryClient } from '../../../app/query-client';
import { installFakeApi, ok, type FakeRoutes, type RecordedCall } from '../../../test/fake-api';
import { bodyOf, failure, quietComputedStyle, saved, user } from '../../system/pages/system-page-test-kit';
import { arrearsDetail } from '../recovery-fixtures';
import { ArrearsDetailPage } from './arrears-detail-page';

const plate = '粤B12345';
const detailUrl = `/api/system/Arrears/${encodeURIComponent(plate)}`;
const pagePath = `/jointRecovery/unpaidOrders/${encodeURIComponent(plate)}`;

function renderDetail(path: string, routes: FakeRoutes) {
  const calls = installFakeApi(routes);
  const router = createMemoryRouter(
    [
      { path: '/jointRecovery/unpaidOrders/:id', element: <ArrearsDetailPage /> },
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

const recordsCard = () => screen.getByText('欠费记录').closest('.ant-card') as HTMLElement;
const recordRows = () => [...recordsCard().querySelectorAll('tr.ant-table-row')] as HTMLElement[];
const dialog = () => screen.getByRole('dialog');

/** the 支付记录 page, which 收款 needs (the payments API checks it) */
const paymentPage: MenuItem = {
  id: 'm-pay',
  fullName: '支付记录',
  enCode: 'paymentRecord',
  icon: '',
  urlAddress: 'OrderManagement/paymentRecord',
  type: 2,
  sortCode: 0,
  hasChildren: false,
  children: [],
};

beforeAll(() => quietComputedStyle());
afterEach(() => useSessionStore.setState({ menuList: [] }));

describe('欠费订单详情', () => {
  it('shows what the plate owes on every lot, what was recovered, and the reminder log', async () => {
    renderDetail(pagePath, { [`GET ${detailUrl}`]: ok(arrearsDetail()) });
    expect(await screen.findByRole('button', { name: /粤B12345/ })).toBeTruthy();
    const figures = document.querySelector('.unpaid-detail__figures')?.textContent;
    expect(figures).toContain('欠费合计(元)22.50');
    expect(figures).toContain('欠费笔数2');
    expect(figures).toContain('已追缴(元)3.00');
    const [first, second] = recordRows().map((row) => within(row));
    expect(first!.getByText('万象天地停车场')).toBeTruthy();
    expect(first!.getByText('东出口')).toBeTruthy();
    expect(first!.getAllByText('17.50')).toHaveLength(2);
    expect(second!.getByText('福华路路侧')).toBeTruthy();
    expect(second!.getByText('F001')).toBeTruthy();
    const log = screen.getByText('催缴记录').closest('.ant-card') as HTMLElement;
    expect(within(log).getByText('电话联系车主，承诺周五前缴清')).toBeTruthy();
    expect(within(log).getByText('电话')).toBeTruthy();
    expect(within(log).getByText('2026-03-06 09:00:00')).toBeTruthy();
  });

  it('详情 opens the record with the way back to this plate', async () => {
    const { router } = renderDetail(pagePath, { [`GET ${detailUrl}`]: ok(arrearsDetail()) });
    await screen.findByText('万象天地停车场');
    await user.click(within(recordRows()[0]!).getByRole('button', { name: /详\s*情/ }));
    expect(router.state.location.pathname).toBe('/OrderManagement/parkingRecordOrderInfo/r-1');
    expect(new URLSearchParams(router.state.location.search).get('restBack')).toBe(pagePath);
  });

  it('登记催缴 asks for the content, posts the reminder and reloads the log', { timeout: 40_000 }, async () => {
    let reminded = false;
    const { calls } = renderDetail(pagePath, {
      [`GET ${detailUrl}`]: () =>
        ok(
          arrearsDetail(
            reminded
              ? {
                  reminders: [
                    ...arrearsDetail().reminders,
                    { id: 'rm-2', plateNumber: plate, channel: 'letter', content: '寄送催缴函', operatorId: 'u-1', operatorName: '张三', createdAt: '2026-03-07T01:00:00.000Z' },
                  ],
                }
              : {},
          ),
        ),
      [`POST ${detailUrl}/Reminders`]: () => {
        reminded = true;
        return saved('催缴已登记');
      },
    });
    await screen.findByText('万象天地停车场');
    await user.click(screen.getByRole('button', { name: /登记催缴/ }));
    expect(await screen.findByText('请输入催缴内容')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.mouseDown(document.querySelector('#reminder_channel') as HTMLElement);
    fireEvent.click(await screen.findByTitle('信函'));
    fireEvent.change(screen.getByPlaceholderText('如：已短信通知车主补缴停车费'), { target: { value: '  寄送催缴函 ' } });
    await user.click(screen.getByRole('button', { name: /登记催缴/ }));
    await waitFor(() => expect(bodyOf(calls.find((c) => c.method === 'POST'))).toEqual({ channel: 'letter', content: '寄送催缴函' }));
    expect(await screen.findByText('寄送催缴函')).toBeTruthy();
  });

  it('has no reminder form once nothing is owed', async () => {
    renderDetail(pagePath, { [`GET ${detailUrl}`]: ok(arrearsDetail({ owed: 0, records: [], recovered: 2250 })) });
    expect(await screen.findByText('该车牌已无欠费，无需催缴')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /登记催缴/ })).toBeNull();
    expect(screen.getByText('暂无欠费记录')).toBeTruthy();
    expect(screen.getByText('已缴清')).toBeTruthy();
  });

  it('offers 收款 only to a user who holds the 支付记录 page', async () => {
    renderDetail(pagePath, { [`GET ${detailUrl}`]: ok(arrearsDetail()) });
    await screen.findByText('万象天地停车场');
    expect(within(recordRows()[0]!).queryByRole('button', { name: /收\s*款/ })).toBeNull();
    expect(within(recordRows()[0]!).getByRole('button', { name: /详\s*情/ })).toBeTruthy();
  });

  it('收款 records a payment in fen with an idempotency key, reusing it only for the very same request', { timeout: 40_000 }, async () => {
    useSessionStore.setState({ menuList: [paymentPage] });
    let attempts = 0;
    const { calls } = renderDetail(pagePath, {
      [`GET ${detailUrl}`]: ok(arrearsDetail()),
      // the first answer is lost on the way back; the retry must be the same payment
      'POST /api/system/Payment': () => (++attempts === 1 ? failure(500, '服务繁忙') : saved('收款成功', { id: 'p-1' })),
    });
    await screen.findByText('万象天地停车场');
    await user.click(within(recordRows()[1]!).getByRole('button', { name: /收\s*款/ }));
    const amount = within(dialog()).getByLabelText('收款金额(元)') as HTMLInputElement;
    expect(amount.value).toBe('5.00');
    fireEvent.change(amount, { target: { value: '6' } });
    await user.click(within(dialog()).getByRole('button', { name: /确定收款/ }));
    expect(await within(dialog()).findByText('收款金额应在0.01到5.00元之间')).toBeTruthy();

    fireEvent.change(amount, { target: { value: '4.5' } });
    await user.click(within(dialog()).getByRole('button', { name: /确定收款/ }));
    await waitFor(() => expect(attempts).toBe(1));
    await user.click(within(dialog()).getByRole('button', { name: /确定收款/ }));
    await waitFor(() => expect(attempts).toBe(2));
    const posts = calls.filter((c: RecordedCall) => c.method === 'POST');
    expect(bodyOf(posts[0])).toEqual({ recordId: 'r-2', channel: 'cash', amount: 450, payer: '', remark: '' });
    const keys = posts.map((c) => c.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[\w.:-]{8,64}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await screen.findByText('收款成功：4.50 元')).toBeTruthy();
  });

  it('says so when pursuit does not know the plate, with a way back', async () => {
    const { router } = renderDetail(`${pagePath}?restBack=${encodeURIComponent('https://evil.example/')}`, { [`GET ${detailUrl}`]: failure(404, '没有该车牌的欠费记录') });
    expect(await screen.findByText('没有该车牌的欠费记录或无权查看')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /返\s*回/ }));
    expect(router.state.location.pathname).toBe('/jointRecovery/unpaidOrders');
  });
});
