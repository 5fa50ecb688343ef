import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../shared/passwords.js';
import { buildTestApp, multipartFile, sampleImages, signIn, testConfig, type TestApp } from '../../test/test-app.js';

interface TenantItem {
  id: string;
  code: string;
  name: string;
  title: string;
  logo: string;
  favicon: string;
  enabled: boolean;
  isPlatform: boolean;
  bigScreenType: number;
}

let t: TestApp;
let admin: string;
let mwAdmin: string;
let dataDir: string;
beforeAll(async () => {
  dataDir = testConfig().dataDir;
  t = await buildTestApp({ config: { dataDir } });
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
});
afterAll(() => t.close());

const base = '/api/system/Tenant';
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}
const upload = (id: string, kind: string, bytes: Buffer, options: Parameters<typeof multipartFile>[1] = {}, token = admin) => {
  const { payload, headers } = multipartFile(bytes, options);
  return t.app.inject({ method: 'POST', url: `${base}/${id}/Actions/Upload/${kind}`, headers: { ...headers, authorization: token }, payload });
};
const tenants = async (query = ''): Promise<TenantItem[]> => (await call('GET', `${base}${query}`)).json().data.list;
const byCode = async (code: string) => (await tenants('?pageSize=100')).find((x) => x.code === code)!;
const editable = (x: TenantItem & Record<string, unknown>) => ({
  name: x.name,
  title: x.title,
  weatherLocation: x.weatherLocation,
  icpNo: x.icpNo,
  policeNo: x.policeNo,
  bigScreenType: x.bigScreenType,
  footerText: x.footerText,
  smsCaptchaOpen: x.smsCaptchaOpen,
  enabled: x.enabled,
});
const newTenant = {
  code: 'Acme',
  name: '阿克米停车有限公司',
  title: '阿克米停车',
  weatherLocation: '101020100',
  icpNo: '沪ICP备2026000003号-1',
  policeNo: '',
  bigScreenType: 3,
  footerText: 'Copyright © 2026 阿克米',
  adminAccount: 'boss',
  adminPassword: md5Hex('Acme2026'),
};

describe('tenants: platform administrators only', () => {
  it('lists the platform tenant first, then the others, with search', async () => {
    const list = await tenants();
    expect(list.map((x) => [x.code, x.isPlatform])).toEqual([
      ['demo', true],
      ['mw', false],
    ]);
    expect((await tenants(`?keyword=${encodeURIComponent('明湾')}`)).map((x) => x.code)).toEqual(['mw']);
    expect((await tenants('?enabled=0')).length).toBe(0);
    expect((await call('GET', `${base}?enabled=2`)).json().msg).toContain('状态只能是 1（启用）或 0（停用）');
  });

  it("refuses another tenant's administrator everywhere, and hides the menu from them", async () => {
    const mw = await byCode('mw');
    for (const [method, url, body] of [
      ['GET', base],
      ['GET', `${base}/${mw.id}`],
      ['POST', base, newTenant],
      ['PUT', `${base}/${mw.id}`, { ...editable(mw as never), title: '被改' }],
    ] as const) {
      const response = await call(method, url, body, mwAdmin);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await upload(mw.id, 'logo', sampleImages.png, {}, mwAdmin)).statusCode).toBe(403);
    expect((await byCode('mw')).title).toBe('明湾智慧停车');
    const mwPermissions: string[] = (await call('GET', '/api/oauth/CurrentUser', undefined, mwAdmin)).json().data.permissionList;
    expect(mwPermissions).toContain('user');
    expect(mwPermissions).not.toContain('tenant');
    const platformPermissions: string[] = (await call('GET', '/api/oauth/CurrentUser')).json().data.permissionList;
    expect(platformPermissions).toContain('tenant');
  });

  it('validates a new tenant with Chinese messages and writes nothing', async () => {
    const bad = await call('POST', base, { ...newTenant, code: '9lives' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('租户编码为2-32位小写字母、数字、_ 或 -，以字母开头');
    expect((await call('POST', base, { ...newTenant, bigScreenType: 7 })).json().msg).toContain('大屏类型只能是 1、2 或 3');
    expect((await call('POST', base, { ...newTenant, weatherLocation: 'Beijing' })).json().msg).toContain('天气位置应为9位城市编码');
    expect((await call('POST', base, { ...newTenant, adminPassword: 'Acme2026' })).statusCode).toBe(400);
    const taken = await call('POST', base, { ...newTenant, code: 'MW' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('租户编码「mw」已存在');
    expect((await tenants()).length).toBe(2);
  });

  it('creates a tenant whose first administrator signs in to a full, separate console', async () => {
    const created = await call('POST', base, newTenant);
    expect(created.json()).toMatchObject({ code: 200, msg: '新增成功', data: { code: 'acme', name: '阿克米停车有限公司', enabled: true, isPlatform: false, bigScreenType: 3 } });

    const boss = await signIn(t.app, 'boss', 'acme', md5Hex('Acme2026'));
    const me = (await call('GET', '/api/oauth/CurrentUser', undefined, boss)).json().data;
    expect(me.userInfo).toMatchObject({ userAccount: 'boss', tenantCode: 'acme', isAdministrator: true });
    expect(me.permissionList).toContain('parkingList');
    expect(me.permissionList).not.toContain('tenant');
    const roles = (await call('GET', '/api/system/Permission/Role', undefined, boss)).json().data.list;
    expect(roles.map((r: { name: string }) => r.name)).toEqual(['系统管理员']);
    const positions = (await call('GET', '/api/system/Permission/Position', undefined, boss)).json().data.pagination.total;
    expect(positions).toBe(4);
    const users = (await call('GET', '/api/system/Permission/Users', undefined, boss)).json().data.list;
    expect(users.map((u: { account: string }) => u.account)).toEqual(['boss']);
    const colours = (await call('GET', '/api/dictDetail?dictName=plate_colour&page=0&size=9999', undefined, boss)).json().data;
    expect(colours.list.map((d: { label: string }) => d.label)).toEqual(['蓝色', '白色', '黄色', '绿色', '黑色']);
    const branding = (await t.app.inject({ method: 'GET', url: '/api/oauth/branding?account=acme' })).json().data;
    expect(branding).toMatchObject({ title: '阿克米停车', bigScreenType: 3, footerText: 'Copyright © 2026 阿克米' });

    const log = (await call('GET', `/api/system/log?keyword=${encodeURIComponent('阿克米')}`)).json().data.list;
    expect(log[0]).toMatchObject({ account: 'admin', action: 'create', target: 'tenant' });
  });

  it('edits branding, and disabling a tenant ends its sessions and its sign-in', async () => {
    const acme = await byCode('acme');
    const boss = await signIn(t.app, 'boss', 'acme', md5Hex('Acme2026'));
    const edited = await call('PUT', `${base}/${acme.id}`, { ...editable(acme as never), title: '阿克米智慧停车', enabled: false });
    expect(edited.json()).toMatchObject({ code: 200, data: { title: '阿克米智慧停车', enabled: false } });

    const after = await call('GET', '/api/oauth/CurrentUser', undefined, boss);
    expect(after.json().code).toBe(601);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/Login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ account: 'boss', password: md5Hex('Acme2026'), tenant: 'acme' }).toString(),
    });
    expect(login.json().msg).toBe('租户「acme」已停用');

    const demo = await byCode('demo');
    const lockout = await call('PUT', `${base}/${demo.id}`, { ...editable(demo as never), enabled: false });
    expect(lockout.statusCode).toBe(400);
    expect(lockout.json().msg).toBe('平台运营租户不能停用');
    expect((await byCode('demo')).enabled).toBe(true);
    expect((await call('GET', `${base}/00000000-0000-4000-8000-000000000000`)).json().msg).toBe('租户不存在');
  });
});

describe('brand image upload', () => {
  it('stores a PNG logo under a random name, serves it, and points the branding at it', async () => {
    const mw = await byCode('mw');
    const response = await upload(mw.id, 'logo', sampleImages.png, { filename: 'logo.png' });
    expect(response.json()).toMatchObject({ code: 200, msg: '上传成功' });
    const url: string = response.json().data.url;
    expect(url).toMatch(/^\/uploads\/brand\/[0-9a-f-]{36}\.png$/);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(sampleImages.png)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/oauth/branding?account=mw' })).json().data.logo).toBe(url);

    // a second upload replaces the first, whose file is removed
    const second = (await upload(mw.id, 'logo', sampleImages.png)).json().data.url;
    expect(second).not.toBe(url);
    await expect(stat(join(dataDir, url))).rejects.toThrow();
    expect(await readFile(join(dataDir, second))).toEqual(sampleImages.png);
  });

  it('accepts an ICO favicon, judged by its bytes', async () => {
    const mw = await byCode('mw');
    const response = await upload(mw.id, 'favicon', sampleImages.ico, { filename: 'favicon.ico', contentType: 'application/octet-stream' });
    expect(response.json().data.url).toMatch(/\.ico$/);
  });

  it('refuses SVG, disguised files, oversize files and malformed requests, changing nothing', async () => {
    const mw = await byCode('mw');
    const before = await byCode('mw');
    const svg = await upload(mw.id, 'logo', sampleImages.svg, { filename: 'logo.svg', contentType: 'image/svg+xml' });
    expect(svg.statusCode).toBe(400);
    expect(svg.json().msg).toBe('只能上传 PNG、JPG、GIF、WebP 格式的图片');
    const disguised = await upload(mw.id, 'logo', Buffer.from('MZ this is not a picture'), { filename: 'logo.png' });
    expect(disguised.json().msg).toBe('只能上传 PNG、JPG、GIF、WebP 格式的图片');
    const icoAsLogo = await upload(mw.id, 'logo', sampleImages.ico, { filename: 'a.ico' });
    expect(icoAsLogo.statusCode).toBe(400);

    const big = Buffer.concat([sampleImages.png, Buffer.alloc(300 * 1024)]);
    const bigFavicon = await upload(mw.id, 'favicon', big);
    expect(bigFavicon.statusCode).toBe(400);
    expect(bigFavicon.json().msg).toBe('图片不能超过256KB');
    const huge = await upload(mw.id, 'logo', Buffer.concat([sampleImages.png, Buffer.alloc(2 * 1024 * 1024)]));
    expect(huge.json().msg).toBe('图片不能超过2MB');

    expect((await upload(mw.id, 'logo', sampleImages.png, { field: 'image' })).json().msg).toBe('图片应放在字段 file 中');
    expect((await upload(mw.id, 'banner', sampleImages.png)).json().msg).toContain('图片类型只能是 logo 或 favicon');
    const notMultipart = await call('POST', `${base}/${mw.id}/Actions/Upload/logo`, { file: 'x' });
    expect(notMultipart.statusCode).toBe(400);
    expect((await upload('00000000-0000-4000-8000-000000000000', 'logo', sampleImages.png)).statusCode).toBe(404);

    const after = await byCode('mw');
    expect([after.logo, after.favicon]).toEqual([before.logo, before.favicon]);
  });
});
