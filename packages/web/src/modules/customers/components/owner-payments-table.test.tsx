import type { CustomerPayment } from '@parking/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { createQueryClient } from '../../../app/query-client';
import { installFakeApi, ok } from '../../../test/fake-api';
import { bodyRows as rowsOf, quietComputedStyle } from '../../system/pages/system-page-test-kit';
import { OwnerPaymentsTable } from './owner-payments-table';

const ownerId = '00000000-0000-4000-8000-00000000c001';
const url = `GET /api/system/Customer/${ownerId}/Payments`;
const payment = (overrides: Partial<CustomerPayment>): CustomerPayment => ({
  id: 'p1',
  recordId: 'r1',
  paidAt: '2026-03-09T03:31:00.000Z',
  lotName: '万象天地停车场',
  plateNumber: '粤B12345',
  plateColour: 0,
  channel: 'wechat',
  amount: 1250,
  refunded: 0,
  stage: 'exit',
  ...overrides,
});

const renderTable = () =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <OwnerPaymentsTable customerId={ownerId} />
    </AppProviders>,
  );

/** the table's body rows, as elements `within` takes */
const bodyRows = () => rowsOf() as HTMLElement[];

beforeAll(quietComputedStyle);

describe('车主详情 支付记录', () => {
  it('says so when the owner’s plates have no payments', async () => {
    installFakeApi({ [url]: () => ok({ list: [], pagination: { currentPage: 1, pageSize: 10, total: 0 } }) });
    renderTable();
    expect(await screen.findByText('该车主名下车辆还没有支付记录')).toBeTruthy();
    expect(bodyRows()).toHaveLength(0);
  });

  it('lists the payments newest first with Shanghai time, lot, plate, yuan, channel, how and refunds, and pages', { timeout: 30_000 }, async () => {
    const calls = installFakeApi({
      [url]: (call) =>
        (call.params as { currentPage?: number }).currentPage === 2
          ? ok({ list: [payment({ id: 'p3', lotName: '中山路', channel: 'cash', amount: 500, stage: 'prepaid' })], pagination: { currentPage: 2, pageSize: 10, total: 11 } })
          : ok({
              list: [
                payment({ id: 'p1', stage: 'pursuit', channel: 'alipay', refunded: 1250 }),
                payment({ id: 'p2', lotName: '东门停车场', plateNumber: '粤BD10002', plateColour: 3, paidAt: '2026-03-08T16:05:00.000Z', amount: 800, refunded: 300 }),
              ],
              pagination: { currentPage: 1, pageSize: 10, total: 11 },
            }),
    });
    renderTable();
    expect(await screen.findByText('万象天地停车场')).toBeTruthy();
    const [first, second] = bodyRows();
    // 03:31 UTC is 11:31 in Shanghai; 16:05 UTC is past midnight there
    expect(within(first!).getByText('2026-03-09 11:31:00')).toBeTruthy();
    expect(first!.textContent).toContain('12.50');
    expect(within(first!).getByText('支付宝')).toBeTruthy();
    expect(within(first!).getByText('欠费追缴')).toBeTruthy();
    expect(within(first!).getByText('已全额退款')).toBeTruthy();
    expect(within(second!).getByText('2026-03-09 00:05:00')).toBeTruthy();
    expect(within(second!).getByText('微信')).toBeTruthy();
    expect(within(second!).getByText('出场缴费')).toBeTruthy();
    expect(within(second!).getByText('部分退款 3.00')).toBeTruthy();
    expect(screen.getByText('共 11 条')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(screen.getByText('中山路')).toBeTruthy());
    expect(bodyRows()).toHaveLength(1);
    expect(within(bodyRows()[0]!).getByText('场内预付')).toBeTruthy();
    expect(within(bodyRows()[0]!).getByText('现金')).toBeTruthy();
    expect(within(bodyRows()[0]!).getByText('已支付')).toBeTruthy();
    expect(calls.at(-1)!.params).toEqual({ currentPage: 2, pageSize: 10 });
  });
});
