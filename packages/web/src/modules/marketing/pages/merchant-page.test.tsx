import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeApi, ok, type RecordedCall } from '../../../test/fake-api';
import { bodyOf, quietComputedStyle, renderAt, saved, user } from '../../system/pages/system-page-test-kit';
import { lotId, merchant, merchantId, merchantLedgerEntry } from '../marketing-fixtures';
import { MerchantPage } from './merchant-page';

const merchants = [
  merchant(),
  merchant({ id: 'm-2', name: '星河酒店', kind: 'hotel', balance: -2000, issuedToday: 0, issuedThisMonth: 7, amountThisMonth: 3500 }),
  merchant({ id: 'm-3', name: '海岸城商场', kind: 'mall', settlement: 'postpaid', balance: 0, overdraftLimit: 0 }),
];
const fakeServer = () =>
  installFakeApi({
    'GET /api/system/Merchant': () => ok({ list: merchants, pagination: { currentPage: 1, pageSize: 10, total: 3 } }),
    'GET /api/system/Parking/list': ok({ list: [{ id: lotId, name: '万象天地停车场', kind: 'lane' }], pagination: { currentPage: 1, pageSize: 1000, total: 1 } }),
    [`POST /api/system/Merchant/${merchantId}/Ledger`]: saved('充值成功', merchantLedgerEntry({ amount: 10050 })),
    'GET /api/system/MerchantLedger': ok({
      list: [merchantLedgerEntry(), merchantLedgerEntry({ id: 'ml-2', kind: 'deduction', amount: -500, balanceBefore: 12050, balanceAfter: 11550, couponNo: 'YH202603020001' })],
      pagination: { currentPage: 1, pageSize: 10, total: 2 },
    }),
  });
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const callsTo = (calls: RecordedCall[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);
// found by text, not role: a role query weighs every element's style, slow under jsdom with antd's styles
const buttonIn = (container: HTMLElement, name: RegExp) =>
  within(container)
    .getAllByText(name)
    .map((e) => e.closest('button'))
    .find(Boolean)!;
const at = '/ParkingOperations/merchant';

beforeAll(quietComputedStyle);

describe('商户 page', { timeout: 60_000 }, () => {
  it('shows balances in yuan, red below zero, and none for a 后付 merchant', async () => {
    fakeServer();
    renderAt(at, at, <MerchantPage />);
    const first = within(await rowOf('万象天地超市'));
    expect(first.getByText('120.50')).toBeTruthy();
    expect(first.getByText('3 / 41')).toBeTruthy();
    expect(first.getByText('205.00')).toBeTruthy();
    expect(first.getByText('预付')).toBeTruthy();
    const overdrawn = within(await rowOf('星河酒店')).getByText('-20.00');
    expect(overdrawn.closest('.ant-typography-danger')).toBeTruthy();
    const postpaid = within(await rowOf('海岸城商场'));
    expect(postpaid.getByText('后付')).toBeTruthy();
    expect(postpaid.getAllByText('—')).toHaveLength(2);
    expect(postpaid.queryByRole('button', { name: '充值/调整' })).toBeNull();
  });

  it('新增 refuses a bad phone, and an overdraft for a 后付 merchant, under their fields', async () => {
    const calls = fakeServer();
    renderAt(at, at, <MerchantPage />);
    await rowOf('万象天地超市');
    await user.click(buttonIn(document.querySelector<HTMLElement>('.resource-toolbar')!, /^新\s*增$/));
    const dialog = (await screen.findByText('新增商户')).closest<HTMLElement>('.ant-modal')!;
    fireEvent.change(within(dialog).getByLabelText('联系电话'), { target: { value: '12345' } });
    fireEvent.change(within(dialog).getByLabelText('透支额度'), { target: { value: '100' } });
    await user.click(within(dialog).getByLabelText('后付'));
    await user.click(buttonIn(dialog, /^保\s*存$/));
    const errors = () => [...dialog.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
    await waitFor(() => expect(errors()).toEqual(['请输入商户名称', '请输入正确的电话号码', '请选择适用停车场', '后付商户没有余额，透支额度应为0', '请输入登录账号', '请输入登录密码']));
    // cleared, a 后付 merchant's overdraft is locked at none
    fireEvent.change(within(dialog).getByLabelText('透支额度'), { target: { value: '' } });
    expect(await within(dialog).findByPlaceholderText('不可透支')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/system/Merchant')).toHaveLength(0);
  });

  it('充值 shows the balance it leaves, sends fen and refreshes the list; 流水 opens that merchant’s ledger', async () => {
    const calls = fakeServer();
    renderAt(at, at, <MerchantPage />);
    await user.click(within(await rowOf('万象天地超市')).getByRole('button', { name: '充值/调整' }));
    const dialog = (await screen.findByText('充值/调整：万象天地超市')).closest<HTMLElement>('.ant-modal')!;
    fireEvent.change(within(dialog).getByLabelText('金额'), { target: { value: '100.5' } });
    expect(await within(dialog).findByText('221.00')).toBeTruthy();
    const listed = callsTo(calls, 'GET', '/api/system/Merchant').length;
    await user.click(buttonIn(dialog, /^确\s*定$/));
    await waitFor(() => expect(callsTo(calls, 'POST', `/api/system/Merchant/${merchantId}/Ledger`)).toHaveLength(1));
    expect(bodyOf(callsTo(calls, 'POST', `/api/system/Merchant/${merchantId}/Ledger`)[0])).toEqual({ kind: 'top_up', amount: 10050, remark: '' });
    expect(await screen.findByText('充值成功')).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/system/Merchant').length).toBeGreaterThan(listed));

    await user.click(within(await rowOf('万象天地超市')).getByRole('button', { name: '流水' }));
    const deduction = within(await rowOf('YH202603020001'));
    expect(deduction.getByText('发券扣款')).toBeTruthy();
    expect(deduction.getByText('-5.00')).toBeTruthy();
    expect(within(await rowOf('充值')).getByText('+100.00')).toBeTruthy();
    expect(callsTo(calls, 'GET', '/api/system/MerchantLedger').at(-1)?.params).toMatchObject({ merchantId });
  });
});
