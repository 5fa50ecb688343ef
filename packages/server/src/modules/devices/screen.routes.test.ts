import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devicePublicPaths } from '@parking/contract';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { deviceBody, postSigned } from './device-signing.js';

let t: TestApp;
let admin: string;
let mwAdmin: string;
let finance: string;
let screenId: string;
let screenSecret: string;
let cameraId: string;
let cameraSecret: string;
let mwScreenId: string;

const send = '/api/system/Device/sendScreenMsg/defaultScence';
const screens = '/api/system/Device/Screens';
function call(method: 'GET' | 'POST', url: string, payload?: object, token = admin) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}
const pull = (secret = screenSecret, sn = 'LED-0001') => postSigned(t.app, devicePublicPaths.screenPull, secret, deviceBody('demo', sn));
const screenRow = async (token = admin) => (await call('GET', screens, undefined, token)).json().data.list[0];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  finance = await signIn(t.app, 'mwfinance', 'mw');
  const lot = (await call('POST', '/api/system/Parking', { name: '万象天地停车场', type: 1, kind: 'lane' })).json().data;
  const screen = (await call('POST', '/api/system/Device', { sn: 'LED-0001', name: '入口显示屏', type: 'led_screen', lotId: lot.id })).json().data;
  screenId = screen.id;
  screenSecret = screen.secret;
  const camera = (await call('POST', '/api/system/Device', { sn: 'CAM-0001', name: '入口相机', type: 'camera', lotId: lot.id })).json().data;
  cameraId = camera.id;
  cameraSecret = camera.secret;
  const mwLot = (await call('POST', '/api/system/Parking', { name: '美湾停车场', type: 1, kind: 'lane' }, mwAdmin)).json().data;
  mwScreenId = (await call('POST', '/api/system/Device', { sn: 'LED-0001', name: '美湾显示屏', type: 'led_screen', lotId: mwLot.id }, mwAdmin)).json().data.id;
});
afterAll(() => t.close());

describe('LED screens', () => {
  it('queues a text for a screen, logs it, and lists it as 待送达', async () => {
    const response = await call('POST', send, { deviceId: screenId, text: ' 车位已满 ', line: 2, colour: 'green' });
    expect(response.json()).toMatchObject({
      code: 200,
      msg: '已发送，等待显示屏接收',
      data: { deviceId: screenId, text: '车位已满', line: 2, colour: 'green', state: 'queued', deliveredAt: null },
    });
    await call('POST', send, { deviceId: screenId, text: '欢迎光临' });
    const row = await screenRow();
    expect(row).toMatchObject({ sn: 'LED-0001', lotName: '万象天地停车场', pendingCount: 2, onlineState: 'never' });
    expect(row.messages.map((m: { text: string }) => m.text)).toEqual(['欢迎光临', '车位已满']);
    expect(row.messages[0]).toMatchObject({ line: 1, colour: 'red' });
    const log = (await call('GET', `/api/system/log?target=screenMessage`)).json().data.list[0];
    expect(log).toMatchObject({ action: 'create', summary: '向显示屏「万象天地停车场 LED-0001」发送「欢迎光临」' });
  });

  it('lists screens only, filtered by sn or name', async () => {
    expect((await call('GET', screens)).json().data.pagination.total).toBe(1);
    expect((await call('GET', `${screens}?deviceNo=LED`)).json().data.pagination.total).toBe(1);
    expect((await call('GET', `${screens}?deviceNo=CAM`)).json().data.pagination.total).toBe(0);
    expect((await call('GET', `${screens}?size=1`)).statusCode).toBe(400);
  });

  it("refuses bad input, a device that is no screen and another tenant's screen, and queues nothing", async () => {
    const sendBody = (body: object) => call('POST', send, { deviceId: screenId, text: '满', ...body });
    expect((await sendBody({ text: '' })).json()).toMatchObject({ code: 400, msg: '请求体 text：请输入显示内容' });
    expect((await sendBody({ text: '字'.repeat(65) })).json().msg).toBe('请求体 text：显示内容最长64个字');
    expect((await sendBody({ line: 5 })).json().msg).toBe('请求体 line：显示行只能是1到4');
    expect((await sendBody({ colour: 'blue' })).json().msg).toBe('请求体 colour：颜色只能是 red、green、yellow 或 white');
    expect((await sendBody({ deviceId: 'x' })).json().msg).toBe('请求体 deviceId：请选择显示屏');
    expect((await sendBody({ deviceId: cameraId })).json()).toMatchObject({ code: 400, msg: '所选显示屏不存在' });
    expect((await sendBody({ deviceId: mwScreenId })).json()).toMatchObject({ code: 400, msg: '所选显示屏不存在' });
    expect((await call('POST', send, { deviceId: screenId, text: '入侵' }, mwAdmin)).json()).toMatchObject({ code: 400, msg: '所选显示屏不存在' });
    expect((await screenRow()).pendingCount).toBe(2);
    expect(JSON.stringify((await call('GET', screens, undefined, mwAdmin)).json())).not.toContain('车位已满');
  });

  it('refuses users without the 显示屏 page', async () => {
    expect((await call('GET', screens, undefined, finance)).statusCode).toBe(403);
    expect((await call('POST', send, { deviceId: mwScreenId, text: '满' }, finance)).statusCode).toBe(403);
  });

  it('hands the queued texts to the screen once, oldest first, and shows them 已送达', async () => {
    const first = await pull();
    expect(first.statusCode).toBe(200);
    expect(first.json().data.messages.map((m: { text: string }) => m.text)).toEqual(['车位已满', '欢迎光临']);
    expect((await pull()).json().data.messages).toEqual([]);
    const row = await screenRow();
    expect(row.pendingCount).toBe(0);
    expect(row.messages.every((m: { state: string; deliveredAt: string | null }) => m.state === 'delivered' && m.deliveredAt !== null)).toBe(true);
  });

  it('refuses a pull signed wrongly or replayed, or from a device that is no screen', async () => {
    expect((await pull('0'.repeat(64))).json()).toMatchObject({ code: 401, msg: '设备未登记或签名错误' });
    const body = deviceBody('demo', 'LED-0001');
    expect((await postSigned(t.app, devicePublicPaths.screenPull, screenSecret, body)).statusCode).toBe(200);
    expect((await postSigned(t.app, devicePublicPaths.screenPull, screenSecret, body)).json()).toMatchObject({ code: 401, msg: '请求重复：nonce 已使用' });
    expect((await pull(cameraSecret, 'CAM-0001')).json()).toMatchObject({ code: 400, msg: '该设备不是显示屏' });
  });
});
