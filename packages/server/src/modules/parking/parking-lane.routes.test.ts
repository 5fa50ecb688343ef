import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { xlsxRows } from '../../test/xlsx-rows.js';

let t: TestApp;
let admin: string;
let mwAdmin: string;
let finance: string;
let gatedId: string;
let otherGatedId: string;
let roadId: string;
let mwLotId: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  finance = await signIn(t.app, 'mwfinance', 'mw');
  gatedId = (await call('POST', '/api/system/Parking', { name: '万象天地停车场', type: 1, kind: 'lane', totalSpaces: 800 })).json().data.id;
  otherGatedId = (await call('POST', '/api/system/Parking', { name: '海岸城停车场', type: 1, kind: 'lane' })).json().data.id;
  roadId = (await call('POST', '/api/system/Parking', { name: '福华路路侧', type: 0, kind: 'space' })).json().data.id;
  mwLotId = (await call('POST', '/api/system/Parking', { name: '美湾停车场', type: 1, kind: 'lane' }, mwAdmin)).json().data.id;
});
afterAll(() => t.close());

const base = '/api/system/ParkingLane';
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}
const names = (data: { list: { name: string }[] }) => data.list.map((l) => l.name);
const total = async (token = admin) => (await call('GET', base, undefined, token)).json().data.pagination.total as number;

describe('parking lanes', () => {
  let entryId = '';

  it('creates lanes of a lane-based lot with defaults, and logs it', async () => {
    const response = await call('POST', base, { lotId: gatedId, name: '1号入口', direction: 'in', sortCode: 1 });
    expect(response.json()).toMatchObject({
      code: 200,
      msg: '新增成功',
      data: { lotId: gatedId, lotName: '万象天地停车场', name: '1号入口', direction: 'in', releaseAfterPayment: true, enabled: true, sortCode: 1 },
    });
    entryId = response.json().data.id;
    await call('POST', base, { lotId: gatedId, name: '1号出口', direction: 'out', releaseAfterPayment: false, sortCode: 2 });
    await call('POST', base, { lotId: otherGatedId, name: '1号入口', direction: 'in', enabled: false });
    const log = (await call('GET', `/api/system/log?targetId=${entryId}`)).json().data.list[0];
    expect(log).toMatchObject({ action: 'create', target: 'parkingLane', summary: '新增车道「万象天地停车场 1号入口」' });
  });

  it('lists with filters lot, direction, name and enabled, in sort order', async () => {
    expect(await total()).toBe(3);
    expect(names((await call('GET', `${base}?lotId=${gatedId}`)).json().data)).toEqual(['1号入口', '1号出口']);
    expect(names((await call('GET', `${base}?lotId=${gatedId}&sort=desc`)).json().data)).toEqual(['1号出口', '1号入口']);
    expect((await call('GET', `${base}?direction=in`)).json().data.pagination.total).toBe(2);
    expect(names((await call('GET', `${base}?name=${encodeURIComponent('出口')}`)).json().data)).toEqual(['1号出口']);
    expect((await call('GET', `${base}?enabled=0`)).json().data.list[0]).toMatchObject({ lotName: '海岸城停车场', enabled: false });
    expect((await call('GET', `${base}?direction=up`)).json().msg).toBe('查询参数 direction：车道方向只能是 in（入口）或 out（出口）');
    expect((await call('GET', `${base}?colour=red`)).statusCode).toBe(400);
  });

  it("refuses bad input, a space-based lot, another tenant's lot and a taken name, and writes nothing", async () => {
    const before = await total();
    expect((await call('POST', base, { name: 'x', direction: 'in' })).json()).toMatchObject({ code: 400, msg: '请求体 lotId：请选择停车场' });
    expect((await call('POST', base, { lotId: gatedId, direction: 'in' })).json().msg).toBe('请求体 name：请输入车道名称');
    expect((await call('POST', base, { lotId: gatedId, name: 'x', direction: 'both' })).json().msg).toBe('请求体 direction：车道方向只能是 in（入口）或 out（出口）');
    expect((await call('POST', base, { lotId: gatedId, name: 'x', direction: 'in', sortCode: -1 })).json().msg).toBe('请求体 sortCode：排序最小为0');
    expect((await call('POST', base, { lotId: roadId, name: 'x', direction: 'in' })).json()).toMatchObject({
      code: 400,
      msg: '停车场「福华路路侧」是泊位型停车场，不能添加车道',
    });
    expect((await call('POST', base, { lotId: mwLotId, name: 'x', direction: 'in' })).json()).toMatchObject({ code: 400, msg: '所选停车场不存在' });
    expect((await call('POST', base, { lotId: gatedId, name: '1号入口', direction: 'in' })).json()).toMatchObject({
      code: 409,
      msg: '停车场「万象天地停车场」已有车道「1号入口」',
    });
    expect(await total()).toBe(before);
  });

  it('edits a lane, moves it to another lot, and logs before and after', async () => {
    const response = await call('PUT', `${base}/${entryId}`, { lotId: gatedId, name: '东门入口', direction: 'in', releaseAfterPayment: false });
    expect(response.json()).toMatchObject({ code: 200, msg: '修改成功', data: { name: '东门入口', releaseAfterPayment: false } });
    expect((await call('PUT', `${base}/${entryId}`, { lotId: otherGatedId, name: '1号入口', direction: 'in' })).json().code).toBe(409);
    expect((await call('PUT', `${base}/${entryId}`, { lotId: roadId, name: '东门入口', direction: 'in' })).json().code).toBe(400);
    expect((await call('GET', `${base}/${entryId}`)).json().data).toMatchObject({ lotId: gatedId, name: '东门入口' });
    const log = (await call('GET', `/api/system/log?targetId=${entryId}&keyword=${encodeURIComponent('修改车道')}`)).json().data.list[0];
    expect(log).toMatchObject({ before: { name: '1号入口' }, after: { name: '东门入口' } });
  });

  it('keeps a lot with lanes lane-based', async () => {
    const response = await call('PUT', `/api/system/Parking/${gatedId}`, { name: '万象天地停车场', type: 1, kind: 'space' });
    expect(response.json()).toMatchObject({ code: 400, msg: '停车场「万象天地停车场」下还有2条车道，不能改为泊位型' });
  });

  it("does not show, change or delete another tenant's lane", async () => {
    expect(await total(mwAdmin)).toBe(0);
    for (const [method, body] of [['GET'], ['PUT', { lotId: mwLotId, name: '被改', direction: 'out' }], ['DELETE']] as const) {
      const response = await call(method, `${base}/${entryId}`, body, mwAdmin);
      expect(response.json(), method).toMatchObject({ code: 404, msg: '车道不存在或已删除' });
    }
    expect((await call('GET', `${base}/${entryId}`)).json().data.name).toBe('东门入口');
    expect((await call('GET', `${base}/not-a-uuid`)).json()).toMatchObject({ code: 400, msg: '路径参数 id：车道编号格式不正确' });
  });

  it("exports the filtered lanes to xlsx, and only the tenant's own", async () => {
    const response = await call('GET', `${base}/Actions/Export?lotId=${gatedId}`);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const rows = await xlsxRows(response);
    expect(rows[0]).toEqual(['车道名称', '停车场', '方向', '缴费后自动放行', '状态', '排序', '创建时间']);
    expect(rows.slice(1).map((r) => r.slice(0, 6))).toEqual([
      ['东门入口', '万象天地停车场', '入口', '否', '启用', '0'],
      ['1号出口', '万象天地停车场', '出口', '否', '启用', '2'],
    ]);
    expect(await xlsxRows(await call('GET', `${base}/Actions/Export`, undefined, mwAdmin))).toHaveLength(1);
    expect((await call('GET', `${base}/Actions/Export?direction=up`)).json().code).toBe(400);
  });

  it('refuses users without the 车道 permission', async () => {
    expect((await call('GET', base, undefined, finance)).statusCode).toBe(403);
    expect((await call('POST', base, { lotId: mwLotId, name: '无权限', direction: 'in' }, finance)).statusCode).toBe(403);
  });

  it('deletes a lane and logs it', async () => {
    expect((await call('DELETE', `${base}/${entryId}`)).json()).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await call('GET', `${base}/${entryId}`)).json().code).toBe(404);
    const log = (await call('GET', `/api/system/log?targetId=${entryId}&keyword=${encodeURIComponent('删除车道')}`)).json().data.list[0];
    expect(log).toMatchObject({ action: 'delete', summary: '删除车道「万象天地停车场 东门入口」' });
    expect(await total()).toBe(2);
  });
});
