import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginAttempts } from '../../db/schema/index.js';
import { buildTestApp, fixedClock, postLogin, signIn, type TestApp } from '../../test/test-app.js';
import { md5Hex } from '../../shared/passwords.js';

// the app's clock, fixed: a wrong password's wait is counted from it alone, and each test starts a minute later
const clock = fixedClock('2026-03-10T02:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
});
beforeEach(() => clock.advance(60_000));
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/oauth/CurrentUser', headers: { authorization: token } });
const reset = (token: string, id: string, body: Record<string, string>, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/system/Permission/Users/${id}/Actions/ResetPassword`,
    headers: { authorization: token },
    remoteAddress,
    payload: { id, ...body },
  });
const twice = (password: string) => ({ userPassword: password, validatePassword: password });
const failuresOf = async (account: string, ip: string) =>
  (
    await t.database.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.account, account), eq(loginAttempts.ip, ip)))
  ).filter((a) => !a.succeeded).length;

describe('POST /api/system/Permission/Users/{id}/Actions/ResetPassword, one’s own password', () => {
  it('asks for the current password, in Chinese, and changes nothing without it', async () => {
    const token = await signIn(t.app, 'mwfinance', 'mw');
    const userId = (await me(token)).json().data.userInfo.userId;
    const response = await reset(token, userId, twice(md5Hex('newPass1')));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: '请输入当前密码', data: null });
    expect((await postLogin(t.app, { account: 'mwfinance', password: md5Hex('admin123'), tenant: 'mw' })).json().code).toBe(200);
  });

  it('refuses a wrong current password and counts it as a failed sign-in from that address', async () => {
    const token = await signIn(t.app, 'mwfinance', 'mw');
    const userId = (await me(token)).json().data.userInfo.userId;
    const from = '192.0.2.10';
    const response = await reset(token, userId, { oldPassword: md5Hex('guess123'), ...twice(md5Hex('newPass1')) }, from);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: '当前密码不正确', data: { captchaRequired: false } });
    // recorded although the request was refused: guessing through a stolen token is throttled too
    expect(await failuresOf('mwfinance', from)).toBe(1);
    for (let n = 2; n <= 4; n++) await reset(token, userId, { oldPassword: md5Hex(`guess${n}23`), ...twice(md5Hex('newPass1')) }, from);
    const fifth = await reset(token, userId, { oldPassword: md5Hex('guess523'), ...twice(md5Hex('newPass1')) }, from);
    expect(fifth.json()).toMatchObject({ code: 400, msg: '当前密码不正确，请1秒后再试', data: { captchaRequired: true, retryAfterSeconds: 1 } });
    expect(await failuresOf('mwfinance', from)).toBe(5);
    expect((await me(token)).statusCode).toBe(200);
    expect((await postLogin(t.app, { account: 'mwfinance', password: md5Hex('newPass1'), tenant: 'mw' })).json().code).toBe(400);
  });

  it('refuses a new password equal to the current one', async () => {
    const token = await signIn(t.app, 'mwfinance', 'mw');
    const userId = (await me(token)).json().data.userInfo.userId;
    const response = await reset(token, userId, { oldPassword: md5Hex('admin123'), ...twice(md5Hex('admin123')) });
    expect(response.json()).toEqual({ code: 400, msg: '新密码不能与当前密码相同', data: null });
  });

  it('changes it with the right current password, keeps this session and ends every other one', async () => {
    const current = await signIn(t.app, 'mwfinance', 'mw');
    const other = await signIn(t.app, 'mwfinance', 'mw');
    const userId = (await me(current)).json().data.userInfo.userId;

    const response = await reset(current, userId, { oldPassword: md5Hex('admin123'), ...twice(md5Hex('newPass1')) });
    expect(response.json()).toMatchObject({ code: 200, msg: '修改成功' });
    expect(response.json().data.endedSessions).toBeGreaterThan(0);

    expect((await me(current)).statusCode).toBe(200);
    expect((await me(other)).json()).toMatchObject({ code: 601, msg: '密码已修改，请重新登录' });
    const oldPassword = await postLogin(t.app, { account: 'mwfinance', password: md5Hex('admin123'), tenant: 'mw' });
    expect(oldPassword.json().code).toBe(400);
    const newPassword = await postLogin(t.app, { account: 'mwfinance', password: md5Hex('newPass1'), tenant: 'mw' });
    expect(newPassword.json().code).toBe(200);
  });

  it('refuses two different values, naming the rule', async () => {
    const token = await signIn(t.app);
    const userId = (await me(token)).json().data.userInfo.userId;
    const response = await reset(token, userId, { oldPassword: md5Hex('admin123'), userPassword: md5Hex('abc123'), validatePassword: md5Hex('abc124') });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain('两次输入的密码不一致');
  });
});

describe('POST /api/system/Permission/Users/{id}/Actions/ResetPassword, another user’s password', () => {
  it('lets a holder of the 用户 page reset it with the new password typed twice, no old one, ending all their sessions', async () => {
    const mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
    const finance = await signIn(t.app, 'mwfinance', 'mw', md5Hex('newPass1'));
    const financeId = (await me(finance)).json().data.userInfo.userId;
    const response = await reset(mwAdmin, financeId, twice(md5Hex('fromAdmin1')));
    expect(response.json()).toMatchObject({ code: 200, msg: '修改成功' });
    expect((await me(finance)).json().code).toBe(601);
    expect((await postLogin(t.app, { account: 'mwfinance', password: md5Hex('fromAdmin1'), tenant: 'mw' })).json().code).toBe(200);
  });

  it("refuses another user's password to someone without the 用户 page", async () => {
    const finance = await signIn(t.app, 'mwfinance', 'mw', md5Hex('fromAdmin1'));
    const mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
    const adminId = (await me(mwAdmin)).json().data.userInfo.userId;
    const response = await reset(finance, adminId, twice(md5Hex('hacked1')));
    expect(response.statusCode).toBe(403);
    // knowing nothing more than one's own password does not help either
    const withOld = await reset(finance, adminId, { oldPassword: md5Hex('fromAdmin1'), ...twice(md5Hex('hacked1')) });
    expect(withOld.statusCode).toBe(403);
    expect((await me(mwAdmin)).statusCode).toBe(200);
  });

  it('cannot reach a user of another tenant, whatever id is sent', async () => {
    const demoAdmin = await signIn(t.app);
    const mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
    const mwAdminId = (await me(mwAdmin)).json().data.userInfo.userId;
    const response = await reset(demoAdmin, mwAdminId, twice(md5Hex('hacked1')));
    expect(response.statusCode).toBe(404);
    expect((await postLogin(t.app, { account: 'mwadmin', password: md5Hex('admin123'), tenant: 'mw' })).json().code).toBe(200);
  });
});
