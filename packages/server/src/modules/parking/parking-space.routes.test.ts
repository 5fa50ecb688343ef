import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkingSpaces } from '../../db/schema/index.js';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { xlsxRows } from '../../test/xlsx-rows.js';

let t: TestApp;
let admin: string;
let mwAdmin: string;
let finance: string;
let gatedId: string;
let roadId: string;
let mwLotId: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  finance = await signIn(t.app, 'mwfinance', 'mw');
  gatedId = (await call('POST', '/api/system/Parking', { name: '万象天地停车场', type: 1, kind: 'lane', totalSpaces: 800 })).json().data.id;
  roadId = (await call('POST', '/api/system/Parking', { name: '福华路路侧', type: 0, kind: 'space', totalSpaces: 40 })).json().data.id;
  mwLotId = (await call('POST', '/api/system/Parking', { name: '美湾停车场', type: 0, kind: 'space' }, mwAdmin)).json().data.id;
});
afterAll(() => t.close());

const base = '/api/system/ParkingSpace';
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}
const numbers = (data: { list: { number: string }[] }) => data.list.map((s) => s.number);
const total = async (query = '', token = admin) => (await call('GET', `${base}${query}`, undefined, token)).json().data.pagination.total as number;
const lot = async (id: string) => (await call('GET', `/api/system/Parking/${id}`)).json().data;

describe('parking spaces', () => {
  let spaceId = '';

  it('creates a space, after which the lot counts its totals from its spaces, and logs it', async () => {
    const response = await call('POST', base, { lotId: roadId, number: 'F001', type: 1, charging: true, sensorSn: 'GM-0001', lng: 114.05, lat: 22.53 });
    expect(response.json()).toMatchObject({
      code: 200,
      msg: '新增成功',
      data: { lotId: roadId, lotName: '福华路路侧', number: 'F001', type: 1, charging: true, sensorSn: 'GM-0001', lng: 114.05, state: 'free' },
    });
    spaceId = response.json().data.id;
    expect(await lot(roadId)).toMatchObject({ totalSpaces: 1, longRentalSpaces: 1, reservedSpaces: 0, chargingSpaces: 1, freeCount: 1 });
    const log = (await call('GET', `/api/system/log?targetId=${spaceId}`)).json().data.list[0];
    expect(log).toMatchObject({ action: 'create', target: 'parkingSpace', summary: '新增泊位「福华路路侧 F001」' });
  });

  it('creates spaces by pattern A001–A120, all at once, and recounts the lot', async () => {
    const response = await call('POST', `${base}/Actions/Batch`, { lotId: gatedId, prefix: 'A', start: 1, end: 120, digits: 3, type: 2 });
    expect(response.json()).toMatchObject({ code: 200, msg: '已生成120个泊位', data: { created: 120, first: 'A001', last: 'A120' } });
    expect(await total(`?lotId=${gatedId}`)).toBe(120);
    expect(numbers((await call('GET', `${base}?lotId=${gatedId}&pageSize=3`)).json().data)).toEqual(['A001', 'A002', 'A003']);
    expect(numbers((await call('GET', `${base}?lotId=${gatedId}&pageSize=1&sort=desc`)).json().data)).toEqual(['A120']);
    // the first space replaces the lot's typed-in 800; the parked cars (none) stay parked
    expect(await lot(gatedId)).toMatchObject({ totalSpaces: 120, reservedSpaces: 120, freeCount: 120 });
    const log = (await call('GET', `/api/system/log?targetId=${gatedId}&keyword=${encodeURIComponent('批量')}`)).json().data.list[0];
    expect(log).toMatchObject({ target: 'parkingSpace', summary: '批量新增泊位「万象天地停车场 A001–A120」共120个' });
  });

  it('refuses a batch that repeats a number of the lot and creates none of it', async () => {
    const response = await call('POST', `${base}/Actions/Batch`, { lotId: gatedId, prefix: 'A', start: 115, end: 130, digits: 3 });
    expect(response.json()).toMatchObject({ code: 409, msg: '停车场「万象天地停车场」已有泊位编号A115、A116、A117、A118、A119等6个，未生成任何泊位' });
    expect(await total(`?lotId=${gatedId}`)).toBe(120);
    // the same numbers in another lot are fine
    const other = await call('POST', `${base}/Actions/Batch`, { lotId: roadId, prefix: 'A', start: 1, end: 2, digits: 3 });
    expect(other.json().data).toEqual({ created: 2, first: 'A001', last: 'A002' });
  });

  it("refuses bad batches: reversed, over 2000, bad prefix or digits, another tenant's lot", async () => {
    const before = await total();
    const batch = (body: object) => call('POST', `${base}/Actions/Batch`, { lotId: gatedId, start: 1, end: 10, ...body });
    expect((await batch({ start: 10, end: 1 })).json()).toMatchObject({ code: 400, msg: '请求体 end：结束编号不能小于起始编号' });
    expect((await batch({ prefix: 'B', start: 1, end: 2001 })).json().msg).toBe('请求体 end：一次最多生成2000个泊位');
    expect((await batch({ prefix: 'B 1' })).json().msg).toBe('请求体 prefix：编号前缀只能包含字母、数字、汉字、下划线和短横线');
    expect((await batch({ digits: 9 })).json().msg).toBe('请求体 digits：编号位数最大为8');
    expect((await batch({ start: -1 })).json().msg).toBe('请求体 start：起始编号最小为0');
    expect((await batch({ lotId: mwLotId, prefix: 'M' })).json()).toMatchObject({ code: 400, msg: '所选停车场不存在' });
    expect(await total()).toBe(before);
  });

  it('creates the largest batch, 2000 spaces, B0001–B2000', async () => {
    const response = await call('POST', `${base}/Actions/Batch`, { lotId: roadId, prefix: 'B', start: 1, end: 2000, digits: 4, charging: true });
    expect(response.json().data).toEqual({ created: 2000, first: 'B0001', last: 'B2000' });
    expect(await lot(roadId)).toMatchObject({ totalSpaces: 2003, chargingSpaces: 2001, longRentalSpaces: 1, freeCount: 2003 });
    await t.database.db.delete(parkingSpaces).where(eq(parkingSpaces.lotId, roadId));
    await call('POST', base, { lotId: roadId, number: 'F001', type: 1, charging: true, sensorSn: 'GM-0001' });
    spaceId = (await call('GET', `${base}?lotId=${roadId}`)).json().data.list[0].id;
  });

  it('lists with filters lot, number, type, state, charging and sensor', async () => {
    expect(await total()).toBe(121);
    expect(await total(`?number=${encodeURIComponent('A11')}`)).toBe(10);
    expect(await total('?type=1')).toBe(1);
    expect(await total('?charging=1')).toBe(1);
    expect(await total('?state=free')).toBe(121);
    expect(await total('?sensorSn=GM')).toBe(1);
    expect((await call('GET', `${base}?state=broken`)).json().msg).toBe('查询参数 state：泊位状态只能是 free（空闲）、occupied（占用）或 fault（故障）');
    expect((await call('GET', `${base}?type=7`)).json().msg).toBe('查询参数 type：泊位类型只能是0到3');
  });

  it("refuses bad input, a taken number or sensor and another tenant's lot, and writes nothing", async () => {
    const before = await total();
    expect((await call('POST', base, { number: 'X1' })).json()).toMatchObject({ code: 400, msg: '请求体 lotId：请选择停车场' });
    expect((await call('POST', base, { lotId: roadId })).json().msg).toBe('请求体 number：请输入泊位编号');
    expect((await call('POST', base, { lotId: roadId, number: 'X 1' })).json().msg).toBe('请求体 number：泊位编号只能包含字母、数字、汉字、下划线和短横线');
    expect((await call('POST', base, { lotId: roadId, number: 'X1', lat: 91 })).json().msg).toBe('请求体 lat：纬度应在-90到90之间');
    expect((await call('POST', base, { lotId: roadId, number: 'X1', state: 'gone' })).json().code).toBe(400);
    expect((await call('POST', base, { lotId: gatedId, number: 'A001' })).json()).toMatchObject({ code: 409, msg: '停车场「万象天地停车场」已有泊位编号「A001」' });
    expect((await call('POST', base, { lotId: gatedId, number: 'X1', sensorSn: 'GM-0001' })).json()).toMatchObject({
      code: 409,
      msg: '地磁「GM-0001」已绑定停车场「福华路路侧」的泊位「F001」',
    });
    expect((await call('POST', base, { lotId: mwLotId, number: 'X1' })).json()).toMatchObject({ code: 400, msg: '所选停车场不存在' });
    expect(await total()).toBe(before);
  });

  it("follows the spaces' states in a space-based lot and keeps the form from overwriting the counted totals", async () => {
    const response = await call('PUT', `${base}/${spaceId}`, { lotId: roadId, number: 'F001', type: 0, sensorSn: 'GM-0001', state: 'occupied' });
    expect(response.json()).toMatchObject({ code: 200, msg: '修改成功', data: { state: 'occupied', type: 0, charging: false } });
    expect(await lot(roadId)).toMatchObject({ totalSpaces: 1, longRentalSpaces: 0, chargingSpaces: 0, freeCount: 0 });
    const edit = await call('PUT', `/api/system/Parking/${roadId}`, { name: '福华路路侧', type: 0, kind: 'space', totalSpaces: 50 });
    expect(edit.json().data).toMatchObject({ totalSpaces: 1, freeCount: 0 });
    expect((await call('PUT', `/api/system/Parking/freecnt/${roadId}`, { freeCount: 1 })).json()).toMatchObject({
      code: 400,
      msg: '停车场「福华路路侧」的空闲车位数按泊位状态统计，不能手动修正',
    });
    const log = (await call('GET', `/api/system/log?targetId=${spaceId}&keyword=${encodeURIComponent('修改泊位')}`)).json().data.list[0];
    expect(log).toMatchObject({ before: { state: 'free' }, after: { state: 'occupied' } });
  });

  it('keeps the parked cars of a lane-based lot when its spaces change', async () => {
    await call('PUT', `/api/system/Parking/freecnt/${gatedId}`, { freeCount: 100 });
    const a120 = (await call('GET', `${base}?lotId=${gatedId}&number=A120`)).json().data.list[0].id;
    expect((await call('DELETE', `${base}/${a120}`)).json()).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await lot(gatedId)).toMatchObject({ totalSpaces: 119, reservedSpaces: 119, freeCount: 99 });
    // moving a space to another lot recounts both
    const a119 = (await call('GET', `${base}?lotId=${gatedId}&number=A119`)).json().data.list[0].id;
    await call('PUT', `${base}/${a119}`, { lotId: roadId, number: 'A119', state: 'free' });
    expect(await lot(gatedId)).toMatchObject({ totalSpaces: 118, freeCount: 98 });
    expect(await lot(roadId)).toMatchObject({ totalSpaces: 2, freeCount: 1 });
  });

  it("does not show, change or delete another tenant's space", async () => {
    expect(await total('', mwAdmin)).toBe(0);
    for (const [method, body] of [['GET'], ['PUT', { lotId: mwLotId, number: '被改' }], ['DELETE']] as const) {
      const response = await call(method, `${base}/${spaceId}`, body, mwAdmin);
      expect(response.json(), method).toMatchObject({ code: 404, msg: '泊位不存在或已删除' });
    }
    expect((await call('GET', `${base}/${spaceId}`)).json().data.number).toBe('F001');
    expect((await call('POST', `${base}/Actions/Batch`, { lotId: gatedId, prefix: 'Z', start: 1, end: 2 }, mwAdmin)).json().code).toBe(400);
    expect(await total(`?lotId=${gatedId}`)).toBe(118);
  });

  it("exports the filtered spaces to xlsx, and only the tenant's own", async () => {
    const rows = await xlsxRows(await call('GET', `${base}/Actions/Export?lotId=${roadId}`));
    expect(rows[0]).toEqual(['泊位编号', '停车场', '类型', '充电车位', '地磁编号', '经度', '纬度', '状态', '创建时间']);
    expect(
      rows
        .slice(1)
        .map((r) => r.slice(0, 5).concat(r[7]!))
        .sort(),
    ).toEqual([
      ['A119', '福华路路侧', '普通', '否', '', '空闲'],
      ['F001', '福华路路侧', '普通', '否', 'GM-0001', '占用'],
    ]);
    expect(await xlsxRows(await call('GET', `${base}/Actions/Export?lotId=${gatedId}&number=A00`))).toHaveLength(10);
    expect(await xlsxRows(await call('GET', `${base}/Actions/Export`, undefined, mwAdmin))).toHaveLength(1);
    expect((await call('GET', `${base}/Actions/Export?state=broken`)).json().code).toBe(400);
  });

  it('refuses users without the 泊位 permission', async () => {
    expect((await call('GET', base, undefined, finance)).statusCode).toBe(403);
    expect((await call('POST', base, { lotId: mwLotId, number: 'X1' }, finance)).statusCode).toBe(403);
    expect((await call('POST', `${base}/Actions/Batch`, { lotId: mwLotId, start: 1, end: 2 }, finance)).statusCode).toBe(403);
  });

  it('deletes the last space of a lot, leaving it counted at zero, and logs it', async () => {
    const [remaining] = (await call('GET', `${base}?lotId=${roadId}&number=F001`)).json().data.list;
    await call('DELETE', `${base}/${remaining.id}`);
    const a119 = (await call('GET', `${base}?lotId=${roadId}&number=A119`)).json().data.list[0].id;
    await call('DELETE', `${base}/${a119}`);
    expect(await lot(roadId)).toMatchObject({ totalSpaces: 0, freeCount: 0 });
    const log = (await call('GET', `/api/system/log?targetId=${a119}`)).json().data.list[0];
    expect(log).toMatchObject({ action: 'delete', summary: '删除泊位「福华路路侧 A119」' });
  });
});
