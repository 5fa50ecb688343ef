import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginAttempts, sessions, users } from '../../db/schema/index.js';
import { buildTestApp, demoPasswordMd5, fixedClock, postLogin, signIn, type TestApp } from '../../test/test-app.js';
import { md5Hex } from '../../shared/passwords.js';

let t: TestApp;
const captchaAnswer = 'k7Pq';
const hour = 3_600_000;
// the app's clock: sessions expire and slide by it, and only `advance` moves it; each test starts a minute later
const clock = fixedClock('2026-03-10T02:00:00Z');
beforeEach(() => clock.advance(60_000));

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, drawCaptcha: () => ({ text: captchaAnswer, svg: '<svg><path d="M0 0"/></svg>' }) });
});
afterAll(() => t.close());

const currentUser = (token: string | undefined) => t.app.inject({ method: 'GET', url: '/api/oauth/CurrentUser', headers: token ? { authorization: token } : {} });

const attemptsOf = async (account: string) => (await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.account, account))).length;

describe('POST /api/oauth/Login', () => {
  it('answers a 256-bit token for the right password; remember-me lasts a day, otherwise 12 h', async () => {
    const remembered = await postLogin(t.app, { account: 'admin', password: demoPasswordMd5, rememberMe: 'true' });
    expect(remembered.statusCode).toBe(200);
    const body = remembered.json();
    expect(body).toMatchObject({ code: 200, msg: '登录成功' });
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.expiresIn).toBe(86_400);

    const session = await postLogin(t.app, { account: 'admin', password: demoPasswordMd5, rememberMe: 'false' });
    expect(session.json().data.expiresIn).toBe(43_200);
  });

  it('stores only a hash of the token', async () => {
    const token = await signIn(t.app);
    const rows = await t.database.db.select({ hash: sessions.tokenHash }).from(sessions);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);
  });

  it('refuses a wrong password with a Chinese msg and records the failure', async () => {
    const before = await attemptsOf('admin');
    const response = await postLogin(t.app, { account: 'admin', password: md5Hex('wrong-password') });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: '账号或密码错误', data: { captchaRequired: false } });
    expect(await attemptsOf('admin')).toBe(before + 1);
  });

  it('refuses a password that is not an MD5 hex, naming the field, and writes nothing', async () => {
    const before = await attemptsOf('admin');
    const response = await postLogin(t.app, { account: 'admin', password: 'admin123' });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain('password');
    expect(response.json().msg).toContain('MD5');
    expect(await attemptsOf('admin')).toBe(before);
  });

  it('asks for the account when it is missing', async () => {
    const response = await postLogin(t.app, { password: demoPasswordMd5 });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain('请输入账号');
  });

  it('signs in within the tenant of the account cookie, and only there', async () => {
    const inMw = await postLogin(t.app, { account: 'mwadmin', password: demoPasswordMd5 }, { cookie: 'account=mw' });
    expect(inMw.json().code).toBe(200);
    const wrongTenant = await postLogin(t.app, { account: 'mwadmin', password: demoPasswordMd5 });
    expect(wrongTenant.json()).toMatchObject({ code: 400, msg: '账号或密码错误' });
    const unknown = await postLogin(t.app, { account: 'admin', password: demoPasswordMd5, tenant: 'nosuch' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('租户「nosuch」不存在');
  });

  it('refuses a disabled account', async () => {
    await t.database.db.update(users).set({ status: 0 }).where(eq(users.account, 'mwfinance'));
    const response = await postLogin(t.app, { account: 'mwfinance', password: demoPasswordMd5, tenant: 'mw' });
    expect(response.statusCode).toBe(403);
    expect(response.json().msg).toBe('账号已被停用，请联系管理员');
    await t.database.db.update(users).set({ status: 1 }).where(eq(users.account, 'mwfinance'));
  });
});

describe('sign-in throttling', () => {
  const wrong = md5Hex('nope');
  const tenant = 'mw';
  const account = 'mwadmin';

  // waits and many addresses are in sign-in-throttle.routes.test.ts, on a clock of the test's own
  it('asks this address for the captcha after 3 failures, even with the right password', async () => {
    for (let i = 1; i <= 2; i++) {
      const r = await postLogin(t.app, { account, password: wrong, tenant });
      expect(r.json()).toEqual({ code: 400, msg: '账号或密码错误', data: { captchaRequired: false } });
    }
    const third = await postLogin(t.app, { account, password: wrong, tenant });
    expect(third.json()).toEqual({ code: 400, msg: '账号或密码错误', data: { captchaRequired: true } });

    const recorded = await attemptsOf(account);
    const noCaptcha = await postLogin(t.app, { account, password: demoPasswordMd5, tenant });
    expect(noCaptcha.json()).toMatchObject({ code: 400, msg: '请输入验证码', data: { captchaRequired: true } });
    // asking again without the captcha is not another failure
    expect(await attemptsOf(account)).toBe(recorded);

    const issue = await t.app.inject({ method: 'POST', url: '/api/oauth/captcha' });
    const captcha = issue.json().data;
    expect(captcha.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrongAnswer = await postLogin(t.app, { account, password: demoPasswordMd5, tenant, code: 'zzzz', timestamp: captcha.key });
    expect(wrongAnswer.json()).toMatchObject({ code: 400, msg: '验证码错误或已过期', data: { captchaRequired: true } });
  });

  it('lets the right password and captcha in, and a success from the address clears its count', async () => {
    const key = (await t.app.inject({ method: 'POST', url: '/api/oauth/captcha' })).json().data.key;
    const r = await postLogin(t.app, { account, password: demoPasswordMd5, tenant, code: captchaAnswer, timestamp: key });
    expect(r.json().code).toBe(200);
    expect(r.json().data.notice).toMatch(/^上次登录后有4次失败的登录尝试，最近一次来自 IP 127\.0\.0\.1 于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const afterSuccess = await postLogin(t.app, { account, password: wrong, tenant });
    expect(afterSuccess.json().data.captchaRequired).toBe(false);
  });

  it('captcha images draw glyphs as paths, so the answer is not in the SVG text', async () => {
    const { drawCaptcha } = await import('./captcha.js');
    const image = drawCaptcha();
    expect(image.text).toHaveLength(4);
    expect(image.svg).toContain('<path');
    expect(image.svg).not.toContain(`>${image.text}<`);
  });
});

describe('GET /api/oauth/CurrentUser and the sign-in codes', () => {
  it('gives admin every folder of the catalogue with its pages', async () => {
    const response = await currentUser(await signIn(t.app));
    expect(response.statusCode).toBe(200);
    const { userInfo, menuList, permissionList } = response.json().data;
    expect(userInfo).toMatchObject({ userAccount: 'admin', userName: '系统管理员', tenantCode: 'demo', isAdministrator: true });
    expect(menuList.map((m: { enCode: string }) => m.enCode)).toEqual([
      'parkingAdmin',
      'SysOperations',
      'OrderManagement',
      'jointRecovery',
      'customer',
      'ParkingOperations',
      'FinancialManagement',
      'system',
    ]);
    const parking = menuList[0];
    expect(parking).toMatchObject({ type: 1, urlAddress: '', hasChildren: true, icon: 'CarOutlined' });
    expect(parking.children[0]).toMatchObject({
      fullName: '停车场',
      enCode: 'parkingList',
      urlAddress: 'parkingAdmin/parkingList',
      type: 2,
      hasChildren: false,
      children: [],
    });
    expect(permissionList).toContain('system');
    expect(permissionList).toContain('parkingList');
  });

  it('gives mwfinance only the finance folder its role grants, and its finance position first', async () => {
    const token = await signIn(t.app, 'mwfinance', 'mw');
    const { userInfo, menuList, permissionList } = (await currentUser(token)).json().data;
    expect(userInfo.positionIds[0]).toMatchObject({ code: 'finance', name: '财务' });
    expect(menuList).toHaveLength(1);
    expect(menuList[0].enCode).toBe('FinancialManagement');
    expect(menuList[0].children.map((c: { fullName: string }) => c.fullName)).toEqual(['营收报表', '退款', '开票记录', '对账', '对账差错']);
    expect(permissionList).not.toContain('system');
  });

  it('answers 401 with code 602 for no token, a malformed one and an unknown one', async () => {
    for (const token of [undefined, 'junk', 'A'.repeat(43)]) {
      const response = await currentUser(token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 602, msg: '登录凭证无效，请重新登录', data: null });
    }
  });

  it('accepts a Bearer prefix too', async () => {
    const token = await signIn(t.app);
    expect((await currentUser(`Bearer ${token}`)).statusCode).toBe(200);
  });

  it('answers 602 after logout, and logout itself never fails', async () => {
    const token = await signIn(t.app);
    const logout = await t.app.inject({ method: 'GET', url: '/api/oauth/Logout', headers: { authorization: token } });
    expect(logout.json()).toMatchObject({ code: 200 });
    expect((await currentUser(token)).json().code).toBe(602);
    const again = await t.app.inject({ method: 'GET', url: '/api/oauth/Logout', headers: { authorization: token } });
    expect(again.json().code).toBe(200);
  });

  it('answers 600 once a token has expired', async () => {
    const token = await signIn(t.app);
    // a session not remembered lasts 12 hours: it has expired at the 12th
    clock.advance(12 * hour);
    const response = await currentUser(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 600, msg: '登录已过期，请重新登录' });
  });

  it('answers 601 once the account is disabled, at once', async () => {
    const token = await signIn(t.app, 'mwfinance', 'mw');
    expect((await currentUser(token)).statusCode).toBe(200);
    await t.database.db.update(users).set({ status: 0 }).where(eq(users.account, 'mwfinance'));
    const response = await currentUser(token);
    expect(response.json()).toMatchObject({ code: 601, msg: '账号已被停用，请重新登录' });
    await t.database.db.update(users).set({ status: 1 }).where(eq(users.account, 'mwfinance'));
    // the session stays ended after the account is enabled again
    expect((await currentUser(token)).json().code).toBe(601);
  });

  it('slides an idle session forward, but not a remembered one', async () => {
    const token = await signIn(t.app);
    const { tokenHash } = await import('./tokens.js');
    const where = eq(sessions.tokenHash, tokenHash(token));
    const now = clock.now().getTime();
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now - 2 * hour), expiresAt: new Date(now + hour) })
      .where(where);
    await currentUser(token);
    const [row] = await t.database.db.select().from(sessions).where(where);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(now + 11 * hour);
  });
});

describe('branding and the account cookie', () => {
  it('answers the tenant named by ?account=, without making it the tenant of later calls', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/oauth/branding?account=mw' });
    expect(response.json().data).toMatchObject({
      code: 'mw',
      title: '明湾智慧停车',
      logo: '/brand/mw/logo.svg',
      icpNo: '粤ICP备2026000002号-1',
      bigScreenType: 2,
    });
    // the login page asks about a tenant before it switches to it: asking is not switching
    expect(response.cookies.find((c) => c.name === 'account')).toBeUndefined();
  });

  it('takes ?account= on a page address as the tenant and remembers it, but never an API filter of that name', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/?account=mw' });
    expect(page.cookies.find((c) => c.name === 'account')?.value).toBe('mw');
    // 用户's search by 账号 sends account= to the API: it filters users, the tenant stays
    const session = await signIn(t.app);
    const search = await t.app.inject({ method: 'GET', url: '/api/system/Permission/Users?account=adm', headers: { authorization: session } });
    expect(search.json().code).toBe(200);
    expect(search.cookies.find((c) => c.name === 'account')).toBeUndefined();
    const branding = await t.app.inject({ method: 'GET', url: '/api/oauth/branding', cookies: { account: 'demo' } });
    expect(branding.json().data.code).toBe('demo');
  });

  it('uses the cookie, and demo when there is none', async () => {
    const fromCookie = await t.app.inject({ method: 'GET', url: '/api/oauth/branding', cookies: { account: 'mw' } });
    expect(fromCookie.json().data.code).toBe('mw');
    const fallback = await t.app.inject({ method: 'GET', url: '/api/oauth/branding' });
    expect(fallback.json().data).toMatchObject({ code: 'demo', title: '智慧停车管理平台' });
  });

  it('answers 404 for an unknown tenant and 400 for a malformed code', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/oauth/branding?account=ghost' })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/oauth/branding?account=a%20b' });
    expect(bad.statusCode).toBe(400);
  });

  it('serves the seeded logo', async () => {
    const logo = await t.app.inject({ method: 'GET', url: '/brand/demo/logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
  });
});

describe('SMS sign-in codes', () => {
  it('says whether SMS codes are on for a tenant', async () => {
    const on = await t.app.inject({ method: 'POST', url: '/api/oauth/getAconfig/demo', payload: { fkey: 'ifSysplatsmscaptchaOpen' } });
    expect(on.json().data).toEqual({ fkey: 'ifSysplatsmscaptchaOpen', value: false });
    const bad = await t.app.inject({ method: 'POST', url: '/api/oauth/getAconfig/demo', payload: { fkey: 'other' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('不支持的配置项');
  });
});
