import type { DriverRecord } from '@parking/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app-providers';
import { createQueryClient } from '../../app/query-client';
import { installFakeApi, ok, type FakeRoutes } from '../../test/fake-api';
import { bodyOf, failure, quietComputedStyle } from '../../modules/system/pages/system-page-test-kit';
import { goToCashier } from '../../modules/payments';
import { RecordInfoPage, PdaPayPage } from './driver-record-page';
import { ScanExitPage } from './scan-exit-page';

const order = (overrides: Partial<DriverRecord> = {}): DriverRecord => ({
  lotName: '万象天地停车场',
  plateNumber: '粤B12345',
  enteredAt: '2026-03-01T01:00:00.000Z',
  until: '2026-03-02T03:05:09.000Z',
  exited: false,
  durationSeconds: 93_909,
  amountDue: 1250,
  discount: 200,
  paid: 0,
  unpaid: 1050,
  state: 'unpaid',
  graceMinutes: 15,
  leaveBefore: null,
  paying: false,
  onlinePay: true,
  ...overrides,
});

const show = (path: string, routes: FakeRoutes) => {
  const calls = installFakeApi(routes);
  const router = createMemoryRouter(
    [
      { path: '/scanQRcode', element: <ScanExitPage /> },
      { path: '/orderInfoByQRcode', element: <RecordInfoPage /> },
      { path: '/pdaScanQrcode', element: <PdaPayPage /> },
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
const press = (key: string) => fireEvent.click(screen.getByRole('button', { name: key }));

beforeAll(quietComputedStyle);
afterEach(() => vi.restoreAllMocks());

describe('扫码出场', () => {
  it('types a new-energy plate on the plate keyboard and opens the order it finds', { timeout: 60_000 }, async () => {
    const { calls, router } = show('/scanQRcode?t=lane-token', {
      'GET /api/open/payments/exit': ok({ lotName: '万象天地停车场', laneName: '南出口', recentPlate: null }),
      'POST /api/open/payments/records/find': ok({ recordToken: 'order-token' }),
      'GET /api/open/payments/records': ok(order()),
    });
    await screen.findByText('万象天地停车场');
    expect(screen.getByText('南出口 · 扫码缴费出场')).toBeTruthy();
    // the first key row is the provinces; the letters follow once one is chosen
    expect(screen.queryByRole('button', { name: 'A' })).toBeNull();
    press('粤');
    expect(screen.queryByRole('button', { name: '京' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /新能源/ }));
    for (const key of ['B', 'D', '1', '2', '3', '4']) press(key);
    press('查询订单');
    expect(await screen.findByText('请输入完整的8位新能源车牌号')).toBeTruthy();
    press('5');
    expect(screen.getByRole('button', { name: '车牌第8位' }).textContent).toBe('5');
    // a full plate takes no more keys
    expect((screen.getByRole('button', { name: '6' }) as HTMLButtonElement).disabled).toBe(true);
    press('查询订单');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orderInfoByQRcode'));
    expect(router.state.location.search).toBe('?o=order-token');
    expect(bodyOf(calls.find((c) => c.method === 'POST'))).toEqual({ t: 'lane-token', plateNumber: '粤BD12345' });
  });

  it('offers the plate the exit camera just read', { timeout: 60_000 }, async () => {
    const { calls } = show('/scanQRcode?t=lane-token', {
      'GET /api/open/payments/exit': ok({ lotName: '万象天地停车场', laneName: '南出口', recentPlate: '粤B8N888' }),
      'POST /api/open/payments/records/find': failure(404, '未找到车牌「粤B8N888」在本停车场的在场订单，请核对车牌号'),
    });
    await screen.findByText('粤B8N888');
    press('是我的车');
    expect(await screen.findByText('未找到车牌「粤B8N888」在本停车场的在场订单，请核对车牌号')).toBeTruthy();
    expect(bodyOf(calls.find((c) => c.method === 'POST'))).toEqual({ t: 'lane-token', plateNumber: '粤B8N888' });
  });

  it('says a tampered code is invalid and shows nothing of the lot', { timeout: 60_000 }, async () => {
    show('/scanQRcode?t=forged', { 'GET /api/open/payments/exit': failure(400, '二维码无效或已被篡改，请重新扫码') });
    expect(await screen.findByText('无法打开订单')).toBeTruthy();
    expect(screen.getByText('二维码无效或已被篡改，请重新扫码')).toBeTruthy();
    expect(screen.queryByText('请输入车牌号')).toBeNull();
  });
});

describe('订单详情', () => {
  it('shows the stay in 天/时/分/秒 and yuan, and 支付 goes to the cashier', { timeout: 60_000 }, async () => {
    const assign = vi.spyOn(goToCashier, 'assign').mockImplementation(() => undefined);
    const { calls } = show('/orderInfoByQRcode?o=order-token', {
      'GET /api/open/payments/records': ok(order()),
      'POST /api/open/payments/records/pay': ok({ cashierUrl: '/sandbox/cashier/SB1' }),
    });
    expect(await screen.findByText('1天2时5分9秒')).toBeTruthy();
    expect(screen.getByText('2026-03-01 09:00:00')).toBeTruthy();
    expect(screen.getByText('计费截止')).toBeTruthy();
    expect(screen.getByText('¥12.50')).toBeTruthy();
    expect(screen.getByText('¥2.00')).toBeTruthy();
    expect(screen.getByTestId('driver-unpaid').textContent).toBe('¥10.50');
    fireEvent.click(screen.getByRole('button', { name: /支付 ¥10.50/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/cashier/SB1'));
    expect(bodyOf(calls.find((c) => c.method === 'POST'))).toEqual({ o: 'order-token' });
  });

  it('shows 已支付 and the time to leave by once paid', { timeout: 60_000 }, async () => {
    show('/orderInfoByQRcode?o=order-token', {
      'GET /api/open/payments/records': ok(order({ state: 'paid', paid: 1050, unpaid: 0, leaveBefore: '2026-03-02T03:20:09.000Z' })),
    });
    expect(await screen.findByText('已支付')).toBeTruthy();
    expect(screen.getByText('请在 2026-03-02 11:20:09 前离场（缴费后 15 分钟内免费离场）')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /支付/ })).toBeNull();
  });

  it('without online payment, shows what is owed and sends the driver to the booth, with no 支付', { timeout: 60_000 }, async () => {
    const { calls } = show('/orderInfoByQRcode?o=order-token', { 'GET /api/open/payments/records': ok(order({ onlinePay: false })) });
    expect(await screen.findByText('暂未开通线上支付，请到收费处缴费')).toBeTruthy();
    expect(screen.getByTestId('driver-unpaid').textContent).toBe('¥10.50');
    expect(screen.queryByRole('button', { name: /支付/ })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('says an expired code has expired, on the PDA page too', { timeout: 60_000 }, async () => {
    show('/pdaScanQrcode?o=old', { 'GET /api/open/payments/records': failure(400, '订单二维码已过期，请重新扫码') });
    expect(await screen.findByText('二维码已过期')).toBeTruthy();
    expect(screen.getByText('扫码支付')).toBeTruthy();
    expect(screen.queryByText('粤B12345')).toBeNull();
  });
});

describe('商户优惠码 on the order page', () => {
  const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
  const stayUrl = 'https://park.example.com/#/merchant?stay=stay.token';

  it('shows a car still in the code a merchant scans, by the order token, with the hint and its expiry', { timeout: 60_000 }, async () => {
    URL.createObjectURL = vi.fn(() => 'blob:stay-code');
    URL.revokeObjectURL = vi.fn();
    const { calls } = show('/orderInfoByQRcode?o=order-token', {
      'GET /api/open/payments/records': ok(order()),
      'GET /api/open/payments/records/stay-code': ok({ url: stayUrl, expiresAt: '2026-03-02T05:05:09.000Z' }),
      'GET /api/open/payments/records/stay-code.png': { status: 200, body: pngBytes.buffer.slice(0) },
    });
    await screen.findByText('待支付');
    // folded until the driver opens it: nothing is asked for before
    expect(calls.some((c) => c.url.includes('stay-code'))).toBe(false);
    press('出示商户优惠码');
    const image = await screen.findByAltText('商户优惠码');
    expect(image.getAttribute('src')).toBe('blob:stay-code');
    expect(image.getAttribute('data-url')).toBe(stayUrl);
    expect(screen.getByText('在商场、酒店消费后，请出示此码给商户扫码领取停车优惠')).toBeTruthy();
    expect(screen.getByText('有效期至 13:05，过期请刷新页面')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('stay-code')).map((c) => [c.url, c.params])).toEqual([
      ['/api/open/payments/records/stay-code', { o: 'order-token' }],
      ['/api/open/payments/records/stay-code.png', { o: 'order-token' }],
    ]);
  });

  it("says the server's refusal, and offers no code once the car has left", { timeout: 60_000 }, async () => {
    show('/orderInfoByQRcode?o=order-token', {
      'GET /api/open/payments/records': ok(order()),
      'GET /api/open/payments/records/stay-code': failure(400, '车辆已离场，无法领取商户优惠'),
    });
    await screen.findByText('待支付');
    press('出示商户优惠码');
    expect(await screen.findByText('车辆已离场，无法领取商户优惠')).toBeTruthy();
    cleanup();
    show('/orderInfoByQRcode?o=order-token', { 'GET /api/open/payments/records': ok(order({ exited: true, state: 'paid', unpaid: 0, paid: 1050 })) });
    await screen.findByText('已支付');
    expect(screen.queryByText('出示商户优惠码')).toBeNull();
  });
});

describe('对订单有疑问 on the order page', () => {
  it('files a complaint about the page’s stay with the driver’s phone, after refusing a bad phone before sending', { timeout: 60_000 }, async () => {
    const { calls } = show('/orderInfoByQRcode?o=order-token', {
      'GET /api/open/payments/records': ok(order()),
      'POST /api/open/complaints/record': ok({ receivedAt: '2026-03-02T03:06:00.000Z', deadlineAt: '2026-03-04T03:06:00.000Z' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '对订单有疑问？投诉' }));
    fireEvent.click(screen.getByRole('radio', { name: '计费错误' }));
    fireEvent.change(screen.getByRole('textbox', { name: '投诉内容' }), { target: { value: '入场时间比实际早了一小时' } });
    fireEvent.change(screen.getByRole('textbox', { name: '联系电话' }), { target: { value: '1380013' } });
    fireEvent.click(screen.getByRole('button', { name: '提交投诉' }));
    expect(await screen.findByText('请输入正确的电话号码')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: '联系电话' }), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByRole('button', { name: '提交投诉' }));
    expect(await screen.findByText('投诉已提交，客服将尽快与您联系')).toBeTruthy();
    // the deadline on the Shanghai clock, whatever the test machine's zone
    expect(screen.getByText('客服将在 03-04 11:06 前处理，并致电您留下的号码')).toBeTruthy();
    expect(bodyOf(calls.find((c) => c.method === 'POST'))).toEqual({ o: 'order-token', category: 'billing', content: '入场时间比实际早了一小时', contactPhone: '13800138000' });
  });

  it('shows the server’s refusal on the page and keeps what was typed', { timeout: 60_000 }, async () => {
    show('/orderInfoByQRcode?o=order-token', {
      'GET /api/open/payments/records': ok(order()),
      'POST /api/open/complaints/record': failure(409, '您对该订单的投诉正在处理中，请耐心等待客服联系'),
    });
    fireEvent.click(await screen.findByRole('button', { name: '对订单有疑问？投诉' }));
    fireEvent.click(screen.getByRole('radio', { name: '道闸' }));
    fireEvent.change(screen.getByRole('textbox', { name: '投诉内容' }), { target: { value: '道闸不抬杆' } });
    fireEvent.change(screen.getByRole('textbox', { name: '联系电话' }), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByRole('button', { name: '提交投诉' }));
    expect(await screen.findByText('您对该订单的投诉正在处理中，请耐心等待客服联系')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: '投诉内容' }) as HTMLTextAreaElement).value).toBe('道闸不抬杆');
  });

  it('sends the picked photos after filing, each with the same order token, to the complaint just filed', { timeout: 60_000 }, async () => {
    // jsdom makes no object URLs: a preview needs only one to exist
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => undefined;
    const complaintId = '00000000-0000-4000-8000-0000000000e1';
    const { calls } = show('/orderInfoByQRcode?o=order-token', {
      'GET /api/open/payments/records': ok(order()),
      'POST /api/open/complaints/record': ok({ id: complaintId, receivedAt: '2026-03-02T03:06:00.000Z', deadlineAt: '2026-03-04T03:06:00.000Z' }),
      [`POST /api/open/complaints/record/${complaintId}/photos`]: ok([]),
    });
    fireEvent.click(await screen.findByRole('button', { name: '对订单有疑问？投诉' }));
    fireEvent.click(screen.getByRole('radio', { name: '道闸' }));
    fireEvent.change(screen.getByRole('textbox', { name: '投诉内容' }), { target: { value: '道闸砸到车顶' } });
    fireEvent.change(screen.getByRole('textbox', { name: '联系电话' }), { target: { value: '13800138000' } });
    const file = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('添加照片'), { target: { files: [file('车顶.png'), file('道闸.png')] } });
    expect(screen.getAllByTestId('picked-photo')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: '提交投诉' }));
    expect(await screen.findByText('投诉已提交，客服将尽快与您联系')).toBeTruthy();
    const uploads = calls.filter((c) => c.method === 'POST' && c.url.endsWith('/photos'));
    expect(uploads.map((c) => [c.params, ((c.data as FormData).get('file') as File).name])).toEqual([
      [{ o: 'order-token' }, '车顶.png'],
      [{ o: 'order-token' }, '道闸.png'],
    ]);
  });
});
