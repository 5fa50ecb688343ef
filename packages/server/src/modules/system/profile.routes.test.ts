import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipartFile, sampleImages, signIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app);
});
afterAll(() => t.close());

function call(method: 'GET' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}
const uploadAvatar = (bytes: Buffer, token: string, filename = 'me.png') => {
  const { payload, headers } = multipartFile(bytes, { filename });
  return t.app.inject({ method: 'POST', url: '/api/system/Current/Avatar', headers: { ...headers, authorization: token }, payload });
};
const sessionsOf = async (token: string): Promise<{ id: string; current: boolean; ip: string }[]> => (await call('GET', '/api/system/Current/Sessions', token)).json().data;

describe('personal center: profile', () => {
  it('shows who the user is in the tenant', async () => {
    const response = await call('GET', '/api/system/Current/Profile', admin);
    expect(response.json().data).toMatchObject({
      account: 'admin',
      realName: '系统管理员',
      tenantName: '演示停车运营有限公司',
      organizationName: '演示停车运营有限公司',
      positionNames: ['运营经理'],
      roleNames: ['系统管理员'],
      isAdministrator: true,
      avatar: '',
    });
  });

  it('lets a user without the 用户 page edit their own name, mobile and email, and nothing else', async () => {
    const finance = await signIn(t.app, 'mwfinance', 'mw');
    const bad = await call('PUT', '/api/system/Current/Profile', finance, { realName: '明湾财务', mobile: '12345', email: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('请输入正确的电话号码');
    const blank = await call('PUT', '/api/system/Current/Profile', finance, { realName: '  ', mobile: '', email: '' });
    expect(blank.json().msg).toContain('请输入姓名');
    const sneaky = await call('PUT', '/api/system/Current/Profile', finance, { realName: '财务小王', mobile: '', email: '', isAdministrator: true });
    expect(sneaky.statusCode).toBe(200);

    const saved = await call('PUT', '/api/system/Current/Profile', finance, { realName: '财务小王', mobile: '13800138000', email: 'wang@example.com' });
    expect(saved.json()).toMatchObject({ code: 200, msg: '修改成功', data: { realName: '财务小王', mobile: '13800138000', isAdministrator: false } });
    const me = (await call('GET', '/api/oauth/CurrentUser', finance)).json().data.userInfo;
    expect(me).toMatchObject({ userName: '财务小王', isAdministrator: false });

    const mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
    const log = (await call('GET', `/api/system/log?keyword=${encodeURIComponent('修改个人资料')}`, mwAdmin)).json().data.list;
    expect(log[0]).toMatchObject({ account: 'mwfinance', action: 'update', target: 'user' });
  });

  it('uploads an avatar that CurrentUser then names, and refuses what is not an image', async () => {
    const refused = await uploadAvatar(sampleImages.svg, admin, 'me.svg');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('只能上传 PNG、JPG、GIF、WebP 格式的图片');

    const response = await uploadAvatar(sampleImages.png, admin);
    const url: string = response.json().data.url;
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.png$/);
    expect((await call('GET', '/api/oauth/CurrentUser', admin)).json().data.userInfo.avatar).toBe(url);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });
});

describe('personal center: sessions', () => {
  it("lists the user's open sessions, marking the current one", async () => {
    const laptop = await signIn(t.app, 'mwadmin', 'mw');
    await signIn(t.app, 'mwadmin', 'mw');
    const listed = await sessionsOf(laptop);
    expect(listed.length).toBeGreaterThanOrEqual(2);
    expect(listed.filter((s) => s.current).length).toBe(1);
    // nobody else's sessions appear
    const adminSessions = await sessionsOf(admin);
    expect(adminSessions.some((s) => listed.some((l) => l.id === s.id))).toBe(false);
  });

  it('ends another of the own sessions, which then answers 601', async () => {
    const laptop = await signIn(t.app, 'mwadmin', 'mw');
    const phone = await signIn(t.app, 'mwadmin', 'mw');
    const phoneSession = (await sessionsOf(phone)).find((s) => s.current)!;
    const ended = await call('DELETE', `/api/system/Current/Sessions/${phoneSession.id}`, laptop);
    expect(ended.json()).toMatchObject({ code: 200, msg: '已下线', data: { current: false } });
    const phoneAfter = await call('GET', '/api/oauth/CurrentUser', phone);
    expect(phoneAfter.json()).toMatchObject({ code: 601, msg: '该登录已在个人中心被下线，请重新登录' });
    expect((await call('GET', '/api/oauth/CurrentUser', laptop)).json().code).toBe(200);
    expect((await sessionsOf(laptop)).some((s) => s.id === phoneSession.id)).toBe(false);
  });

  it("cannot end someone else's session, even an administrator's of another tenant", async () => {
    const mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
    const adminSession = (await sessionsOf(admin)).find((s) => s.current)!;
    const refused = await call('DELETE', `/api/system/Current/Sessions/${adminSession.id}`, mwAdmin);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().msg).toBe('该登录不存在或已结束');
    expect((await call('GET', '/api/oauth/CurrentUser', admin)).json().code).toBe(200);
    expect((await call('DELETE', '/api/system/Current/Sessions/not-a-uuid', mwAdmin)).statusCode).toBe(400);
  });

  it('ending the current session signs the user out', async () => {
    const token = await signIn(t.app, 'mwadmin', 'mw');
    const current = (await sessionsOf(token)).find((s) => s.current)!;
    expect((await call('DELETE', `/api/system/Current/Sessions/${current.id}`, token)).json().data).toEqual({ current: true });
    expect((await call('GET', '/api/oauth/CurrentUser', token)).statusCode).toBe(401);
  });
});
