import type { OwnerStay, OwnerVehicle } from '@parking/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app-providers';
import { createQueryClient } from '../../app/query-client';
import { installFakeApi, ok, type FakeRoutes } from '../../test/fake-api';
import { bodyOf, failure, quietComputedStyle } from '../../modules/system/pages/system-page-test-kit';
import { ownerToken } from '../../modules/customers';
import { goToCashier } from '../../modules/payments';
import { OwnerPhonePage } from './owner-phone-page';
import { OwnerSignInPage } from './owner-sign-in-page';
import { OwnerArrearsPage, OwnerStaysPage } from './owner-stays-page';
import { OwnerVehiclesPage } from './owner-vehicles-page';

const vehicle = (overrides: Partial<OwnerVehicle> = {}): OwnerVehicle => ({
  id: '00000000-0000-4000-8000-0000000000v1',
  plateNumber: '粤B12345',
  plateColour: 0,
  state: 'unverified',
  boundAt: '2026-03-10T02:00:00.000Z',
  ...overrides,
});
const stay = (overrides: Partial<OwnerStay> = {}): OwnerStay => ({
  id: '00000000-0000-4000-8000-0000000000s1',
  lotName: '万象天地停车场',
  plateNumber: '粤B12345',
  plateColour: 0,
  enteredAt: '2026-03-09T01:00:00.000Z',
  exitedAt: '2026-03-09T03:30:00.000Z',
  durationSeconds: 9000,
  amountDue: 1250,
  discount: 0,
  paid: 0,
  unpaid: 1250,
  state: 'unpaid',
  ...overrides,
});

const show = (path: string, routes: FakeRoutes) => {
  const calls = installFakeApi(routes);
  const router = createMemoryRouter(
    [
      { path: '/owner/login', element: <OwnerSignInPage /> },
      { path: '/owner/vehicles', element: <OwnerVehiclesPage /> },
      { path: '/owner/stays', element: <OwnerStaysPage /> },
      { path: '/owner/arrears', element: <OwnerArrearsPage /> },
      { path: '/owner/phone', element: <OwnerPhonePage /> },
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
const press = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeAll(quietComputedStyle);
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('车主登录', () => {
  it('asks for a code with a countdown, shows where the demo code went, signs in and keeps the owner token apart', { timeout: 30_000 }, async () => {
    const { calls, router } = show('/owner/login', {
      'POST /api/open/owner/sms-code': ok({ sentTo: '138****5678', expiresIn: 300, resendIn: 60, demoHint: '演示环境未接入短信网关，验证码已写入服务器日志', demoCode: '246810' }),
      'POST /api/open/owner/sign-in': ok({ token: 'owner-token', expiresIn: 2_592_000 }),
      'GET /api/open/owner/vehicles': ok([]),
    });
    press('获取验证码');
    expect(await screen.findByText('请输入正确的电话号码')).toBeTruthy();
    type('手机号', '138-1234-5678');
    press('获取验证码');
    expect(await screen.findByText('验证码已发送至 138****5678，5分钟内有效')).toBeTruthy();
    expect(screen.getByText('演示环境未接入短信网关，验证码已写入服务器日志')).toBeTruthy();
    expect(screen.getByTestId('owner-demo-code').textContent).toBe('演示验证码：246810');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /秒后重新获取/ }).disabled).toBe(true);
    expect(bodyOf(calls[0])).toEqual({ phone: '13812345678' });
    press('登录');
    expect(await screen.findByText('请输入6位数字验证码')).toBeTruthy();
    type('验证码', '246810');
    press('登录');
    await waitFor(() => expect(router.state.location.pathname).toBe('/owner/vehicles'));
    expect(ownerToken.get()).toBe('owner-token');
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/open/owner/vehicles'));
    const listed = calls.find((c) => c.url === '/api/open/owner/vehicles')!;
    expect(listed.headers['x-owner-token']).toBe('owner-token');
    expect(listed.headers.Authorization ?? listed.headers.authorization).toBeUndefined();
  });

  it('says in Chinese why a sign-in is refused', async () => {
    show('/owner/login', {
      'POST /api/open/owner/sign-in': failure(403, '该车主账号已停用，请联系停车场客服'),
    });
    type('手机号', '13812345678');
    type('验证码', '123456');
    press('登录');
    expect(await screen.findByText('该车主账号已停用，请联系停车场客服')).toBeTruthy();
    expect(ownerToken.get()).toBeNull();
  });
});

describe('我的车辆', () => {
  it('sends a signed-out phone to 车主登录', async () => {
    const { router } = show('/owner/vehicles', {});
    await waitFor(() => expect(router.state.location.pathname).toBe('/owner/login'));
  });

  it('goes back to 车主登录 with the reason when the session has ended (停用)', async () => {
    ownerToken.set('owner-token');
    const { router } = show('/owner/vehicles', { 'GET /api/open/owner/vehicles': failure(401, '该车主账号已停用，请联系停车场客服') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/owner/login'));
    expect(await screen.findByText('该车主账号已停用，请联系停车场客服')).toBeTruthy();
    expect(ownerToken.get()).toBeNull();
  });

  it('shows the vehicles with their states in Chinese, binds a plate and unbinds after confirming', { timeout: 30_000 }, async () => {
    ownerToken.set('owner-token');
    let vehicles = [vehicle({ id: '00000000-0000-4000-8000-0000000000v2', plateNumber: '粤BD12345', plateColour: 3, state: 'verified' })];
    const { calls } = show('/owner/vehicles', {
      'GET /api/open/owner/vehicles': () => ok(vehicles),
      'POST /api/open/owner/vehicles': (call) => {
        const body = bodyOf(call) as { plateNumber: string };
        if (body.plateNumber === '粤B99999') return failure(409, '车辆「粤B99999」已被其他车主认证');
        vehicles = [vehicle(), ...vehicles];
        return { status: 200, body: { code: 200, msg: '绑定成功', data: vehicle() } };
      },
      'POST /api/open/owner/vehicles/00000000-0000-4000-8000-0000000000v1/unbind': () => {
        vehicles = vehicles.filter((v) => v.plateNumber !== '粤B12345');
        return { status: 200, body: { code: 200, msg: '解绑成功', data: vehicle({ state: 'unbound' }) } };
      },
    });
    expect(await screen.findByText('粤BD12345')).toBeTruthy();
    expect(screen.getByText('已认证')).toBeTruthy();
    expect(screen.getByText('我的车辆（1/5）')).toBeTruthy();
    press('绑定');
    expect(await screen.findByText('请输入车牌号')).toBeTruthy();
    type('车牌号', '粤b99999');
    press('绑定');
    expect(await screen.findByText('车辆「粤B99999」已被其他车主认证')).toBeTruthy();
    type('车牌号', '粤b12345');
    press('绑定');
    expect(await screen.findByText('未认证')).toBeTruthy();
    expect(bodyOf(calls.filter((c) => c.method === 'POST').at(-1))).toEqual({ plateNumber: '粤B12345', plateColour: 0 });
    const first = screen.getAllByTestId('owner-vehicle')[0]!;
    fireEvent.click(within(first).getByRole('button', { name: '解绑' }));
    expect(await screen.findByText('确定解绑车辆「粤B12345」吗？')).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-dangerous')!);
    await waitFor(() => expect(screen.getAllByTestId('owner-vehicle')).toHaveLength(1));
    expect(screen.getByTestId('owner-vehicle').textContent).toContain('粤BD12345');
    expect(calls.some((c) => c.url.endsWith('/unbind'))).toBe(true);
  });

  it('sends the 行驶证 photo of a 未认证 vehicle and shows it 认证中, with the decisions told below', async () => {
    ownerToken.set('owner-token');
    let vehicles = [vehicle()];
    const { calls } = show('/owner/vehicles', {
      'GET /api/open/owner/vehicles': () => ok(vehicles),
      'GET /api/open/owner/notices': ok([{ id: 'n1', title: '车辆认证未通过', content: '车辆「粤B54321」的认证未通过：照片不清晰', createdAt: '2026-03-09T02:00:00.000Z' }]),
      'POST /api/open/owner/vehicles/00000000-0000-4000-8000-0000000000v1/authentication': () => {
        vehicles = [vehicle({ state: 'verifying' })];
        return { status: 200, body: { code: 200, msg: '已提交认证，请等待审核', data: vehicles[0] } };
      },
    });
    expect(await screen.findByText('车辆认证未通过')).toBeTruthy();
    const input = (await screen.findByRole('button', { name: '上传「粤B12345」的行驶证' })).closest('.ant-upload')!.querySelector('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], '行驶证.png', { type: 'image/png' })] } });
    expect(await screen.findByText('已提交认证，请等待审核')).toBeTruthy();
    expect(await screen.findByText('认证中')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '上传「粤B12345」的行驶证' })).toBeNull();
    const sent = calls.find((c) => c.url.endsWith('/authentication'))!;
    expect(sent.data).toBeInstanceOf(FormData);
    expect(sent.headers['x-owner-token']).toBe('owner-token');
  });

  it('says so when there is no vehicle', async () => {
    ownerToken.set('owner-token');
    show('/owner/vehicles', { 'GET /api/open/owner/vehicles': ok([]) });
    expect(await screen.findByText('还没有绑定车辆')).toBeTruthy();
  });
});

describe('我的停车 and 欠费', () => {
  it('lists stays with lot, duration, amount and state', async () => {
    ownerToken.set('owner-token');
    show('/owner/stays', {
      'GET /api/open/owner/stays': ok({
        list: [stay({ state: 'closed', paid: 1250, unpaid: 0 }), stay({ id: 's2', lotName: '南山停车场', exitedAt: null, state: 'parked', amountDue: 0, unpaid: 0 })],
        pagination: { currentPage: 1, pageSize: 10, total: 2 },
      }),
    });
    expect(await screen.findByText('万象天地停车场')).toBeTruthy();
    expect(screen.getAllByText('2时30分')).toHaveLength(2);
    expect(screen.getByText('¥12.50')).toBeTruthy();
    expect(screen.getByText('已完成')).toBeTruthy();
    expect(screen.getByText('在场', { selector: '.ant-tag' })).toBeTruthy();
  });

  it('shows what is owed and pays one arrear through the gateway', async () => {
    ownerToken.set('owner-token');
    const assign = vi.spyOn(goToCashier, 'assign').mockImplementation(() => undefined);
    const { calls } = show('/owner/arrears', {
      'GET /api/open/owner/arrears': ok({ owed: 1250, list: [stay()] }),
      'POST /api/open/owner/arrears/00000000-0000-4000-8000-0000000000s1/pay': ok({ cashierUrl: '/sandbox/cashier/SB1' }),
    });
    expect(await screen.findByTestId('owner-owed')).toBeTruthy();
    expect(screen.getByTestId('owner-owed').textContent).toBe('¥12.50');
    press('去支付');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/cashier/SB1'));
    expect(calls.at(-1)!.headers['x-owner-token']).toBe('owner-token');
  });

  it('says there is nothing owed', async () => {
    ownerToken.set('owner-token');
    show('/owner/arrears', { 'GET /api/open/owner/arrears': ok({ owed: 0, list: [] }) });
    expect(await screen.findByText('您没有欠费，感谢按时缴费')).toBeTruthy();
  });
});

describe('更换手机号', () => {
  it('sends a code to each number and changes the number with both', { timeout: 30_000 }, async () => {
    ownerToken.set('owner-token');
    const { calls } = show('/owner/phone', {
      'GET /api/open/owner/me': ok({ phone: '13812345678', nickname: '', registeredAt: '2026-03-01T00:00:00.000Z' }),
      'POST /api/open/owner/phone/codes': ok({
        oldSentTo: '138****5678',
        newSentTo: '139****0000',
        expiresIn: 300,
        resendIn: 60,
        demoHint: null,
        demoCodes: { old: '111111', new: '222222' },
      }),
      'POST /api/open/owner/phone': (call) =>
        (bodyOf(call) as { oldCode: string }).oldCode === '111111'
          ? ok({ phone: '13900000000', nickname: '', registeredAt: '2026-03-01T00:00:00.000Z' })
          : failure(400, '验证码错误或已过期'),
    });
    expect(await screen.findByText('当前手机号 138****5678')).toBeTruthy();
    type('新手机号', '13900000000');
    press(/获取验证码/);
    expect(await screen.findByText(/验证码已发送至 138\*\*\*\*5678 与 139\*\*\*\*0000/)).toBeTruthy();
    expect(screen.getByTestId('owner-demo-codes').textContent).toBe('（演示验证码：原 111111，新 222222）');
    type('原手机号验证码', '333333');
    type('新手机号验证码', '222222');
    press('确认更换');
    expect(await screen.findByText('验证码错误或已过期')).toBeTruthy();
    type('原手机号验证码', '111111');
    press('确认更换');
    expect(await screen.findByText('手机号已更换为 139****0000')).toBeTruthy();
    expect(bodyOf(calls.filter((c) => c.url === '/api/open/owner/phone').at(-1))).toEqual({ phone: '13900000000', oldCode: '111111', newCode: '222222' });
  });
});

// the countdown runs once a second down to 获取验证码 again
describe('the code countdown', () => {
  it('counts down and offers a new code after the minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    show('/owner/login', { 'POST /api/open/owner/sms-code': ok({ sentTo: '138****5678', expiresIn: 300, resendIn: 2, demoHint: null, demoCode: null }) });
    type('手机号', '13812345678');
    press('获取验证码');
    expect(await screen.findByRole('button', { name: '2秒后重新获取' })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2100);
    });
    expect(await screen.findByRole('button', { name: '获取验证码' })).toBeTruthy();
    expect(screen.queryByTestId('owner-demo-code')).toBeNull();
  });
});
