import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../shared/session/session-store';
import { reloadPage } from '../shared/browser/reload-page';
import { getToken, setToken } from '../shared/http/token-cookie';
import { catalogueMenu } from '../test/menu-fixtures';
import { installFakeApi, ok, type FakeRoutes } from '../test/fake-api';
import { AppProviders } from './app-providers';
import { createQueryClient } from './query-client';
import { appRouterOptions, appRoutes } from './router';

vi.mock('../shared/browser/reload-page', () => ({ reloadPage: vi.fn() }));

const branding = {
  code: 'demo',
  title: '测试停车',
  logo: '/brand/demo/logo.svg',
  favicon: '/brand/demo/favicon.svg',
  weatherLocation: '',
  icpNo: '京ICP备00000000号',
  policeNo: '京公网安备00000000000000号',
  bigScreenType: 1,
  footerText: '',
};
const userInfo = {
  userId: 'u1',
  userName: '管理员',
  userAccount: 'admin',
  avatar: '',
  tenantCode: 'demo',
  tenantName: '测试停车',
  positionIds: [],
  roleIds: [],
  isAdministrator: true,
};
const baseRoutes: FakeRoutes = {
  'GET /api/oauth/branding': ok(branding),
  'GET /api/oauth/CurrentUser': ok({ userInfo, menuList: catalogueMenu(), permissionList: [] }),
  'GET /api/oauth/Logout': ok(null),
};

function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { ...appRouterOptions(), initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const currentPath = (router: ReturnType<typeof renderApp>) => router.state.location.pathname + router.state.location.search;

beforeEach(() => {
  useSessionStore.getState().clearSession();
  vi.mocked(reloadPage).mockClear();
});

afterEach(() => {
  useSessionStore.getState().clearSession();
});

describe('signed out', () => {
  it('sends a protected path to /login with the wanted path, and shows the tenant on the login page', async () => {
    installFakeApi(baseRoutes);
    const router = renderApp('/parkingAdmin/parkingList?id=7');
    await waitFor(() => expect(currentPath(router)).toBe('/login?redirect=%2FparkingAdmin%2FparkingList%3Fid%3D7'));
    expect(await screen.findByRole('heading', { name: '测试停车' })).toBeTruthy();
    expect(screen.getByText('京ICP备00000000号')).toBeTruthy();
    expect(screen.getByText('京公网安备00000000000000号')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('登录 - 测试停车'));
  });

  it('opens a public driver page without sign-in, titled on its own', async () => {
    installFakeApi(baseRoutes);
    const router = renderApp('/scanQRcode?code=1');
    // no lane code in the link: the page says so rather than asking for a plate
    expect(await screen.findByText('二维码无效，请扫描出口处的二维码')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/scanQRcode');
    await waitFor(() => expect(document.title).toBe('扫码出场'));
  });

  it('checks the form in Chinese, signs in with the MD5 of the password and returns to the wanted page', async () => {
    const calls = installFakeApi({ ...baseRoutes, 'POST /api/oauth/Login': ok({ token: 'tok-1', expiresIn: 86400 }) });
    const user = userEvent.setup();
    const router = renderApp('/login?redirect=%2FparkingAdmin%2FparkingArea');
    await user.click(await screen.findByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入账号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();

    await user.type(screen.getByLabelText('账号'), 'admin');
    await user.type(screen.getByLabelText('密码'), 'admin123');
    await user.click(screen.getByRole('button', { name: '登录' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/parkingAdmin/parkingArea'));
    // the 片区 page itself is built now: its title says it is the one shown
    await waitFor(() => expect(document.title).toBe('片区 - 测试停车'));
    const login = calls.find((call) => call.url === '/api/oauth/Login');
    expect(new URLSearchParams(String(login?.data)).get('password')).toBe('0192023a7bbd73250516f069df18b500');
    expect(new URLSearchParams(String(login?.data)).get('rememberMe')).toBe('false');
    expect(login?.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(getToken()).toBe('tok-1');
    expect(calls.find((call) => call.url === '/api/oauth/CurrentUser')?.headers.Authorization).toBe('tok-1');
  });

  it('shows 登录失败 with the server message, then a captcha when the server asks for one', async () => {
    const calls = installFakeApi({
      ...baseRoutes,
      'POST /api/oauth/Login': { status: 401, body: { code: 401, msg: '账号或密码错误', data: { captchaRequired: true } } },
      'POST /api/oauth/captcha': ok({ key: 'cap-1', image: 'data:image/svg+xml;base64,PHN2Zy8+', expiresIn: 120 }),
    });
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(await screen.findByLabelText('账号'), 'admin');
    await user.type(screen.getByLabelText('密码'), 'wrong');
    await user.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByText('登录失败')).toBeTruthy();
    expect(screen.getByText('账号或密码错误')).toBeTruthy();
    expect(await screen.findByAltText('验证码图片')).toBeTruthy();
    await user.type(screen.getByLabelText('验证码'), 'ab12');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/oauth/Login')).toHaveLength(2));
    const second = new URLSearchParams(String(calls.filter((call) => call.url === '/api/oauth/Login')[1]?.data));
    expect([second.get('code'), second.get('timestamp')]).toEqual(['ab12', 'cap-1']);
  });
});

// each renders the whole app and waits on the login page's answers: on a loaded machine that takes
// longer than a unit test's default allowance, though nothing here waits on a clock
describe('the tenant of the sign-in', { timeout: 45_000 }, () => {
  const brandingOf = (call: { params: unknown }) => {
    const account = (call.params as { account?: string }).account;
    if (account === 'demo') return ok(branding);
    if (account === 'mw') return ok({ ...branding, code: 'mw', title: '某物业停车' });
    return { status: 404, body: { code: 404, msg: `租户「${account ?? ''}」不存在`, data: null } };
  };

  afterEach(() => {
    document.cookie = 'account=; path=/; max-age=0';
  });

  it('offers the default tenant back when the one in force does not exist', async () => {
    document.cookie = 'account=adm; path=/';
    installFakeApi({ ...baseRoutes, 'GET /api/oauth/branding': brandingOf });
    renderApp('/login');
    expect(await screen.findByText('租户「adm」不存在')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '使用默认租户' }));
    expect(await screen.findByRole('heading', { name: '测试停车' })).toBeTruthy();
    expect(screen.queryByText('租户「adm」不存在')).toBeNull();
    expect(document.cookie).toContain('account=demo');
  });

  it('switches to a tenant typed by its code only once the server knows it', async () => {
    installFakeApi({ ...baseRoutes, 'GET /api/oauth/branding': brandingOf });
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: '测试停车' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '切换租户' }));
    fireEvent.change(screen.getByLabelText('租户编码'), { target: { value: 'no such' } });
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('租户编码只能是字母、数字、下划线或短横线，最长32位')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('租户编码'), { target: { value: 'nosuch' } });
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('租户「nosuch」不存在')).toBeTruthy();
    expect(document.cookie).not.toContain('account=nosuch');
    fireEvent.change(screen.getByLabelText('租户编码'), { target: { value: 'mw' } });
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByRole('heading', { name: '某物业停车' })).toBeTruthy();
    expect(document.cookie).toContain('account=mw');
  });
});

describe('signed in', () => {
  it('lands / on the first menu page with the folder › page breadcrumb and site title', async () => {
    setToken('tok-2', false);
    installFakeApi(baseRoutes);
    const router = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/parkingAdmin/parkingList'));
    expect(screen.getAllByText('停车场管理').length).toBeGreaterThan(0);
    expect(screen.getByText('管理员')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('停车场 - 测试停车'));
    expect(useSessionStore.getState().roles).toEqual(['ROLE_SYSTEM_DEFAULT']);
  });

  it('opens a deep menu link directly and sends /login back to /', async () => {
    setToken('tok-3', false);
    installFakeApi(baseRoutes);
    const router = renderApp('/FinancialManagement/revenueReport');
    // the deep page itself opens, titled by its menu entry, with no redirect
    await waitFor(() => expect(document.title).toBe('营收报表 - 测试停车'));
    expect(router.state.location.pathname).toBe('/FinancialManagement/revenueReport');
    await act(() => router.navigate('/login'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/parkingAdmin/parkingList'));
  });

  it('sends an unknown path and a page outside the user menu to /404', async () => {
    setToken('tok-4', false);
    installFakeApi(baseRoutes);
    const router = renderApp('/system/user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回首页' })).toBeTruthy();
  });

  it('logs out and reloads when user info cannot be fetched', async () => {
    setToken('tok-5', false);
    const calls = installFakeApi({ ...baseRoutes, 'GET /api/oauth/CurrentUser': { status: 401, body: { code: 600, msg: '登录已过期', data: null } } });
    renderApp('/parkingAdmin/parkingList');
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(getToken()).toBeNull();
    expect(calls.some((call) => call.url === '/api/oauth/Logout')).toBe(true);
  });
});
