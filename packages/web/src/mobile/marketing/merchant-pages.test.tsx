import type { MerchantCoupon, MerchantCouponOption, MerchantProfile, MerchantReport } from '@parking/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/app-providers';
import { createQueryClient } from '../../app/query-client';
import { ownerToken } from '../../modules/customers';
import { bodyOf, failure, quietComputedStyle } from '../../modules/system/pages/system-page-test-kit';
import { installFakeApi, ok, type FakeRoutes, type RecordedCall } from '../../test/fake-api';
import { merchantToken } from './merchant-api';
import { MerchantHomePage } from './merchant-home-page';
import { MerchantReportPage } from './merchant-report-page';
import { MerchantSignInPage } from './merchant-sign-in-page';

const hoursId = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const freeId = '7a2d3b4c-5e6f-4a70-9b8c-0d1e2f3a4b5c';
const option = (overrides: Partial<MerchantCouponOption> = {}): MerchantCouponOption => ({
  id: hoursId,
  name: '停车2小时券',
  kind: 'minutes',
  benefitText: '减2小时',
  price: 500,
  validHours: 24,
  beforeEntry: false,
  ...overrides,
});
const profile = (overrides: Partial<MerchantProfile> = {}): MerchantProfile => ({
  name: '万象天地超市',
  account: 'wanxiang',
  settlement: 'prepaid',
  balance: 12050,
  overdraftLimit: 5000,
  lotNames: ['万象天地停车场'],
  issuedToday: 3,
  dailyCouponLimit: 50,
  issuedThisMonth: 41,
  monthlyCouponLimit: null,
  amountThisMonth: 20500,
  monthlyAmountLimit: 100000,
  options: [option(), option({ id: freeId, name: '全天免费券', kind: 'free', benefitText: '免费', price: 1000, beforeEntry: true })],
  ...overrides,
});
const coupon = (overrides: Partial<MerchantCoupon> = {}): MerchantCoupon => ({
  id: '8b3e4c5d-6f70-4b81-8c9d-1e2f3a4b5c6d',
  couponNo: 'YH202603100001',
  templateName: '停车2小时券',
  kind: 'minutes',
  minutes: 120,
  amountOff: null,
  discountPercent: null,
  maxOff: null,
  periodStart: null,
  periodEnd: null,
  plateNumber: '粤B88888',
  plateColour: 0,
  price: 500,
  state: 'unused',
  issuedAt: '2026-03-10T02:00:00.000Z',
  expiresAt: '2026-03-11T02:00:00.000Z',
  usedAt: null,
  discount: 0,
  revokeReason: '',
  remark: '',
  ...overrides,
});
const page = (list: MerchantCoupon[]) => ok({ list, pagination: { currentPage: 1, pageSize: 10, total: list.length } });

const show = (path: string, routes: FakeRoutes) => {
  const calls = installFakeApi(routes);
  const router = createMemoryRouter(
    [
      { path: '/merchant/login', element: <MerchantSignInPage /> },
      { path: '/merchant', element: <MerchantHomePage /> },
      // 2026-03-10 10:00 in Shanghai: the report's month when the address names none
      { path: '/merchant/report', element: <MerchantReportPage now={Date.parse('2026-03-10T02:00:00Z')} /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { calls, router };
};
// found by text, not role: a role query weighs every element's style, slow under jsdom with antd's styles
const press = (name: string, container: HTMLElement = document.body) =>
  fireEvent.click(
    within(container)
      .getAllByText(name)
      .map((e) => e.closest('button'))
      .find(Boolean)!,
  );
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const valueOf = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;
const pick = (name: string) => fireEvent.click([...document.querySelectorAll('.merchant-option')].find((e) => e.textContent?.includes(name))!.querySelector('input')!);
const posts = (calls: RecordedCall[], url: string) => calls.filter((c) => c.method === 'POST' && c.url === url);

beforeAll(quietComputedStyle);
beforeEach(() => window.localStorage.clear());

describe('商户登录', () => {
  it('checks the account and password, sends the MD5 of the password and keeps the merchant token apart', async () => {
    ownerToken.set('owner-token');
    const { calls, router } = show('/merchant/login', {
      'POST /api/open/merchant/sign-in': ok({ token: 'merchant-token', expiresIn: 86_400, merchantName: '万象天地超市' }),
      'GET /api/open/merchant/me': ok(profile()),
      'GET /api/open/merchant/coupons': page([]),
    });
    press('登录');
    expect(await screen.findByText('请输入登录账号')).toBeTruthy();
    type('账号', 'wx');
    press('登录');
    expect(await screen.findByText('登录账号至少3位')).toBeTruthy();
    type('账号', ' wanxiang ');
    press('登录');
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(calls).toHaveLength(0);
    type('密码', 'abc123');
    press('登录');
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchant'));
    expect(bodyOf(calls[0])).toEqual({ account: 'wanxiang', password: 'e99a18c428cb38d5f260853678922e03' });
    expect(merchantToken.get()).toBe('merchant-token');
    expect(ownerToken.get()).toBe('owner-token');
    expect(await screen.findByText('万象天地超市')).toBeTruthy();
    const me = calls.find((c) => c.url === '/api/open/merchant/me')!;
    expect(me.headers['x-merchant-token']).toBe('merchant-token');
    expect(me.headers['x-owner-token']).toBeUndefined();
  });

  it('says in Chinese why a sign-in is refused', async () => {
    show('/merchant/login', { 'POST /api/open/merchant/sign-in': failure(429, '密码错误次数过多，请15分钟后再试') });
    type('账号', 'wanxiang');
    type('密码', 'wrong1');
    press('登录');
    expect(await screen.findByText('密码错误次数过多，请15分钟后再试')).toBeTruthy();
    expect(merchantToken.get()).toBeNull();
  });
});

describe('商户发券', () => {
  it('sends a signed-out phone to 商户登录', async () => {
    const { router } = show('/merchant', {});
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchant/login'));
  });

  it('goes back to 商户登录 with the reason when the session has ended', async () => {
    merchantToken.set('merchant-token');
    const { router } = show('/merchant', { 'GET /api/open/merchant/me': failure(401, '该商户已停用，请联系停车场运营方') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchant/login'));
    expect(await screen.findByText('该商户已停用，请联系停车场运营方')).toBeTruthy();
    expect(merchantToken.get()).toBeNull();
  });

  it('shows an overdrawn balance in red with the overdraft, and the counts against their limits', async () => {
    merchantToken.set('merchant-token');
    show('/merchant', { 'GET /api/open/merchant/me': ok(profile({ balance: -2000 })), 'GET /api/open/merchant/coupons': page([]) });
    const balance = await screen.findByTestId('merchant-balance');
    expect(balance.textContent).toBe('-¥20.00');
    expect(balance.className).toContain('merchant-balance__amount--owed');
    expect(screen.getByText('可透支 ¥50.00')).toBeTruthy();
    expect(screen.getByTestId('merchant-today').textContent).toBe('3 / 上限 50');
    expect(screen.getByTestId('merchant-month').textContent).toBe('41 / 不限');
    expect(screen.getByTestId('merchant-month-amount').textContent).toBe('¥205.00 / 上限 ¥1000.00');
    expect(screen.getByText('适用停车场：万象天地停车场')).toBeTruthy();
    expect(await screen.findByText('还没有发放优惠券')).toBeTruthy();
  });

  it('shows a 后付 merchant without a balance', async () => {
    merchantToken.set('merchant-token');
    show('/merchant', {
      'GET /api/open/merchant/me': ok(profile({ settlement: 'postpaid', balance: 0, overdraftLimit: 0, dailyCouponLimit: null })),
      'GET /api/open/merchant/coupons': page([]),
    });
    expect(await screen.findByText('已使用的券按月结算')).toBeTruthy();
    expect(screen.queryByTestId('merchant-balance')).toBeNull();
    expect(screen.getByTestId('merchant-today').textContent).toBe('3 / 不限');
  });

  it('issues a coupon to a checked plate, says so, clears the plate and puts the coupon on top', { timeout: 30_000 }, async () => {
    merchantToken.set('merchant-token');
    let me = profile();
    let coupons = [coupon()];
    const { calls } = show('/merchant', {
      'GET /api/open/merchant/me': () => ok(me),
      'GET /api/open/merchant/coupons': () => page(coupons),
      'POST /api/open/merchant/coupons': () => {
        const issued = coupon({ id: '9c4f5d6e-7081-4c92-9dae-2f3a4b5c6d7e', couponNo: 'YH202603100002', plateNumber: '粤B12345', plateColour: 3 });
        coupons = [issued, ...coupons];
        me = profile({ balance: 11550, issuedToday: 4 });
        return ok(issued);
      },
    });
    expect(await screen.findByText('须车辆在场')).toBeTruthy();
    expect(screen.getByText('减2小时 · 结算价 ¥5.00 · 有效24小时')).toBeTruthy();
    expect(await screen.findByText('粤B88888')).toBeTruthy();
    press('发券');
    expect(await screen.findByText('请选择优惠券')).toBeTruthy();
    pick('停车2小时券');
    type('车牌号', '粤b1234');
    press('发券');
    expect(await screen.findByText('请输入正确的车牌号，如 粤B12345')).toBeTruthy();
    expect(posts(calls, '/api/open/merchant/coupons')).toHaveLength(0);
    type('车牌号', '粤b12345');
    expect(valueOf('车牌号')).toBe('粤B12345');
    fireEvent.click(screen.getByText('绿'));
    type('备注', ' 房号1203 ');
    press('发券');
    expect(await screen.findByText('发券成功：已向「粤B12345」发放「停车2小时券」')).toBeTruthy();
    const sent = posts(calls, '/api/open/merchant/coupons')[0]!;
    expect(bodyOf(sent)).toEqual({ templateId: hoursId, plateNumber: '粤B12345', plateColour: 3, remark: '房号1203' });
    expect(sent.headers['x-merchant-token']).toBe('merchant-token');
    expect(valueOf('车牌号')).toBe('');
    await waitFor(() => expect(screen.getByTestId('merchant-balance').textContent).toBe('¥115.50'));
    expect(screen.getByTestId('merchant-today').textContent).toBe('4 / 上限 50');
    await waitFor(() => expect(screen.getAllByTestId('merchant-coupon')).toHaveLength(2));
    expect(screen.getAllByTestId('merchant-coupon')[0]!.textContent).toContain('粤B12345绿色');
  });

  it('fills the form from a scanned 商户优惠码 and issues to that car', { timeout: 30_000 }, async () => {
    merchantToken.set('merchant-token');
    const { calls } = show('/merchant?stay=stay.token', {
      'GET /api/open/merchant/me': ok(profile({ options: [option()] })),
      'GET /api/open/merchant/coupons': page([]),
      'GET /api/open/merchant/stay': ok({ plateNumber: '粤B12345', plateColour: 3, lotName: '万象天地停车场', enteredAt: '2026-03-10T02:05:00.000Z' }),
      'POST /api/open/merchant/coupons': ok(coupon({ plateNumber: '粤B12345', plateColour: 3 })),
    });
    expect((await screen.findByTestId('merchant-scanned')).textContent).toContain('已扫码：粤B12345 · 万象天地停车场 · 入场 10:05');
    const asked = calls.find((c) => c.url === '/api/open/merchant/stay')!;
    expect(asked.params).toEqual({ stay: 'stay.token' });
    expect(asked.headers['x-merchant-token']).toBe('merchant-token');
    expect(valueOf('车牌号')).toBe('粤B12345');
    press('发券');
    await screen.findByTestId('merchant-issued');
    expect(bodyOf(posts(calls, '/api/open/merchant/coupons')[0])).toEqual({ templateId: hoursId, plateNumber: '粤B12345', plateColour: 3, remark: '' });
    expect(screen.queryByTestId('merchant-scanned')).toBeNull();
  });

  it('says why a scanned code is refused and leaves the form for typing', async () => {
    merchantToken.set('merchant-token');
    show('/merchant?stay=old.token', {
      'GET /api/open/merchant/me': ok(profile({ options: [option()] })),
      'GET /api/open/merchant/coupons': page([]),
      'GET /api/open/merchant/stay': failure(400, '二维码已过期，请让车主刷新页面后重新出示'),
    });
    expect((await screen.findByTestId('merchant-scan-refused')).textContent).toContain('二维码已过期，请让车主刷新页面后重新出示');
    expect(valueOf('车牌号')).toBe('');
    expect(screen.queryByTestId('merchant-scanned')).toBeNull();
  });

  it('keeps a scanned code across 商户登录', async () => {
    const { router } = show('/merchant?stay=stay.token', {
      'POST /api/open/merchant/sign-in': ok({ token: 'merchant-token', expiresIn: 86_400, merchantName: '万象天地超市' }),
      'GET /api/open/merchant/me': ok(profile({ options: [option()] })),
      'GET /api/open/merchant/coupons': page([]),
      'GET /api/open/merchant/stay': ok({ plateNumber: '粤B12345', plateColour: 0, lotName: '万象天地停车场', enteredAt: null }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchant/login'));
    expect(router.state.location.search).toBe('?stay=stay.token');
    type('账号', 'wanxiang');
    type('密码', 'abc123');
    press('登录');
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchant'));
    expect(router.state.location.search).toBe('?stay=stay.token');
    expect((await screen.findByTestId('merchant-scanned')).textContent).toContain('已扫码：粤B12345 · 万象天地停车场');
  });

  it('shows the server refusal under the form and keeps what was typed', async () => {
    merchantToken.set('merchant-token');
    show('/merchant', {
      'GET /api/open/merchant/me': ok(profile({ options: [option()] })),
      'GET /api/open/merchant/coupons': page([]),
      'POST /api/open/merchant/coupons': failure(409, '车辆「粤B12345」不在本商户适用的停车场内，该券须车辆在场时发放'),
    });
    await screen.findByText('停车2小时券');
    type('车牌号', '粤B12345');
    type('备注', '房号1203');
    press('发券');
    expect(await screen.findByText('车辆「粤B12345」不在本商户适用的停车场内，该券须车辆在场时发放')).toBeTruthy();
    expect(valueOf('车牌号')).toBe('粤B12345');
    expect(valueOf('备注')).toBe('房号1203');
  });

  it('goes back to 商户登录 when 发券 is refused for the session', async () => {
    merchantToken.set('merchant-token');
    const { router } = show('/merchant', {
      'GET /api/open/merchant/me': ok(profile({ options: [option()] })),
      'GET /api/open/merchant/coupons': page([]),
      'POST /api/open/merchant/coupons': failure(401, '登录已过期，请重新登录'),
    });
    await screen.findByText('停车2小时券');
    type('车牌号', '粤B12345');
    press('发券');
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchant/login'));
    expect(await screen.findByText('登录已过期，请重新登录')).toBeTruthy();
  });

  it('lists the coupons with their states, filters them, and 作废 asks for a reason', { timeout: 30_000 }, async () => {
    merchantToken.set('merchant-token');
    let coupons = [
      coupon(),
      coupon({ id: 'a1', couponNo: 'YH2', plateNumber: '粤B66666', state: 'used', usedAt: '2026-03-10T05:00:00.000Z', discount: 800, remark: '房号1203' }),
      coupon({ id: 'a2', couponNo: 'YH3', plateNumber: '粤B77777', state: 'revoked', revokeReason: '顾客退货' }),
    ];
    const { calls } = show('/merchant', {
      'GET /api/open/merchant/me': ok(profile()),
      'GET /api/open/merchant/coupons': () => page(coupons),
      [`POST /api/open/merchant/coupons/${coupon().id}/revoke`]: () => {
        coupons = coupons.map((c) => (c.id === coupon().id ? { ...c, state: 'revoked' as const, revokeReason: '顾客取消消费' } : c));
        return { status: 200, body: { code: 200, msg: '作废成功', data: coupons[0] } };
      },
    });
    expect(await screen.findByText('粤B88888')).toBeTruthy();
    expect(screen.getAllByText('2026-03-10 10:00:00').length).toBeGreaterThan(0);
    expect(screen.getByText('¥8.00')).toBeTruthy();
    expect(screen.getByText('顾客退货')).toBeTruthy();
    // 备注 shows only on the coupon that has one
    const withRemark = screen.getAllByTestId('merchant-coupon').find((c) => c.textContent?.includes('粤B66666'))!;
    expect(within(withRemark).getByText('备注').nextElementSibling?.textContent).toBe('房号1203');
    expect(screen.getAllByText('备注')).toHaveLength(1);
    expect(screen.getAllByText('作废')).toHaveLength(1);

    type('搜索车牌号', '粤b66666');
    fireEvent.keyDown(screen.getByLabelText('搜索车牌号'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.at(-1)!.params).toEqual({ currentPage: 1, pageSize: 10, plateNumber: '粤B66666' }));

    fireEvent.click(screen.getByLabelText('作废「粤B88888」的「停车2小时券」'));
    const dialog = (await screen.findByText('作废「粤B88888」的优惠券')).closest<HTMLElement>('.ant-modal')!;
    expect(within(dialog).getByText(/结算价 ¥5\.00 将退回商户余额/)).toBeTruthy();
    press('作废', dialog);
    expect(await within(dialog).findByText('请填写作废原因')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/revoke'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('作废原因'), { target: { value: '顾客取消消费' } });
    press('作废', dialog);
    expect(await screen.findByText('作废成功')).toBeTruthy();
    const revoked = calls.find((c) => c.url.endsWith('/revoke'))!;
    expect(bodyOf(revoked)).toEqual({ reason: '顾客取消消费' });
    expect(revoked.headers['x-merchant-token']).toBe('merchant-token');
  });
});

const report = (overrides: Partial<MerchantReport> = {}): MerchantReport => ({
  month: '2026-03',
  settlement: 'postpaid',
  days: [
    { day: '2026-03-09', issued: 3, issuedAmount: 1500, used: 0, discount: 0 },
    { day: '2026-03-10', issued: 1, issuedAmount: 500, used: 2, discount: 1250 },
  ],
  total: { issued: 4, issuedAmount: 2000, used: 2, discount: 1250 },
  billAmount: 1000,
  ...overrides,
});
const rowTexts = (table: HTMLElement) => [...table.querySelectorAll('tr')].map((tr) => [...tr.children].map((cell) => cell.textContent));

describe('发券报表', () => {
  it("shows a 后付 merchant's month per day with totals and its bill, and another month at a tap", async () => {
    merchantToken.set('merchant-token');
    const { calls, router } = show('/merchant/report', {
      'GET /api/open/merchant/report': (call) => {
        const { month } = call.params as { month: string };
        return ok(month === '2026-03' ? report() : report({ month, days: [], total: { issued: 0, issuedAmount: 0, used: 0, discount: 0 }, billAmount: 0 }));
      },
    });
    const table = await screen.findByTestId('merchant-report-table');
    expect(rowTexts(table)).toEqual([
      ['日期', '发券', '发券金额', '使用', '抵扣'],
      ['03-09', '3', '15.00', '0', '0.00'],
      ['03-10', '1', '5.00', '2', '12.50'],
      ['合计', '4', '20.00', '2', '12.50'],
    ]);
    expect(screen.getByTestId('merchant-report-bill').textContent).toBe('¥10.00');
    expect(calls[0]!.params).toEqual({ month: '2026-03' });
    expect(calls[0]!.headers['x-merchant-token']).toBe('merchant-token');

    press('‹');
    expect(await screen.findByText('本月没有发券或用券')).toBeTruthy();
    expect(calls.at(-1)!.params).toEqual({ month: '2026-02' });
    expect(router.state.location.search).toBe('?month=2026-02');
    expect(screen.getByTestId('merchant-report-bill').textContent).toBe('¥0.00');
  });

  it('tells a 预付 merchant it paid at issue, for the month the address names', async () => {
    merchantToken.set('merchant-token');
    show('/merchant/report?month=2025-12', { 'GET /api/open/merchant/report': ok(report({ month: '2025-12', settlement: 'prepaid', billAmount: null })) });
    expect(await screen.findByText('预付商户：发券时已从余额扣除结算价，作废的券已退回')).toBeTruthy();
    expect(screen.queryByTestId('merchant-report-bill')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('月份').value).toBe('2025-12');
  });

  it('goes back to 商户登录 when the session has ended', async () => {
    merchantToken.set('old-token');
    const { router } = show('/merchant/report', { 'GET /api/open/merchant/report': failure(401, '登录已过期，请重新登录') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchant/login'));
  });

  it('links 发券 and 报表 to each other', async () => {
    merchantToken.set('merchant-token');
    const { router } = show('/merchant', { 'GET /api/open/merchant/me': ok(profile()), 'GET /api/open/merchant/coupons': page([]), 'GET /api/open/merchant/report': ok(report()) });
    await screen.findByText('万象天地超市');
    fireEvent.click(screen.getByText('报表'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchant/report'));
    expect(await screen.findByTestId('merchant-report-table')).toBeTruthy();
  });
});
