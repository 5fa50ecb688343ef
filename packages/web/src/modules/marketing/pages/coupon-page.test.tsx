import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../shared/session/session-store';
import { installFakeApi, ok, type RecordedCall } from '../../../test/fake-api';
import { bodyOf, failure, quietComputedStyle, renderAt, saved, user } from '../../system/pages/system-page-test-kit';
import { coupon, couponTemplate, merchant, merchantId, templateId } from '../marketing-fixtures';
import { CouponPage } from './coupon-page';

const coupons = [
  coupon(),
  coupon({
    id: 'cp-2',
    couponNo: 'YH202603020002',
    kind: 'percent',
    minutes: null,
    discountPercent: 80,
    maxOff: 1000,
    templateName: '八折券',
    plateNumber: '粤B67890',
    state: 'used',
    recordId: 'r-1',
    usedAt: '2026-03-02T05:00:00.000Z',
    discount: 600,
  }),
];
const coastId = '0b6f1f36-8a55-4a43-9a43-6f1b2a6c9f12';
const paged = (list: unknown[]) => ok({ list, pagination: { currentPage: 1, pageSize: 10, total: list.length } });
const fakeServer = () =>
  installFakeApi({
    'GET /api/system/Coupon': () => paged(coupons),
    'GET /api/system/Merchant/Selector': (call) => {
      const { keyword } = call.params as { keyword?: string };
      const all = [
        { id: merchantId, name: merchant().name, enabled: true, settlement: 'prepaid' },
        { id: coastId, name: '海岸城商场', enabled: false, settlement: 'postpaid' },
      ];
      return ok(all.filter((m) => !keyword || m.name.includes(keyword)));
    },
    'GET /api/system/CouponTemplate': paged([couponTemplate()]),
    'POST /api/system/Coupon/Actions/Issue': failure(409, '商户「万象天地超市」今日发券已达上限50张'),
    'POST /api/system/Coupon/cp-1/Actions/Revoke': saved('作废成功', coupon({ state: 'revoked' })),
    'POST /api/system/CouponTemplate': saved('新增成功', couponTemplate()),
    'GET /api/system/Coupon/Actions/DailyReport': paged([
      { day: '2026-03-01', merchantId, merchantName: '万象天地超市', issued: 12, issuedAmount: 6000, used: 9, discount: 5400 },
      { day: '2026-03-02', merchantId, merchantName: '万象天地超市', issued: 3, issuedAmount: 1500, used: 1, discount: 600 },
    ]),
    'GET /api/system/Coupon/Actions/MonthlyBill': paged([{ month: '2026-03', merchantId, merchantName: '海岸城商场', used: 40, amount: 20000, discount: 24000 }]),
  });
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const callsTo = (calls: RecordedCall[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);
const dialogTitled = async (title: string) => (await screen.findAllByRole('dialog')).find((d) => d.querySelector('.ant-modal-title')?.textContent === title)!;
// found by text and label, not role: a role query weighs every element's style, slow under jsdom with antd's styles
const buttonIn = (container: HTMLElement, name: RegExp) =>
  within(container)
    .getAllByText(name)
    .map((e) => e.closest('button'))
    .find(Boolean)!;
const pickOption = async (dialog: HTMLElement, label: string, option: string) => {
  fireEvent.mouseDown(within(dialog).getByLabelText(label));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options.find((o) => o.closest('.ant-select-dropdown'))!);
};
const at = '/ParkingOperations/coupon';
/** 2026-03-02 10:00 in Shanghai: the reports count back from it, whatever the machine's clock */
const now = Date.parse('2026-03-02T02:00:00.000Z');

beforeAll(quietComputedStyle);
afterEach(() => useSessionStore.setState({ permissions: [] }));

describe('优惠券 page', { timeout: 60_000 }, () => {
  it('已发券 lists each coupon with its benefit and state, links a used one to its stay, and offers 作废 only while it may be used', async () => {
    fakeServer();
    useSessionStore.setState({ permissions: ['ParkingRecordOrder'] });
    renderAt(at, at, <CouponPage now={now} />);
    const unused = within(await rowOf('YH202603020001'));
    expect(unused.getByText('减2小时')).toBeTruthy();
    expect(unused.getByText('未使用').closest('.ant-tag')).toBeTruthy();
    expect(unused.getByRole('button', { name: '作废' })).toBeTruthy();
    const used = within(await rowOf('YH202603020002'));
    expect(used.getByText('8折（最高减10.00元）')).toBeTruthy();
    expect(used.getByText('已使用')).toBeTruthy();
    expect(used.getByText('6.00')).toBeTruthy();
    expect(used.getByRole('link', { name: '查看' }).getAttribute('href')).toBe(`/OrderManagement/parkingRecordOrderInfo/r-1?restBack=${encodeURIComponent(at)}`);
    expect(used.queryByRole('button', { name: '作废' })).toBeNull();
    // to staff without the orders pages the stay is named, not linked: its detail would refuse them
    act(() => useSessionStore.setState({ permissions: [] }));
    await waitFor(() => expect(used.queryByRole('link', { name: '查看' })).toBeNull());
    expect(used.getByText('已关联')).toBeTruthy();
  });

  it('发券 sends the plate as every plate input takes it, and says a refusal in the dialog with the form kept', async () => {
    const calls = fakeServer();
    renderAt(at, at, <CouponPage now={now} />);
    await rowOf('YH202603020001');
    await user.click(buttonIn(document.querySelector<HTMLElement>('.resource-toolbar')!, /^发\s*券$/));
    const dialog = await dialogTitled('发券');
    await pickOption(dialog, '商户', '万象天地超市');
    await pickOption(dialog, '优惠券', '购物满100减2小时（减2小时，结算价5.00元）');
    fireEvent.change(within(dialog).getByLabelText('车牌号'), { target: { value: '粤b12345' } });
    await user.click(buttonIn(dialog, /^发\s*券$/));
    expect(await within(dialog).findByText('商户「万象天地超市」今日发券已达上限50张')).toBeTruthy();
    expect(bodyOf(callsTo(calls, 'POST', '/api/system/Coupon/Actions/Issue')[0])).toEqual({ merchantId, templateId, plateNumber: '粤B12345', plateColour: 0, remark: '' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('车牌号').value).toBe('粤B12345');
  });

  it('作废 asks for a reason before it is sent', async () => {
    const calls = fakeServer();
    renderAt(at, at, <CouponPage now={now} />);
    await user.click(within(await rowOf('YH202603020001')).getByRole('button', { name: '作废' }));
    const dialog = await dialogTitled('作废优惠券「YH202603020001」');
    await user.click(buttonIn(dialog, /^作\s*废$/));
    expect(await within(dialog).findByText('请填写作废原因')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/system/Coupon/cp-1/Actions/Revoke')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('作废原因'), { target: { value: ' 车主未到店消费 ' } });
    await user.click(buttonIn(dialog, /^作\s*废$/));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/system/Coupon/cp-1/Actions/Revoke')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, 'POST', '/api/system/Coupon/cp-1/Actions/Revoke')[0])).toEqual({ reason: '车主未到店消费' });
  });

  it('a 券种 keeps only the figures of the kind it ends up as', async () => {
    const calls = fakeServer();
    renderAt(`${at}?tab=templates`, at, <CouponPage now={now} />);
    await rowOf('购物满100减2小时');
    await user.click(buttonIn(document.querySelector<HTMLElement>('.resource-toolbar')!, /^新\s*增$/));
    const dialog = await dialogTitled('新增券种');
    fireEvent.change(within(dialog).getByLabelText('券名称'), { target: { value: '满50减5元' } });
    await user.click(within(dialog).getByLabelText('折扣券'));
    fireEvent.change(await within(dialog).findByLabelText('折扣（%）'), { target: { value: '80' } });
    fireEvent.change(within(dialog).getByLabelText('最高减免'), { target: { value: '10' } });
    await user.click(within(dialog).getByLabelText('金额券'));
    fireEvent.change(await within(dialog).findByLabelText('减免金额'), { target: { value: '5' } });
    expect(within(dialog).queryByLabelText('折扣（%）')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('结算价'), { target: { value: '1.5' } });
    await user.click(buttonIn(dialog, /^保\s*存$/));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/system/CouponTemplate')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, 'POST', '/api/system/CouponTemplate')[0])).toMatchObject({
      name: '满50减5元',
      kind: 'amount',
      minutes: null,
      amountOff: 500,
      discountPercent: null,
      maxOff: null,
      periodStart: null,
      periodEnd: null,
      price: 150,
      validHours: 24,
      stackable: false,
      stackLimit: 1,
      minDue: 0,
    });
  });

  it('报表 counts the last 7 days and this month from the clock it is given', async () => {
    const calls = fakeServer();
    renderAt(`${at}?tab=reports`, at, <CouponPage now={now} />);
    expect(within(await rowOf('2026-03-01')).getByText('54.00')).toBeTruthy();
    expect(within(await rowOf('海岸城商场')).getByText('200.00')).toBeTruthy();
    expect(callsTo(calls, 'GET', '/api/system/Coupon/Actions/DailyReport')[0]?.params).toMatchObject({ from: '2026-02-24', to: '2026-03-02' });
    expect(callsTo(calls, 'GET', '/api/system/Coupon/Actions/MonthlyBill')[0]?.params).toMatchObject({ month: '2026-03' });
  });

  it('已发券 filters by 券号, refusing one that is not a number beside its input, and finds the merchant by typing its name', async () => {
    const calls = fakeServer();
    renderAt(at, at, <CouponPage now={now} />);
    await rowOf('YH202603020001');
    const listCalls = () => callsTo(calls, 'GET', '/api/system/Coupon');
    const couponNo = screen.getByPlaceholderText('请输入完整券号');
    fireEvent.change(couponNo, { target: { value: 'YH12' } });
    fireEvent.click(screen.getByText(/查\s*询/));
    expect(await screen.findByText('券号只能是数字，如 00000012')).toBeTruthy();
    const before = listCalls().length;
    fireEvent.change(couponNo, { target: { value: '00000012' } });
    const search = document.querySelector<HTMLElement>('.resource-search')!;
    const merchantInput = search.querySelector<HTMLInputElement>('[id$="merchantId"]')!;
    fireEvent.mouseDown(merchantInput);
    fireEvent.change(merchantInput, { target: { value: '海岸' } });
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/system/Merchant/Selector').at(-1)?.params).toEqual({ keyword: '海岸' }));
    const stopped = await screen.findAllByTitle('海岸城商场（停用）');
    fireEvent.click(stopped.find((o) => o.closest('.ant-select-dropdown'))!);
    fireEvent.click(screen.getByText(/查\s*询/));
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
    expect(listCalls().at(-1)?.params).toMatchObject({ couponNo: '00000012', merchantId: coastId });
    expect(screen.queryByText('券号只能是数字，如 00000012')).toBeNull();
  });
});
