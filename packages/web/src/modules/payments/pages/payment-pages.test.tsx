import type { Payment, Refund } from '@parking/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installFakeApi, ok, type RecordedCall } from '../../../test/fake-api';
import { useSessionStore } from '../../../shared/session/session-store';
import { bodyOf, bodyRows, failure, quietComputedStyle, renderAt, user } from '../../system/pages/system-page-test-kit';
import { PaymentRecordPage } from './payment-record-page';
import { RefundPage } from './refund-page';
import { RecordPayments } from '../components/record-payments';

const payment = (overrides: Partial<Payment> = {}): Payment => ({
  id: 'p-1',
  recordId: 'r-1',
  plateNumber: '粤B12345',
  lotName: '万象天地停车场',
  channel: 'wechat',
  amount: 1750,
  refunded: 0,
  idempotencyKey: 'key-00000001',
  status: 'succeeded',
  paidAt: '2026-03-03T02:41:00.000Z',
  operatorId: 'u-1',
  operatorName: '收费员甲',
  payer: '',
  remark: '',
  createdAt: '2026-03-03T02:41:00.000Z',
  ...overrides,
});

const refund = (overrides: Partial<Refund> = {}): Refund => ({
  id: 'f-1',
  paymentId: 'p-1',
  recordId: 'r-1',
  plateNumber: '粤B12345',
  lotName: '万象天地停车场',
  amount: 500,
  reason: '重复扣费',
  status: 'requested',
  requestedBy: 'u-2',
  requestedByName: '财务乙',
  decidedBy: null,
  decidedByName: null,
  decidedAt: null,
  remark: '',
  createdAt: '2026-03-03T03:00:00.000Z',
  ...overrides,
});

let calls: RecordedCall[];
const posts = (url: string) => calls.filter((c) => c.method?.toUpperCase() === 'POST' && c.url === url);
const signedInAs = (userId: string, permissions: string[]) => useSessionStore.setState({ permissions, user: { ...(useSessionStore.getState().user ?? {}), userId } as never });

beforeAll(() => {
  quietComputedStyle();
  calls = installFakeApi({
    'GET /api/system/Payment': () =>
      ok({
        list: [payment(), payment({ id: 'p-2', channel: 'cash', amount: 600, refunded: 600, operatorName: null }), payment({ id: 'p-3', amount: 900, status: 'voided', remark: '对账作废' })],
        pagination: { currentPage: 1, pageSize: 10, total: 3 },
      }),
    'POST /api/system/Refund': (call) => ((bodyOf(call) as { amount: number }).amount > 1750 ? failure(400, '退款金额不能超过可退金额') : ok(refund())),
    'GET /api/system/Refund': () =>
      ok({
        list: [refund(), refund({ id: 'f-2', requestedBy: 'u-1', requestedByName: '我自己' }), refund({ id: 'f-3', status: 'approved', decidedByName: '主管丙' })],
        pagination: { currentPage: 1, pageSize: 10, total: 3 },
      }),
    'POST /api/system/Refund/f-1/Actions/Reject': ok(refund({ status: 'rejected' })),
    'POST /api/system/Refund/f-1/Actions/Approve': ok(refund({ status: 'approved' })),
  });
});
afterEach(() => useSessionStore.setState({ permissions: [] }));

describe('支付记录', () => {
  it('lists payments in yuan with channel and who took the money; 退款 only for holders of the 退款 page', { timeout: 60_000 }, async () => {
    signedInAs('u-1', ['paymentRecord']);
    renderAt('/OrderManagement/paymentRecord', '/OrderManagement/paymentRecord', <PaymentRecordPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const [first, second] = bodyRows().map((row) => within(row as HTMLElement));
    expect(first!.getByText('微信')).toBeTruthy();
    expect(first!.getByText('17.50')).toBeTruthy();
    expect(first!.getByText('收费员甲')).toBeTruthy();
    expect(first!.getByText('2026-03-03 10:41:00')).toBeTruthy();
    expect(second!.getByText('现金')).toBeTruthy();
    expect(first!.getByText('成功')).toBeTruthy();
    expect(within(bodyRows()[2] as HTMLElement).getByText('已作废')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /退\s*款/ })).toBeNull();
  });

  it('shows a voided payment as 已作废 with 退款 disabled and why, and filters the list by status', { timeout: 60_000 }, async () => {
    signedInAs('u-1', ['paymentRecord', 'refund']);
    renderAt('/OrderManagement/paymentRecord', '/OrderManagement/paymentRecord', <PaymentRecordPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const voided = within(bodyRows()[2] as HTMLElement);
    expect(voided.getByText('已作废')).toBeTruthy();
    const refundButton = voided.getByRole<HTMLButtonElement>('button', { name: /退\s*款/ });
    expect(refundButton.disabled).toBe(true);
    await user.hover(refundButton.parentElement!);
    expect(await screen.findByText('该笔支付已作废')).toBeTruthy();
    expect(within(bodyRows()[0] as HTMLElement).getByRole<HTMLButtonElement>('button', { name: /退\s*款/ }).disabled).toBe(false);

    await user.click(screen.getByLabelText('状态'));
    await user.click(await screen.findByTitle('已作废'));
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/system/Payment').at(-1)?.params).toMatchObject({ status: 'voided' }));
  });

  it('asks for a refund in yuan, sent as fen with the reason, and refuses more than was paid before sending', { timeout: 60_000 }, async () => {
    signedInAs('u-1', ['paymentRecord', 'refund']);
    renderAt('/OrderManagement/paymentRecord', '/OrderManagement/paymentRecord', <PaymentRecordPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const [first, second] = bodyRows().map((row) => within(row as HTMLElement));
    // a payment refunded in full has nothing left to give back
    expect((second!.getByRole('button', { name: /退\s*款/ }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(first!.getByRole('button', { name: /退\s*款/ }));
    const amount = await screen.findByLabelText('退款金额（元）');
    fireEvent.change(amount, { target: { value: '20' } });
    await user.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('退款金额不能超过可退金额 17.50 元')).toBeTruthy();
    expect(await screen.findByText('请填写退款原因')).toBeTruthy();
    expect(posts('/api/system/Refund')).toHaveLength(0);
    // a third decimal is an error under the field, not a rounded refund
    fireEvent.change(amount, { target: { value: '5.555' } });
    expect(await screen.findByText('退款金额最多两位小数')).toBeTruthy();
    expect((amount as HTMLInputElement).value).toBe('5.555');
    fireEvent.change(amount, { target: { value: '5.5' } });
    fireEvent.change(screen.getByLabelText('退款原因'), { target: { value: '重复扣费' } });
    await user.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('退款申请已提交，待他人审核')).toBeTruthy();
    expect(bodyOf(posts('/api/system/Refund').at(-1))).toEqual({ paymentId: 'p-1', amount: 550, reason: '重复扣费' });
  });
});

describe('退款', () => {
  it("shows who asked and who decided; 同意/驳回 only on waiting refunds, and never on one's own", { timeout: 60_000 }, async () => {
    signedInAs('u-1', ['refund']);
    renderAt('/FinancialManagement/refund', '/FinancialManagement/refund', <RefundPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const [other, own, done] = bodyRows().map((row) => within(row as HTMLElement));
    expect(other!.getByText('财务乙')).toBeTruthy();
    expect(other!.getByText('待审核')).toBeTruthy();
    expect((other!.getByRole('button', { name: /同\s*意/ }) as HTMLButtonElement).disabled).toBe(false);
    expect((own!.getByRole('button', { name: /同\s*意/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(done!.getByText('已退款')).toBeTruthy();
    expect(done!.getByText('主管丙')).toBeTruthy();
    expect(done!.queryByRole('button', { name: /同\s*意/ })).toBeNull();
    // finance staff without the orders pages get no 订单 link, which would end on 401
    expect(screen.queryAllByRole('button', { name: /订\s*单/ })).toHaveLength(0);
  });

  it('offers 订单 of each refund to those who may open records', { timeout: 60_000 }, async () => {
    signedInAs('u-1', ['refund', 'ParkingRecordOrder']);
    renderAt('/FinancialManagement/refund', '/FinancialManagement/refund', <RefundPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(screen.getAllByRole('button', { name: /订\s*单/ })).toHaveLength(3);
  });

  it('a rejection must say why, and is sent with the remark', { timeout: 60_000 }, async () => {
    signedInAs('u-1', ['refund']);
    renderAt('/FinancialManagement/refund', '/FinancialManagement/refund', <RefundPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    await user.click(within(bodyRows()[0] as HTMLElement).getByRole('button', { name: /驳\s*回/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    expect(await screen.findByText('驳回时请填写审核意见')).toBeTruthy();
    expect(posts('/api/system/Refund/f-1/Actions/Reject')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('审核意见'), { target: { value: '未重复扣费' } });
    await user.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    expect(await screen.findByText('已驳回退款')).toBeTruthy();
    expect(bodyOf(posts('/api/system/Refund/f-1/Actions/Reject').at(-1))).toEqual({ remark: '未重复扣费' });
  });
});

describe("支付记录 on a record's detail page", () => {
  it("lists the record's payments, asking the API for that record only; a driver's own payment reads 车主自助", { timeout: 60_000 }, async () => {
    signedInAs('u-1', ['paymentRecord']);
    renderAt('/OrderManagement/parkingRecordOrderInfo/r-1', '/OrderManagement/parkingRecordOrderInfo/:id', <RecordPayments recordId="r-1" />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(calls.filter((c) => c.url === '/api/system/Payment').at(-1)?.params).toMatchObject({ recordId: 'r-1' });
    expect(within(bodyRows()[1] as HTMLElement).getByText('车主自助')).toBeTruthy();
    expect(within(bodyRows()[2] as HTMLElement).getByText('已作废')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /退\s*款/ })).toBeNull();
  });

  it('keeps 退款 of a voided payment disabled, saying 该笔支付已作废', { timeout: 60_000 }, async () => {
    signedInAs('u-1', ['paymentRecord', 'refund']);
    renderAt('/OrderManagement/parkingRecordOrderInfo/r-1', '/OrderManagement/parkingRecordOrderInfo/:id', <RecordPayments recordId="r-1" />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const buttons = bodyRows().map((row) => within(row as HTMLElement).getByRole<HTMLButtonElement>('button', { name: /退\s*款/ }));
    expect(buttons.map((b) => b.disabled)).toEqual([false, true, true]);
    await user.hover(buttons[2]!.parentElement!);
    expect(await screen.findByText('该笔支付已作废')).toBeTruthy();
  });

  it('is not shown to a user without the 支付记录 page, and asks nothing', async () => {
    signedInAs('u-1', ['ParkingRecordOrder']);
    const before = calls.length;
    renderAt('/OrderManagement/parkingRecordOrderInfo/r-1', '/OrderManagement/parkingRecordOrderInfo/:id', <RecordPayments recordId="r-1" />);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText('支付记录')).toBeNull();
    expect(calls.slice(before).filter((c) => c.url === '/api/system/Payment')).toHaveLength(0);
  });
});
