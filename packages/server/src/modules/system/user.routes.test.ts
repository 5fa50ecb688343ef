import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, postLogin, signIn, type TestApp } from '../../test/test-app.js';
import { md5Hex } from '../auth/passwords.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/oauth/CurrentUser', headers: { authorization: token } });
const reset = (token: string, id: string, userPassword: string, validatePassword = userPassword) =>
  t.app.inject({
    method: 'POST',
    url: `/api/system/Permission/Users/${id}/Actions/ResetPassword`,
    headers: { authorization: token },
    payload: { id, userPassword, validatePassword },
  });

describe('POST /api/system/Permission/Users/{id}/Actions/ResetPassword', () => {
  it('changes the own password, keeps this session and ends every other one', async () => {
    const current = await signIn(t.app, 'mwfinance', 'mw');
    const other = await signIn(t.app, 'mwfinance', 'mw');
    const userId = (await me(current)).json().data.userInfo.userId;

    const response = await reset(current, userId, md5Hex('newPass1'));
    expect(response.json()).toEqual({ code: 200, msg: '修改成功', data: { endedSessions: 1 } });

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
    const response = await reset(token, userId, md5Hex('abc123'), md5Hex('abc124'));
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain('两次输入的密码不一致');
  });

  it("refuses another user's password to someone without the 用户 page", async () => {
    const finance = await signIn(t.app, 'mwfinance', 'mw', md5Hex('newPass1'));
    const mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
    const adminId = (await me(mwAdmin)).json().data.userInfo.userId;
    const response = await reset(finance, adminId, md5Hex('hacked1'));
    expect(response.statusCode).toBe(403);
    expect((await me(mwAdmin)).statusCode).toBe(200);
  });

  it("cannot reach a user of another tenant, whatever id is sent", async () => {
    const demoAdmin = await signIn(t.app);
    const mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
    const mwAdminId = (await me(mwAdmin)).json().data.userInfo.userId;
    const response = await reset(demoAdmin, mwAdminId, md5Hex('hacked1'));
    expect(response.statusCode).toBe(404);
    expect((await postLogin(t.app, { account: 'mwadmin', password: md5Hex('admin123'), tenant: 'mw' })).json().code).toBe(200);
  });
});
