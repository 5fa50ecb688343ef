import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devicePublicPaths } from '@parking/contract';
import { deviceEvents, devices } from '../../db/schema/index.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';
import { deviceBody, postSigned, signatureOf } from './device-signing.js';

// the app's clock: a call's timestamp is checked against it, so the devices here sign with its time
const clock = fixedClock('2026-03-10T02:00:00Z');
const signedBody = (tenant: string, sn: string, extra: Record<string, unknown> = {}) => deviceBody(tenant, sn, { timestamp: clock.now().getTime(), ...extra });

let t: TestApp;
let admin: string;
let deviceId: string;
let secret: string;
const heartbeat = devicePublicPaths.heartbeat;

const events = async () => (await t.database.db.select().from(deviceEvents).where(eq(deviceEvents.sn, 'CAM-0001'))).map((e) => `${e.kind}:${e.detail}`);
const stored = async () => (await t.database.db.select().from(devices).where(eq(devices.id, deviceId)))[0]!;

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  admin = await signIn(t.app);
  const call = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { authorization: admin }, payload });
  const lot = (await call('/api/system/Parking', { name: '万象天地停车场', type: 1, kind: 'lane' })).json().data;
  const created = (await call('/api/system/Device', { sn: 'CAM-0001', name: '入口相机', type: 'camera', lotId: lot.id })).json().data;
  deviceId = created.id;
  secret = created.secret;
});
afterAll(() => t.close());

describe('device heartbeat', () => {
  it('takes a signed heartbeat without a session and marks the device online', async () => {
    const response = await postSigned(t.app, heartbeat, secret, signedBody('demo', 'CAM-0001', { status: { signal: -71, plate: '粤B12345' } }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 200, data: { heartbeatCycle: 60 } });
    const device = await stored();
    expect(device.onlineState).toBe('online');
    expect(device.lastHeartbeatAt).toEqual(clock.now());
    expect(device.lastStatus).toEqual({ signal: -71, plate: '粤B12345' });
  });

  it('answers heartbeats of several devices at once, each for its own device, and refuses an unknown one among them', async () => {
    const lot = (await t.app.inject({ method: 'GET', url: `/api/system/Device/${deviceId}`, headers: { authorization: admin } })).json().data.lotId as string;
    const other = (
      await t.app.inject({
        method: 'POST',
        url: '/api/system/Device',
        headers: { authorization: admin },
        payload: { sn: 'CAM-0002', name: '出口相机', type: 'camera', lotId: lot, heartbeatCycle: 30 },
      })
    ).json().data;
    // the devices of calls arriving together are looked up together
    const [first, second, unknown] = await Promise.all([
      postSigned(t.app, heartbeat, secret, signedBody('demo', 'CAM-0001')),
      postSigned(t.app, heartbeat, other.secret, signedBody('demo', 'CAM-0002')),
      postSigned(t.app, heartbeat, secret, signedBody('demo', 'CAM-9999')),
    ]);
    expect(first.json()).toMatchObject({ code: 200, data: { heartbeatCycle: 60 } });
    expect(second.json()).toMatchObject({ code: 200, data: { heartbeatCycle: 30 } });
    expect(unknown.json()).toMatchObject({ code: 401, msg: '设备未登记或签名错误' });
    const [otherStored] = await t.database.db.select().from(devices).where(eq(devices.id, other.id));
    expect(otherStored!.onlineState).toBe('online');
  });

  it('refuses a wrong, missing or malformed signature with 401 and records why', async () => {
    const body = signedBody('demo', 'CAM-0001');
    for (const signature of ['0'.repeat(64), '', 'not-hex']) {
      const response = await postSigned(t.app, heartbeat, secret, body, signature);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 401, msg: '设备未登记或签名错误', data: null });
    }
    // signed with another device's secret
    expect((await postSigned(t.app, heartbeat, 'f'.repeat(64), signedBody('demo', 'CAM-0001'))).statusCode).toBe(401);
    expect(await events()).toContain(`refused:${heartbeat}：签名错误`);
  });

  it('refuses a body changed after signing', async () => {
    const body = signedBody('demo', 'CAM-0001', { status: { battery: 80 } });
    const signature = signatureOf(heartbeat, secret, body);
    // same tenant, sn, timestamp and nonce, another status: the body hash no longer matches
    const tampered = await postSigned(t.app, heartbeat, secret, { ...body, status: { battery: 5 } }, signature);
    expect(tampered.json()).toMatchObject({ code: 401, msg: '设备未登记或签名错误' });
    expect((await postSigned(t.app, heartbeat, secret, body, signature)).statusCode).toBe(200);
  });

  it('refuses an unknown sn or tenant, and records the sn for a known tenant', async () => {
    const unknown = await postSigned(t.app, heartbeat, secret, signedBody('demo', 'NOPE-1'));
    expect(unknown.json()).toMatchObject({ code: 401, msg: '设备未登记或签名错误' });
    const [event] = await t.database.db.select().from(deviceEvents).where(eq(deviceEvents.sn, 'NOPE-1'));
    expect(event).toMatchObject({ kind: 'refused', deviceId: null, detail: `${heartbeat}：未登记的设备编号` });
    // tenant mw has no such device, and an unknown tenant has no table to record in
    expect((await postSigned(t.app, heartbeat, secret, signedBody('mw', 'CAM-0001'))).statusCode).toBe(401);
    expect((await postSigned(t.app, heartbeat, secret, signedBody('nosuch', 'CAM-0001'))).statusCode).toBe(401);
  });

  it('refuses a timestamp more than 5 minutes off either way, and takes one just inside', async () => {
    const at = (offsetMs: number) => signedBody('demo', 'CAM-0001', { timestamp: clock.now().getTime() + offsetMs });
    for (const offset of [-5 * 60_000 - 2_000, 5 * 60_000 + 2_000]) {
      const response = await postSigned(t.app, heartbeat, secret, at(offset));
      expect(response.json()).toMatchObject({ code: 401, msg: '时间戳超出允许范围（前后5分钟），请校准设备时钟' });
    }
    for (const offset of [-5 * 60_000 + 2_000, 5 * 60_000 - 2_000]) {
      expect((await postSigned(t.app, heartbeat, secret, at(offset))).statusCode).toBe(200);
    }
    expect(await events()).toContain(`refused:${heartbeat}：时间戳超出前后5分钟`);
  });

  it('refuses a replayed call: the same nonce twice', async () => {
    const body = signedBody('demo', 'CAM-0001');
    expect((await postSigned(t.app, heartbeat, secret, body)).statusCode).toBe(200);
    const replay = await postSigned(t.app, heartbeat, secret, body);
    expect(replay.json()).toMatchObject({ code: 401, msg: '请求重复：nonce 已使用' });
    expect(await events()).toContain(`refused:${heartbeat}：重复的 nonce（重放）`);
  });

  it('refuses a disabled device, and a reset secret at once', async () => {
    const lotId = (await stored()).lotId;
    await t.app.inject({
      method: 'PUT',
      url: `/api/system/Device/${deviceId}`,
      headers: { authorization: admin },
      payload: { sn: 'CAM-0001', name: '入口相机', type: 'camera', lotId, enabled: false },
    });
    expect((await postSigned(t.app, heartbeat, secret, signedBody('demo', 'CAM-0001'))).json()).toMatchObject({ code: 401, msg: '设备已停用' });
    await t.app.inject({
      method: 'PUT',
      url: `/api/system/Device/${deviceId}`,
      headers: { authorization: admin },
      payload: { sn: 'CAM-0001', name: '入口相机', type: 'camera', lotId, enabled: true },
    });
    const reset = await t.app.inject({ method: 'POST', url: `/api/system/Device/${deviceId}/Actions/ResetSecret`, headers: { authorization: admin } });
    const fresh = reset.json().data.secret as string;
    expect((await postSigned(t.app, heartbeat, secret, signedBody('demo', 'CAM-0001'))).statusCode).toBe(401);
    expect((await postSigned(t.app, heartbeat, fresh, signedBody('demo', 'CAM-0001'))).statusCode).toBe(200);
    secret = fresh;
  });

  it('answers bad input with 400 in Chinese, and malformed JSON too', async () => {
    const missing = await postSigned(t.app, heartbeat, secret, { tenant: 'demo', sn: 'CAM-0001', timestamp: clock.now().getTime() });
    expect(missing.json()).toMatchObject({ code: 400, msg: '请求体 nonce：请提供随机数 nonce' });
    const short = await postSigned(t.app, heartbeat, secret, signedBody('demo', 'CAM-0001', { nonce: 'abc' }));
    expect(short.json().msg).toBe('请求体 nonce：nonce 应为8到64位字母、数字、下划线或短横线');
    const extra = await postSigned(t.app, heartbeat, secret, signedBody('demo', 'CAM-0001', { colour: 'red' }));
    expect(extra.statusCode).toBe(400);
    const broken = await t.app.inject({ method: 'POST', url: heartbeat, headers: { 'content-type': 'application/json' }, payload: '{"tenant":' });
    expect(broken.json()).toMatchObject({ code: 400, msg: '请求体不是合法的 JSON' });
  });
});
