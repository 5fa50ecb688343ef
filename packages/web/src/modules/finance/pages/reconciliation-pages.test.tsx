import type { ReconciliationBatch, ReconciliationMistake } from '@parking/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeApi, ok, type RecordedCall } from '../../../test/fake-api';
import { bodyOf, bodyRows, quietComputedStyle, renderAt, user } from '../../system/pages/system-page-test-kit';
import { ReconciliationBatchPage } from './reconciliation-batch-page';
import { ReconciliationMistakePage } from './reconciliation-mistake-page';

const batch = (overrides: Partial<ReconciliationBatch> = {}): ReconciliationBatch => ({
  id: 'b-1',
  batchNo: '20260305-01',
  day: '2026-03-05',
  channel: 'sandbox',
  state: 'succeeded',
  ourCount: 3,
  ourAmount: 2200,
  ourRefundCount: 0,
  ourRefundAmount: 0,
  channelCount: 3,
  channelAmount: 2250,
  channelRefundCount: 0,
  channelRefundAmount: 0,
  mistakeCount: 2,
  unhandledCount: 2,
  remark: '',
  reconciledAt: '2026-03-06T02:00:00.000Z',
  ...overrides,
});

const mistake = (overrides: Partial<ReconciliationMistake> = {}): ReconciliationMistake => ({
  id: 'm-1',
  batchId: 'b-1',
  batchNo: '20260305-01',
  day: '2026-03-05',
  channel: 'sandbox',
  kind: 'our_missing',
  orderNo: 'SB1772683200000A1',
  refundNo: '',
  tradeNo: 'SBT1',
  recordId: 'r-1',
  plateNumber: '粤B12345',
  ourAmount: 0,
  channelAmount: 800,
  balance: '长款',
  tradedAt: '2026-03-05T04:00:00.000Z',
  status: 'unhandled',
  resolution: null,
  resolutions: ['channel', 'ours'],
  remark: '',
  resolvedByName: null,
  resolvedAt: null,
  ...overrides,
});

let calls: RecordedCall[];
const posts = (url: string) => calls.filter((c) => c.method?.toUpperCase() === 'POST' && c.url === url);

beforeAll(() => {
  quietComputedStyle();
  calls = installFakeApi({
    'GET /api/system/AccountCheck': () =>
      ok({ list: [batch(), batch({ id: 'b-2', batchNo: '20260304-01', day: '2026-03-04', mistakeCount: 0, unhandledCount: 0 })], pagination: { currentPage: 1, pageSize: 10, total: 2 } }),
    'GET /api/system/AccountCheckMistake': () =>
      ok({
        list: [
          mistake(),
          mistake({ id: 'm-2', kind: 'channel_missing', orderNo: 'SB2', ourAmount: 600, channelAmount: 0, balance: '短款', resolutions: ['channel', 'ours'] }),
          mistake({ id: 'm-3', orderNo: 'SB3', plateNumber: '粤B3', ourAmount: 0, channelAmount: 900, resolutions: ['refund', 'ours'] }),
        ],
        pagination: { currentPage: 1, pageSize: 10, total: 3 },
      }),
    'POST /api/system/AccountCheckMistake/m-2/Actions/Resolve': ok(mistake({ id: 'm-2', status: 'resolved', resolution: 'ours' })),
    'POST /api/system/AccountCheckMistake/m-3/Actions/Resolve': ok(mistake({ id: 'm-3', status: 'resolved', resolution: 'refund' })),
  });
});

describe('对账', () => {
  it('shows both sides of each batch in yuan, its state, the glossary, and 查看差错 only where mistakes were found', { timeout: 60_000 }, async () => {
    renderAt('/FinancialManagement/accountCheck', '/FinancialManagement/accountCheck', <ReconciliationBatchPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    const [withMistakes, clean] = bodyRows().map((row) => within(row as HTMLElement));
    expect(withMistakes!.getByText('成功')).toBeTruthy();
    expect(withMistakes!.getByText('22.00')).toBeTruthy();
    expect(withMistakes!.getByText('22.50')).toBeTruthy();
    expect(withMistakes!.getByRole('button', { name: '查看差错' })).toBeTruthy();
    expect(clean!.queryByRole('button', { name: '查看差错' })).toBeNull();
    expect(screen.getByText('名词解释')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新对账' })).toBeTruthy();
  });
});

describe('对账差错', () => {
  it('asks for the batch named in the URL, and 以我方为准 needs a remark and a confirmation before it is sent', { timeout: 60_000 }, async () => {
    renderAt('/FinancialManagement/accountCheckMistake?batchNo=20260305-01', '/FinancialManagement/accountCheckMistake', <ReconciliationMistakePage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(calls.filter((c) => c.url === '/api/system/AccountCheckMistake').at(-1)?.params).toMatchObject({ batchNo: '20260305-01' });
    const [ourMissing, channelMissing] = bodyRows().map((row) => within(row as HTMLElement));
    expect(ourMissing!.getByText('我方漏单')).toBeTruthy();
    expect(ourMissing!.getByText('长款')).toBeTruthy();
    expect(channelMissing!.getByText('渠道漏单')).toBeTruthy();

    await user.click(channelMissing!.getByRole('button', { name: /处\s*理/ }));
    const dialog = await screen.findByRole('dialog');
    // 以渠道为准 of a 渠道漏单 voids our payment: the dialog says so
    expect(within(dialog).getByRole('radio', { name: '以渠道为准' })).toBeTruthy();
    expect(within(dialog).queryByText('退还重复支付')).toBeNull();
    expect(within(dialog).getByText('将作废我方这笔支付，停车记录重新待付（车辆已离场的转为欠费）。')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: '以我方为准' }));
    await waitFor(() => expect(within(dialog).getByText('保留我方记录，差错以处理说明结案。')).toBeTruthy());
    await user.click(within(dialog).getByRole('button', { name: /处\s*理/ }));
    expect(await screen.findByText('以我方为准须填写处理说明', undefined, { timeout: 5000 })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('处理说明'), { target: { value: '渠道确认已到账' } });
    await user.click(within(dialog).getByRole('button', { name: /处\s*理/ }));
    const confirm = await screen.findByText(/确定以我方为准处理商户订单号「SB2」的渠道漏单吗/);
    expect(posts('/api/system/AccountCheckMistake/m-2/Actions/Resolve')).toHaveLength(0);
    await user.click(within(confirm.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('差错已处理')).toBeTruthy();
    expect(bodyOf(posts('/api/system/AccountCheckMistake/m-2/Actions/Resolve').at(-1))).toEqual({ resolution: 'ours', remark: '渠道确认已到账' });
  });

  it('offers 退还重复支付 where the server lists it, says what it does, and sends it without a remark', { timeout: 60_000 }, async () => {
    renderAt('/FinancialManagement/accountCheckMistake?batchNo=20260305-01', '/FinancialManagement/accountCheckMistake', <ReconciliationMistakePage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const duplicate = within(bodyRows()[2] as HTMLElement);
    await user.click(duplicate.getByRole('button', { name: /处\s*理/ }));
    const dialog = (await screen.findAllByRole('dialog')).at(-1)!;
    expect(within(dialog).queryByRole('radio', { name: '以渠道为准' })).toBeNull();
    expect(within(dialog).getByRole('radio', { name: '退还重复支付' })).toHaveProperty('checked', true);
    expect(within(dialog).getByText('将补记这笔重复支付，并立即原路退还车主；我方账目同时记下这笔支付和退款。')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /处\s*理/ }));
    const confirm = await screen.findByText(/确定退还重复支付处理商户订单号「SB3」的我方漏单吗/);
    await user.click(within(confirm.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(posts('/api/system/AccountCheckMistake/m-3/Actions/Resolve')).toHaveLength(1));
    expect(bodyOf(posts('/api/system/AccountCheckMistake/m-3/Actions/Resolve')[0])).toEqual({ resolution: 'refund', remark: '' });
  });
});
