import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authPaths, devicePublicPaths, textMessages } from '@parking/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkingAreas } from '../db/schema/index.js';
import { deviceBody, postSigned } from '../modules/devices/device-signing.js';
import { buildTestApp, postLogin, signIn, type TestApp } from '../test/test-app.js';

let t: TestApp;
let admin: string;
let deviceSecret: string;

const areaCount = async () => Number((await t.database.db.select({ n: count() }).from(parkingAreas))[0]!.n);
const json = (method: 'POST' | 'PUT', url: string, payload: string) => t.app.inject({ method, url, headers: { authorization: admin, 'content-type': 'application/json' }, payload });

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app);
  const lot = (await t.app.inject({ method: 'POST', url: '/api/system/Parking', headers: { authorization: admin }, payload: { name: '文本规则停车场', type: 1, kind: 'lane' } })).json().data;
  deviceSecret = (
    await t.app.inject({ method: 'POST', url: '/api/system/Device', headers: { authorization: admin }, payload: { sn: 'TXT-CAM-1', name: '入口相机', type: 'camera', lotId: lot.id } })
  ).json().data.secret;
});
afterAll(() => t.close());

describe('the text rule on every request', () => {
  it('refuses a NUL or a lone surrogate in a JSON body, naming the field, and stores nothing', async () => {
    const before = await areaCount();
    const nul = await json('POST', '/api/system/ParkingArea', JSON.stringify({ name: '片区\u0000' }));
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ code: 400, msg: `请求体 name：${textMessages.nul}`, data: null });
    // JSON.stringify writes a lone surrogate as the escape \ud800, which JSON.parse turns back into one
    const lone = await json('POST', '/api/system/ParkingArea', JSON.stringify({ name: '片区', address: 'x\ud800' }));
    expect(lone.json()).toEqual({ code: 400, msg: `请求体 address：${textMessages.surrogate}`, data: null });
    expect(await areaCount()).toBe(before);
  });

  it('refuses them in a query string and a path, where PostgreSQL would have failed with a 500', async () => {
    const query = await t.app.inject({ method: 'GET', url: '/api/system/ParkingArea?name=%E7%89%87%00', headers: { authorization: admin } });
    expect(query.json()).toEqual({ code: 400, msg: `查询参数 name：${textMessages.nul}`, data: null });
    const path = await t.app.inject({ method: 'GET', url: `/api/system/Arrears/${encodeURIComponent('粤B1234')}%00`, headers: { authorization: admin } });
    expect(path.statusCode).toBe(400);
    expect(path.json()).toEqual({ code: 400, msg: `路径参数 plateNumber：${textMessages.nul}`, data: null });
  });

  it('refuses them before sign-in too: the account of a login form and of an SMS code request', async () => {
    const login = await postLogin(t.app, { account: 'ad\u0000min', password: 'x', tenant: 'demo' });
    expect(login.statusCode).toBe(400);
    expect(login.json().msg).toBe(`请求体 account：${textMessages.nul}`);
    const sms = await t.app.inject({ method: 'POST', url: authPaths.smsCode.replace(':account', 'demo'), payload: { username: '\udfffadmin' } });
    expect(sms.statusCode).toBe(400);
    expect(sms.json().msg).toBe(`请求体 username：${textMessages.surrogate}`);
  });

  it('refuses them in a signed device payload: a plate, and a heartbeat status key', async () => {
    const plate = await postSigned(t.app, devicePublicPaths.heartbeat, deviceSecret, deviceBody('demo', 'TXT-CAM-1', { status: { plate: '粤B\u000012345' } }));
    expect(plate.statusCode).toBe(400);
    expect(plate.json().msg).toBe(`请求体 status.plate：${textMessages.nul}`);
    const key = await postSigned(t.app, devicePublicPaths.heartbeat, deviceSecret, deviceBody('demo', 'TXT-CAM-1', { status: { ['s\ud800']: 1 } }));
    expect(key.statusCode).toBe(400);
    expect(key.json().msg).toContain(textMessages.surrogate);
  });

  it('refuses a body nested past any the product takes', async () => {
    const deep = await json('POST', '/api/system/ParkingArea', `${'['.repeat(50_000)}${']'.repeat(50_000)}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().msg).toContain(textMessages.tooDeep);
  });
});

describe('malformed requests answer in the envelope', () => {
  it('names a __proto__ or constructor.prototype key instead of calling the body broken JSON, on ordinary and signed routes', async () => {
    const proto = await json('POST', '/api/system/ParkingArea', '{"name":"片区","__proto__":{"admin":true}}');
    expect(proto.json()).toEqual({ code: 400, msg: '请求体不能含有字段 __proto__ 或 constructor.prototype', data: null });
    const ctor = await json('POST', '/api/system/ParkingArea', '{"name":"片区","constructor":{"prototype":{"admin":true}}}');
    expect(ctor.json().msg).toBe('请求体不能含有字段 __proto__ 或 constructor.prototype');
    const signed = await t.app.inject({ method: 'POST', url: devicePublicPaths.heartbeat, headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"tenant":"demo"}}' });
    expect(signed.json()).toEqual({ code: 400, msg: '请求体不能含有字段 __proto__ 或 constructor.prototype', data: null });
    const broken = await json('POST', '/api/system/ParkingArea', '{"name":');
    expect(broken.json()).toEqual({ code: 400, msg: '请求体不是合法的 JSON', data: null });
  });

  it('answers a path that does not decode with a Chinese 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/system/ParkingArea/%ED%A0%80', headers: { authorization: admin } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: '请求地址不正确', data: null });
  });

  it('answers a path parameter past the router’s length with 414 in the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/system/ParkingArea/${'a'.repeat(500)}`, headers: { authorization: admin } });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ code: 414, msg: '请求地址过长', data: null });
  });

  it('answers a body over the limit with 413 in the envelope', async () => {
    const response = await json('POST', '/api/system/ParkingArea', JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 413, msg: '请求体过大', data: null });
  });
});

describe('over a real socket', () => {
  it('answers a query string past the header limit with 431 in the envelope, not Node’s bare answer', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const outgoing = httpRequest({ host: '127.0.0.1', port, path: `/api/system/ParkingArea?name=${'a'.repeat(20_000)}`, method: 'GET' }, (incoming) => {
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (body += chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, type: String(incoming.headers['content-type']), body }));
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
    expect(answer.status).toBe(431);
    expect(answer.type).toContain('application/json');
    expect(JSON.parse(answer.body)).toEqual({ code: 431, msg: '请求头或查询参数过长', data: null });
  });
});

describe('an area still saves when its text is ordinary', () => {
  it('keeps emoji and Chinese, which are well-formed', async () => {
    const saved = await json('POST', '/api/system/ParkingArea', JSON.stringify({ name: '东门片区🚗', description: '含“引号”与换行\n' }));
    expect(saved.json().code).toBe(200);
    const [row] = await t.database.db.select().from(parkingAreas).where(eq(parkingAreas.name, '东门片区🚗'));
    expect(row!.description).toBe('含“引号”与换行');
  });
});
