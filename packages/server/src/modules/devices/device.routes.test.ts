import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, operationLogs } from '../../db/schema/index.js';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { md5Hex } from '../auth/passwords.js';

let t: TestApp;
let admin: string;
let mwAdmin: string;
let finance: string;
/** a user of tenant demo holding 路外设备 only */
let outRoadOnly: string;
let gatedId: string;
let roadId: string;
let otherRoadId: string;
let laneId: string;
let spaceId: string;
let mwLotId: string;

const base = '/api/system/Device';
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}
const sns = (data: { list: { sn: string }[] }) => data.list.map((d) => d.sn);
const total = async (query = '', token = admin) => (await call('GET', `${base}${query}`, undefined, token)).json().data.pagination.total as number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  finance = await signIn(t.app, 'mwfinance', 'mw');
  gatedId = (await call('POST', '/api/system/Parking', { name: '万象天地停车场', type: 1, kind: 'lane' })).json().data.id;
  roadId = (await call('POST', '/api/system/Parking', { name: '福华路路侧', type: 0, kind: 'space' })).json().data.id;
  otherRoadId = (await call('POST', '/api/system/Parking', { name: '深南路路侧', type: 0, kind: 'space' })).json().data.id;
  laneId = (await call('POST', '/api/system/ParkingLane', { lotId: gatedId, name: '1号入口', direction: 'in' })).json().data.id;
  spaceId = (await call('POST', '/api/system/ParkingSpace', { lotId: roadId, number: 'F001' })).json().data.id;
  mwLotId = (await call('POST', '/api/system/Parking', { name: '美湾停车场', type: 1, kind: 'lane' }, mwAdmin)).json().data.id;

  const menus = (await call('GET', '/api/system/Permission/Menu')).json().data as { enCode: string; id: string; children: { enCode: string; id: string }[] }[];
  const outRoadMenu = menus.flatMap((m) => m.children).find((m) => m.enCode === 'outRoad')!;
  const role = (await call('POST', '/api/system/Permission/Role', { name: '路外运维', code: 'outRoadOps' })).json().data;
  await call('PUT', `/api/system/Permission/Role/${role.id}/Menus`, { menuIds: [outRoadMenu.id] });
  await call('POST', '/api/system/Permission/Users', { account: 'outops', realName: '路外运维员', password: md5Hex('x1y2z3'), roleIds: [role.id] });
  outRoadOnly = await signIn(t.app, 'outops', 'demo', md5Hex('x1y2z3'));
});
afterAll(() => t.close());

describe('devices', () => {
  let cameraId = '';
  let sensorId = '';
  let cameraSecret = '';

  it('creates a device on a lot with its lane, shows the secret once, keeps it out of the log, and logs the change', async () => {
    const response = await call('POST', base, { sn: 'CAM-0001', name: '1号入口相机', type: 'camera', lotId: gatedId, laneId, networkType: '有线' });
    expect(response.json()).toMatchObject({
      code: 200,
      msg: '新增成功',
      data: {
        sn: 'CAM-0001',
        type: 'camera',
        lotId: gatedId,
        lotName: '万象天地停车场',
        parkingType: 1,
        laneId,
        laneName: '1号入口',
        spaceId: null,
        heartbeatCycle: 60,
        networkType: '有线',
        onlineState: 'never',
        lastHeartbeatAt: null,
        enabled: true,
      },
    });
    cameraId = response.json().data.id;
    cameraSecret = response.json().data.secret;
    expect(cameraSecret).toMatch(/^[0-9a-f]{64}$/);
    const [stored] = await t.database.db.select().from(devices).where(eq(devices.id, cameraId));
    expect(stored!.secret).toBe(cameraSecret);
    expect((await call('GET', `${base}/${cameraId}`)).json().data).not.toHaveProperty('secret');
    expect(JSON.stringify((await call('GET', base)).json())).not.toContain(cameraSecret);
    const log = (await call('GET', `/api/system/log?targetId=${cameraId}`)).json().data.list[0];
    expect(log).toMatchObject({ action: 'create', target: 'device', summary: '新增设备「万象天地停车场 CAM-0001」' });
    expect(JSON.stringify(await t.database.db.select().from(operationLogs))).not.toContain(cameraSecret);

    const sensor = await call('POST', base, { sn: 'GM-0001', name: 'F001地磁', type: 'geomagnetic', lotId: roadId, spaceId, heartbeatCycle: 300, networkType: 'NB-IoT' });
    expect(sensor.json().data).toMatchObject({ parkingType: 0, spaceNumber: 'F001', heartbeatCycle: 300 });
    sensorId = sensor.json().data.id;
    await call('POST', base, { sn: 'PDA-0001', name: '收费员PDA', type: 'pda', lotId: otherRoadId, enabled: false, remark: '备用机' });
  });

  it('lists 路内 and 路外 apart, with filters deviceNo (sn or name), type, lot, online state and enabled', async () => {
    expect(await total()).toBe(3);
    expect(sns((await call('GET', `${base}?parkingType=1`)).json().data)).toEqual(['CAM-0001']);
    expect(sns((await call('GET', `${base}?parkingType=0&sidx=sn&sort=asc`)).json().data)).toEqual(['GM-0001', 'PDA-0001']);
    expect(sns((await call('GET', `${base}?deviceNo=gm-0`)).json().data)).toEqual(['GM-0001']);
    expect(sns((await call('GET', `${base}?deviceNo=${encodeURIComponent('相机')}`)).json().data)).toEqual(['CAM-0001']);
    expect(await total('?type=pda')).toBe(1);
    expect(await total(`?lotId=${roadId}`)).toBe(1);
    expect(await total('?onlineState=never')).toBe(3);
    expect(await total('?onlineState=online')).toBe(0);
    expect(sns((await call('GET', `${base}?enabled=0`)).json().data)).toEqual(['PDA-0001']);
    expect((await call('GET', `${base}?parkingType=2`)).json()).toMatchObject({ code: 400, msg: '查询参数 parkingType：停车场类型只能是 0（路内）或 1（路外）' });
    expect((await call('GET', `${base}?type=radar`)).json().code).toBe(400);
    expect((await call('GET', `${base}?colour=red`)).statusCode).toBe(400);
  });

  it("refuses bad input, a lane or space of another lot, another tenant's lot and a taken sn, and writes nothing", async () => {
    const before = await total();
    const create = (body: object) => call('POST', base, { sn: 'X-1', name: '新设备', type: 'camera', lotId: gatedId, ...body });
    expect((await create({ sn: '' })).json()).toMatchObject({ code: 400, msg: '请求体 sn：请输入设备编号' });
    expect((await create({ sn: 'X 1' })).json().msg).toBe('请求体 sn：设备编号只能包含字母、数字、下划线和短横线');
    expect((await create({ name: '' })).json().msg).toBe('请求体 name：请输入设备名称');
    expect((await create({ type: 'radar' })).json().msg).toBe('请求体 type：设备类型只能是 camera、barrier、geomagnetic、video_pole、pda 或 led_screen');
    expect((await create({ lotId: undefined })).json().msg).toBe('请求体 lotId：请选择停车场');
    expect((await create({ heartbeatCycle: 9 })).json().msg).toBe('请求体 heartbeatCycle：心跳周期最小为10秒');
    expect((await create({ heartbeatCycle: 3601 })).json().msg).toBe('请求体 heartbeatCycle：心跳周期最大为3600秒');
    expect((await create({ networkType: '5G' })).json().msg).toBe('请求体 networkType：网络类型只能是 4G、NB-IoT、有线 或 WiFi');
    expect((await create({ remark: 'x'.repeat(201) })).json().msg).toBe('请求体 remark：备注最长200位');
    expect((await create({ spaceId })).json()).toMatchObject({ code: 400, msg: '所选泊位不属于停车场「万象天地停车场」' });
    expect((await create({ lotId: roadId, laneId })).json()).toMatchObject({ code: 400, msg: '所选车道不属于停车场「福华路路侧」' });
    expect((await create({ lotId: mwLotId })).json()).toMatchObject({ code: 400, msg: '所选停车场不存在' });
    expect((await create({ sn: 'CAM-0001' })).json()).toMatchObject({ code: 409, msg: '设备编号「CAM-0001」已存在' });
    expect(await total()).toBe(before);
  });

  it('edits a device, moves it to another lot, and logs before and after', async () => {
    const response = await call('PUT', `${base}/${sensorId}`, { sn: 'GM-0001', name: '深南路地磁', type: 'geomagnetic', lotId: otherRoadId, heartbeatCycle: 120 });
    expect(response.json()).toMatchObject({ code: 200, msg: '修改成功', data: { lotName: '深南路路侧', spaceId: null, heartbeatCycle: 120, networkType: '4G' } });
    expect((await call('PUT', `${base}/${sensorId}`, { sn: 'CAM-0001', name: 'x', type: 'geomagnetic', lotId: roadId })).json().code).toBe(409);
    const log = (await call('GET', `/api/system/log?targetId=${sensorId}&keyword=${encodeURIComponent('修改设备')}`)).json().data.list[0];
    expect(log).toMatchObject({ before: { lotName: '福华路路侧', heartbeatCycle: 300 }, after: { lotName: '深南路路侧', heartbeatCycle: 120 } });
  });

  it('keeps a camera’s stream address for 视频监控: checked, kept when an edit leaves it out, cleared by an empty one', async () => {
    const camera = { sn: 'CAM-0001', name: '1号入口相机', type: 'camera', lotId: gatedId, laneId };
    const put = (extra: object) => call('PUT', `${base}/${cameraId}`, { ...camera, ...extra });
    for (const [streamUrl, msg] of [
      ['rtsp://10.0.0.8/live', '视频流地址须以 http://、https://、ws:// 或 wss:// 开头'],
      ['https://media.example.cn/live/gate1.mp4', '视频流地址须指向 .m3u8（HLS）或 .flv（HTTP-FLV、WebSocket-FLV）'],
      ['media:../etc/index.m3u8', '视频流地址须以 http://、https://、ws:// 或 wss:// 开头'],
      ['ws://media.example.cn/live/gate1.m3u8', 'ws:// 或 wss:// 地址只能是 .flv（WebSocket-FLV）'],
    ]) {
      const refused = await put({ streamUrl });
      expect(refused.statusCode, streamUrl).toBe(400);
      expect(refused.json().msg, streamUrl).toContain(msg);
    }
    const address = 'https://media.example.cn/live/gate1/index.m3u8';
    expect((await put({ streamUrl: ` ${address} ` })).json()).toMatchObject({ code: 200, data: { streamUrl: address } });
    expect((await put({ name: '1号入口相机（主）' })).json()).toMatchObject({ code: 200, data: { streamUrl: address } });
    // a WebSocket-FLV camera, relayed to the player as HTTP-FLV
    expect((await put({ streamUrl: 'wss://media.example.cn/live/gate1.flv' })).json()).toMatchObject({ code: 200, data: { streamUrl: 'wss://media.example.cn/live/gate1.flv' } });
    expect((await put({ streamUrl: '' })).json()).toMatchObject({ code: 200, data: { streamUrl: null } });
    expect((await put({ name: camera.name })).json().code).toBe(200);
  });

  it('resets a secret: a new one, shown once, and logged without it', async () => {
    const response = await call('POST', `${base}/${cameraId}/Actions/ResetSecret`);
    expect(response.json()).toMatchObject({ code: 200, msg: '密钥已重置' });
    const { secret } = response.json().data;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(secret).not.toBe(cameraSecret);
    const log = (await call('GET', `/api/system/log?targetId=${cameraId}&keyword=${encodeURIComponent('重置')}`)).json().data.list[0];
    expect(log).toMatchObject({ summary: '重置设备「万象天地停车场 CAM-0001」密钥' });
    expect(JSON.stringify(log)).not.toContain(secret);
  });

  it("answers a lot's lanes and spaces for binding", async () => {
    expect((await call('GET', `${base}/lotBindings/${gatedId}`)).json().data).toEqual({ lanes: [{ id: laneId, name: '1号入口' }], spaces: [] });
    expect((await call('GET', `${base}/lotBindings/${roadId}`)).json().data).toEqual({ lanes: [], spaces: [{ id: spaceId, number: 'F001' }] });
    expect((await call('GET', `${base}/lotBindings/${mwLotId}`)).json()).toMatchObject({ code: 404, msg: '停车场不存在或已删除' });
  });

  it('exports the filtered devices as xlsx', async () => {
    const response = await call('GET', `${base}/Actions/Export?parkingType=0`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('路内设备'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('设备编号');
    const exported = [2, 3].map((n) => sheet.getRow(n).getCell(1).value).sort();
    expect(exported).toEqual(['GM-0001', 'PDA-0001']);
    expect(sheet.getRow(4).getCell(1).value).toBeNull();
  });

  it('lets a holder of 路外设备 only see, write and export 路外 devices', async () => {
    expect(sns((await call('GET', base, undefined, outRoadOnly)).json().data)).toEqual(['CAM-0001']);
    expect((await call('GET', `${base}?parkingType=0`, undefined, outRoadOnly)).json()).toMatchObject({ code: 403, msg: '没有路内设备的权限' });
    expect((await call('GET', `${base}/${sensorId}`, undefined, outRoadOnly)).json()).toMatchObject({ code: 404, msg: '设备不存在或已删除' });
    expect((await call('DELETE', `${base}/${sensorId}`, undefined, outRoadOnly)).json().code).toBe(404);
    expect((await call('POST', base, { sn: 'X-9', name: 'x', type: 'pda', lotId: roadId }, outRoadOnly)).json()).toMatchObject({ code: 403, msg: '没有路内设备的权限' });
    expect((await call('GET', `${base}/${cameraId}`, undefined, outRoadOnly)).json().data.sn).toBe('CAM-0001');
    expect((await call('GET', `${base}/Actions/Export?parkingType=0`, undefined, outRoadOnly)).statusCode).toBe(403);
  });

  it('refuses users without 路内设备 or 路外设备', async () => {
    expect((await call('GET', base, undefined, finance)).statusCode).toBe(403);
    expect((await call('POST', base, { sn: 'X-1', name: 'x', type: 'pda', lotId: mwLotId }, finance)).statusCode).toBe(403);
  });

  it("does not show, change, reset or delete another tenant's device", async () => {
    expect(await total('', mwAdmin)).toBe(0);
    for (const [method, url, body] of [
      ['GET', `${base}/${cameraId}`],
      ['PUT', `${base}/${cameraId}`, { sn: 'CAM-0001', name: '被改', type: 'camera', lotId: mwLotId }],
      ['DELETE', `${base}/${cameraId}`],
      ['POST', `${base}/${cameraId}/Actions/ResetSecret`],
    ] as const) {
      const response = await call(method, url, body, mwAdmin);
      expect(response.json(), `${method} ${url}`).toMatchObject({ code: 404, msg: '设备不存在或已删除' });
    }
    expect((await call('GET', `${base}/${cameraId}`)).json().data.name).toBe('1号入口相机');
    expect((await call('GET', `${base}/not-a-uuid`)).json()).toMatchObject({ code: 400, msg: '路径参数 id：设备编号格式不正确' });
  });

  it('keeps a lot with devices from being deleted, and unbinds a deleted lane', async () => {
    expect((await call('GET', `/api/system/Parking/bindIf/${otherRoadId}`)).json().data).toMatchObject({ devices: 2, deletable: false });
    expect((await call('DELETE', `/api/system/Parking/${otherRoadId}`)).json()).toMatchObject({
      code: 400,
      msg: '停车场「深南路路侧」下还有2台设备，请先删除后再删除停车场',
    });
    expect((await call('DELETE', `/api/system/ParkingLane/${laneId}`)).json().code).toBe(200);
    expect((await call('GET', `${base}/${cameraId}`)).json().data).toMatchObject({ laneId: null, laneName: null, lotId: gatedId });
  });

  it('deletes a device and logs it', async () => {
    expect((await call('DELETE', `${base}/${sensorId}`)).json()).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await call('GET', `${base}/${sensorId}`)).json().code).toBe(404);
    const log = (await call('GET', `/api/system/log?targetId=${sensorId}&keyword=${encodeURIComponent('删除设备')}`)).json().data.list[0];
    expect(log).toMatchObject({ action: 'delete', summary: '删除设备「深南路路侧 GM-0001」' });
    expect(await total()).toBe(2);
  });
});
