import type { SpecialBill } from '@parking/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeApi, ok, type RecordedCall } from '../../../test/fake-api';
import { bodyOf, quietComputedStyle, renderAt, saved, user } from '../../system/pages/system-page-test-kit';
import { SpecialBillPage } from './special-bill-page';

const bill = (overrides: Partial<SpecialBill> = {}): SpecialBill => ({
  id: 'b-1',
  lotId: 'l-1',
  lotName: '万象天地停车场',
  plateNumber: '粤B12345',
  item: '车辆损坏赔偿',
  amount: 12050,
  remark: '撞坏道闸',
  status: 'unpaid',
  paidAmount: 0,
  paidAt: null,
  createdBy: 'admin',
  cancelledAt: null,
  createdAt: '2026-03-01T02:00:00.000Z',
  updatedAt: '2026-03-01T02:00:00.000Z',
  ...overrides,
});
const bills = [bill(), bill({ id: 'b-2', item: '过夜服务费', plateNumber: null, amount: 3000, status: 'paid', paidAmount: 3000, paidAt: '2026-03-01T03:00:00.000Z' })];
const fakeServer = () =>
  installFakeApi({
    'GET /api/system/SpecialBill': () => ok({ list: bills, pagination: { currentPage: 1, pageSize: 10, total: 2 } }),
    'GET /api/system/Parking/list': ok({
      list: [{ id: '0b6f1f36-8a55-4a43-9a43-6f1b2a6c9f01', name: '万象天地停车场', kind: 'lane' }],
      pagination: { currentPage: 1, pageSize: 1000, total: 1 },
    }),
    'GET /api/system/SpecialBill/b-1/QRCode': { status: 200, body: 'png' },
    'POST /api/system/SpecialBill/b-1/Actions/Cancel': saved('作废成功', bill({ status: 'cancelled' })),
    'POST /api/system/SpecialBill': saved('新增成功', bill()),
  });
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const callsTo = (calls: RecordedCall[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);
const at = '/OrderManagement/specialBill';

beforeAll(quietComputedStyle);

describe('特殊账单 page', { timeout: 60_000 }, () => {
  it('shows amounts in yuan and offers 二维码 and 作废 only on an unpaid bill', async () => {
    fakeServer();
    renderAt(at, at, <SpecialBillPage />);
    const unpaid = within(await rowOf('车辆损坏赔偿'));
    expect(unpaid.getByText('120.50')).toBeTruthy();
    expect(unpaid.getByText('待支付')).toBeTruthy();
    expect(unpaid.getByRole('button', { name: '二维码' })).toBeTruthy();
    expect(unpaid.getByRole('button', { name: '作废' })).toBeTruthy();
    const paid = within(await rowOf('过夜服务费'));
    expect(paid.getByText('已支付')).toBeTruthy();
    expect(paid.getAllByText('30.00')).toHaveLength(2);
    expect(paid.queryByRole('button', { name: '作废' })).toBeNull();
    expect(paid.queryByRole('button', { name: '二维码' })).toBeNull();
    await user.click(paid.getByRole('button', { name: '详情' }));
    const detail = (await screen.findByText('特殊账单详情')).closest<HTMLElement>('.ant-modal')!;
    // 金额 and 实付金额
    expect(within(detail).getAllByText('30.00 元')).toHaveLength(2);
    expect(within(detail).getByText('2026-03-01 11:00:00')).toBeTruthy();
    expect(within(detail).getByRole('button', { name: /打\s*印/ })).toBeTruthy();
  });

  it('二维码 asks the server for the PNG; 作废 asks first, then cancels', async () => {
    const calls = fakeServer();
    renderAt(at, at, <SpecialBillPage />);
    const row = within(await rowOf('车辆损坏赔偿'));
    await user.click(row.getByRole('button', { name: '二维码' }));
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/system/SpecialBill/b-1/QRCode')).toHaveLength(1));
    await user.click(row.getByRole('button', { name: '作废' }));
    expect(await screen.findByText('确定作废特殊账单「车辆损坏赔偿（粤B12345）」吗？')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/system/SpecialBill/b-1/Actions/Cancel')).toHaveLength(0);
    const confirm = screen.getByText('确定作废特殊账单「车辆损坏赔偿（粤B12345）」吗？').closest<HTMLElement>('.ant-popover')!;
    await user.click(within(confirm).getByRole('button', { name: /作\s*废/ }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/system/SpecialBill/b-1/Actions/Cancel')).toHaveLength(1));
  });

  it('新增 says what is missing and what is wrong, and sends fen', async () => {
    const calls = fakeServer();
    renderAt(at, at, <SpecialBillPage />);
    await rowOf('车辆损坏赔偿');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = (await screen.findByText('新增特殊账单')).closest<HTMLElement>('.ant-modal')!;
    const errors = () => [...dialog.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(errors()).toEqual(['请选择停车场', '请输入收费项目', '请输入金额']));
    fireEvent.change(within(dialog).getByLabelText('车牌号'), { target: { value: '粤b1' } });
    fireEvent.change(within(dialog).getByLabelText('金额'), { target: { value: '0' } });
    await waitFor(() => expect(errors()).toEqual(expect.arrayContaining(['请输入正确的车牌号，如 粤B12345', '金额必须大于0'])));
    // a third decimal is refused as typed, not cut to 120.50 behind the user's back
    fireEvent.change(within(dialog).getByLabelText('金额'), { target: { value: '120.505' } });
    await waitFor(() => expect(errors()).toContain('金额最多两位小数'));
    expect(within(dialog).getByLabelText<HTMLInputElement>('金额').value).toBe('120.505');
    expect(callsTo(calls, 'POST', '/api/system/SpecialBill')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('车牌号'), { target: { value: '粤b12345' } });
    fireEvent.change(within(dialog).getByLabelText('收费项目'), { target: { value: ' 过夜服务费 ' } });
    fireEvent.change(within(dialog).getByLabelText('金额'), { target: { value: '120.5' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('停车场'));
    // the table's lot cells carry the same title: the option is the one in the open dropdown
    const option = await waitFor(() => document.querySelector<HTMLElement>('.ant-select-dropdown [title="万象天地停车场"]') ?? Promise.reject(new Error('no option')));
    fireEvent.click(option);
    await waitFor(() => expect(errors()).toEqual([]));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/system/SpecialBill')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, 'POST', '/api/system/SpecialBill')[0])).toEqual({
      lotId: '0b6f1f36-8a55-4a43-9a43-6f1b2a6c9f01',
      plateNumber: '粤B12345',
      item: '过夜服务费',
      amount: 12050,
      remark: '',
    });
  });
});
