import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkingLanes, parkingLots, parkingRecords, parkingSpaces, tenants } from '../../db/schema/index.js';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let mwAdmin: string;
let finance: string;
let adminUserId: string;
let mwUserId: string;
let areaId: string;
let mwAreaId: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  finance = await signIn(t.app, 'mwfinance', 'mw');
  adminUserId = (await call('GET', '/api/oauth/CurrentUser')).json().data.userInfo.userId;
  mwUserId = (await call('GET', '/api/oauth/CurrentUser', undefined, mwAdmin)).json().data.userInfo.userId;
  areaId = (await call('POST', '/api/system/ParkingArea', { name: '福田片区' })).json().data.id;
  mwAreaId = (await call('POST', '/api/system/ParkingArea', { name: '美湾片区' }, mwAdmin)).json().data.id;
});
afterAll(() => t.close());

const base = '/api/system/Parking';
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}
const names = (data: { list: { name: string }[] }) => data.list.map((l) => l.name);
const total = async (token = admin) => (await call('GET', base, undefined, token)).json().data.pagination.total as number;

const gated = {
  areaId: null as string | null,
  name: '万象天地停车场',
  type: 1,
  kind: 'lane',
  address: '深圳市南山区深南大道9668号',
  provinceCode: '440000',
  cityCode: '440300',
  districtCode: '440305',
  lng: 113.9547,
  lat: 22.5405,
  totalSpaces: 800,
  longRentalSpaces: 100,
  reservedSpaces: 20,
  chargingSpaces: 60,
  prepay: true,
  managerIds: [] as string[],
};

describe('parking lots', () => {
  let gatedId = '';
  let roadId = '';

  it('creates lots with area and managers, free count = total, and logs it', async () => {
    const response = await call('POST', base, { ...gated, areaId, managerIds: [adminUserId] });
    expect(response.json()).toMatchObject({
      code: 200,
      msg: '新增成功',
      data: { name: '万象天地停车场', areaName: '福田片区', kind: 'lane', type: 1, freeCount: 800, prepay: true, selfOperated: true, enabled: true, tariffId: null },
    });
    gatedId = response.json().data.id;
    expect(response.json().data.managers).toEqual([{ id: adminUserId, name: expect.any(String) }]);
    const road = await call('POST', base, { name: '福华路路侧', type: 0, kind: 'space', areaId, totalSpaces: 40 });
    roadId = road.json().data.id;
    await call('POST', base, { name: '停用停车场', type: 3, kind: 'space', enabled: false, totalSpaces: 10 });
    const log = (await call('GET', `/api/system/log?targetId=${gatedId}`)).json().data.list[0];
    expect(log).toMatchObject({ action: 'create', target: 'parkingLot', summary: '新增停车场「万象天地停车场」' });
  });

  it('lists with filters name, type, kind, area and enabled, and refuses unknown filters', async () => {
    expect((await call('GET', base)).json().data.pagination.total).toBe(3);
    expect(names((await call('GET', `${base}?name=${encodeURIComponent('万象')}`)).json().data)).toEqual(['万象天地停车场']);
    expect(names((await call('GET', `${base}?type=0`)).json().data)).toEqual(['福华路路侧']);
    expect(names((await call('GET', `${base}?kind=space&enabled=1`)).json().data)).toEqual(['福华路路侧']);
    // enabledmark, the parking list call's name for the same filter, is taken here too
    expect(names((await call('GET', `${base}?kind=space&enabledmark=1`)).json().data)).toEqual(['福华路路侧']);
    expect(names((await call('GET', `${base}?kind=space&enabledmark=0`)).json().data)).toEqual(['停用停车场']);
    expect((await call('GET', `${base}/sum?enabledmark=1&kind=space`)).json().data).toMatchObject({ lots: 1 });
    expect((await call('GET', `${base}?enabled=1&enabledmark=0`)).json().msg).toBe('查询参数 enabledmark：状态 enabled 与 enabledmark 不一致');
    expect((await call('GET', `${base}?areaId=${areaId}`)).json().data.pagination.total).toBe(2);
    expect(names((await call('GET', `${base}?sidx=totalSpaces&sort=desc&pageSize=1`)).json().data)).toEqual(['万象天地停车场']);
    expect((await call('GET', `${base}?colour=red`)).statusCode).toBe(400);
    expect((await call('GET', `${base}?type=9`)).json().msg).toBe('查询参数 type：停车场类型只能是0到4');
  });

  it('answers the parking list call: 1000 per page, enabled only, type 1 lane-based and 0 space-based', async () => {
    const all = (await call('GET', `${base}/list`)).json().data;
    expect(all.pagination).toMatchObject({ pageSize: 1000, total: 2 });
    expect(all.list.find((l: { name: string }) => l.name === '福华路路侧')).toMatchObject({
      name: '福华路路侧',
      kind: 'space',
      freeCount: 40,
      areaName: '福田片区',
      longRentalSpaceLeave: false,
    });
    expect(names((await call('GET', `${base}/list?type=1`)).json().data)).toEqual(['万象天地停车场']);
    expect(names((await call('GET', `${base}/list?type=0&enabledmark=0`)).json().data)).toEqual(['停用停车场']);
    expect((await call('GET', `${base}/list?type=2`)).json().msg).toBe('查询参数 type：类型只能是 1（车道型）或 0（泊位型）');
    // a picker for every signed-in user of the tenant, and only the tenant's lots
    expect((await call('GET', `${base}/list`, undefined, finance)).json().data.pagination.total).toBe(0);
  });

  it("refuses bad input, a taken name, another tenant's area or manager, and writes nothing", async () => {
    const before = await total();
    expect((await call('POST', base, { type: 1, kind: 'lane' })).json()).toMatchObject({ code: 400, msg: '请求体 name：请输入停车场名称' });
    expect((await call('POST', base, { name: 'x', type: 5, kind: 'lane' })).json().msg).toBe('请求体 type：停车场类型只能是0到4');
    expect((await call('POST', base, { name: 'x', type: 1, kind: 'gate' })).json().msg).toBe('请求体 kind：停车场模式只能是 lane（车道型）或 space（泊位型）');
    expect((await call('POST', base, { name: 'x', type: 1, kind: 'lane', provinceCode: '44' })).json().msg).toBe('请求体 provinceCode：省份编码应为6位数字');
    expect((await call('POST', base, { name: 'x', type: 1, kind: 'lane', totalSpaces: 10, longRentalSpaces: 8, reservedSpaces: 3 })).json().msg).toBe(
      '请求体 longRentalSpaces：长租车位数与预留车位数之和不能超过总车位数',
    );
    expect((await call('POST', base, { name: 'x', type: 1, kind: 'lane', totalSpaces: 1, chargingSpaces: 2 })).json().msg).toBe('请求体 chargingSpaces：充电车位数不能超过总车位数');
    const taken = await call('POST', base, { name: '万象天地停车场', type: 1, kind: 'lane' });
    expect(taken.json()).toMatchObject({ code: 409, msg: '停车场名称「万象天地停车场」已存在' });
    expect((await call('POST', base, { name: 'x', type: 1, kind: 'lane', areaId: mwAreaId })).json()).toMatchObject({ code: 400, msg: '所选片区不存在' });
    expect((await call('POST', base, { name: 'x', type: 1, kind: 'lane', managerIds: [mwUserId] })).json()).toMatchObject({ code: 400, msg: '所选管理员不存在' });
    expect(await total()).toBe(before);
  });

  it("sets, keeps and clears the tariff with the lot, and refuses another tenant's or a disabled tariff", async () => {
    const tariffs = (await call('GET', '/api/system/Tariff?pageSize=100')).json().data.list as { id: string; name: string; enabled: boolean }[];
    const [first, second] = tariffs;
    const lot = (await call('POST', base, { name: '计费测试停车场', type: 1, kind: 'lane', tariffId: first!.id })).json().data;
    expect(lot.tariffId).toBe(first!.id);
    // a body without tariffId (an older client) keeps the lot's tariff
    expect((await call('PUT', `${base}/${lot.id}`, { name: '计费测试停车场', type: 1, kind: 'lane' })).json().data.tariffId).toBe(first!.id);
    expect((await call('PUT', `${base}/${lot.id}`, { name: '计费测试停车场', type: 1, kind: 'lane', tariffId: null })).json().data.tariffId).toBeNull();
    // the mw tenant cannot see demo's tariffs, so cannot give them to its lots
    const before = await total(mwAdmin);
    expect((await call('POST', base, { name: '美湾停车场', type: 1, kind: 'lane', tariffId: first!.id }, mwAdmin)).json()).toMatchObject({ code: 400, msg: '所选计费规则不存在' });
    expect(await total(mwAdmin)).toBe(before);
    expect((await call('POST', base, { name: 'x', type: 1, kind: 'lane', tariffId: 'nope' })).json().msg).toBe('请求体 tariffId：计费规则编号格式不正确');
    await call('PUT', `/api/system/Tariff/${second!.id}`, { name: second!.name, enabled: false });
    expect((await call('PUT', `${base}/${lot.id}`, { name: '计费测试停车场', type: 1, kind: 'lane', tariffId: second!.id })).json()).toMatchObject({
      code: 400,
      msg: `计费规则「${second!.name}」已停用，不能分配给停车场`,
    });
    await call('PUT', `/api/system/Tariff/${second!.id}`, { name: second!.name, enabled: true });
    expect((await call('DELETE', `${base}/${lot.id}`)).json().code).toBe(200);
  });

  it('edits a lot keeping the parked cars, and logs before and after', async () => {
    await call('PUT', `${base}/freecnt/${roadId}`, { freeCount: 30 });
    const response = await call('PUT', `${base}/${roadId}`, { name: '福华路路侧', type: 0, kind: 'space', areaId, totalSpaces: 50 });
    expect(response.json()).toMatchObject({ code: 200, msg: '修改成功', data: { totalSpaces: 50, freeCount: 40 } });
    const log = (await call('GET', `/api/system/log?targetId=${roadId}&keyword=${encodeURIComponent('修改停车场')}`)).json().data.list[0];
    expect(log).toMatchObject({ before: { totalSpaces: 40 }, after: { totalSpaces: 50 } });
  });

  it('corrects the free count within 0..total and logs it', async () => {
    const ok = await call('PUT', `${base}/freecnt/${gatedId}`, { freeCount: 512 });
    expect(ok.json()).toMatchObject({ code: 200, data: { freeCount: 512 } });
    expect((await call('PUT', `${base}/freecnt/${gatedId}`, { freeCount: 801 })).json()).toMatchObject({ code: 400, msg: '空闲车位数不能超过总车位数（800）' });
    expect((await call('PUT', `${base}/freecnt/${gatedId}`, { freeCount: -1 })).json().msg).toBe('请求体 freeCount：空闲车位数最小为0');
    expect((await call('GET', `${base}/${gatedId}`)).json().data.freeCount).toBe(512);
    const log = (await call('GET', `/api/system/log?targetId=${gatedId}&keyword=${encodeURIComponent('修正')}`)).json().data.list[0];
    expect(log).toMatchObject({ summary: '修正停车场「万象天地停车场」空闲车位数：800 → 512', before: { freeCount: 800 }, after: { freeCount: 512 } });
  });

  it('switches the long-rental space leave flag', async () => {
    const on = await call('PUT', `${base}/updateLongRentalSpaceLeave/${gatedId}`, { longRentalSpaceLeave: true });
    expect(on.json()).toMatchObject({ code: 200, data: { longRentalSpaceLeave: true } });
    expect((await call('PUT', `${base}/updateLongRentalSpaceLeave/${gatedId}`, { longRentalSpaceLeave: 'yes' })).json().msg).toBe(
      '请求体 longRentalSpaceLeave：长租车位离场释放只能是是或否',
    );
  });

  it('sums lots, spaces, free and occupied by kind', async () => {
    const sum = (await call('GET', `${base}/sum`)).json().data;
    expect(sum).toMatchObject({ lots: 3, spaces: 860, free: 562, occupied: 298 });
    expect(sum.byKind).toEqual([
      { kind: 'lane', lots: 1, spaces: 800, free: 512, occupied: 288 },
      { kind: 'space', lots: 2, spaces: 60, free: 50, occupied: 10 },
    ]);
    expect((await call('GET', `${base}/sum?enabled=1&kind=space`)).json().data).toMatchObject({ lots: 1, spaces: 50, free: 40 });
    expect((await call('GET', `${base}/sum`, undefined, mwAdmin)).json().data).toMatchObject({ lots: 0, spaces: 0 });
  });

  it('exports the filtered lots to xlsx', async () => {
    const response = await call('GET', `${base}/Actions/Export?kind=space`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows = book
      .getWorksheet('停车场')!
      .getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1, 4));
    expect(rows[0]).toEqual(['停车场名称', '片区', '类型']);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['停用停车场', '福华路路侧']);
    expect(rows.find((r) => r[0] === '福华路路侧')).toEqual(['福华路路侧', '福田片区', '路侧']);
  });

  it('tells what is bound and refuses to delete a lot with lanes or spaces', async () => {
    const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
    await t.database.db.insert(parkingLanes).values({ tenantId: demo!.id, lotId: gatedId, name: '1号入口', direction: 'in' });
    await t.database.db.insert(parkingSpaces).values([
      { tenantId: demo!.id, lotId: gatedId, number: 'A001' },
      { tenantId: demo!.id, lotId: gatedId, number: 'A002' },
    ]);
    expect((await call('GET', `${base}/bindIf/${gatedId}`)).json().data).toEqual({
      lanes: 1,
      spaces: 2,
      longRentals: 0,
      devices: 0,
      groupCards: 0,
      openRecords: 0,
      records: 0,
      deletable: false,
    });
    expect((await call('DELETE', `${base}/${gatedId}`)).json()).toMatchObject({
      code: 400,
      msg: '停车场「万象天地停车场」下还有1条车道、2个泊位，请先删除后再删除停车场',
    });
    expect((await call('GET', `${base}/bindIf/${roadId}`)).json().data.deletable).toBe(true);
    expect((await call('DELETE', `${base}/${roadId}`)).json()).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await call('GET', `${base}/${roadId}`)).json()).toMatchObject({ code: 404, msg: '停车场不存在或已删除' });
    await t.database.db.delete(parkingLanes).where(eq(parkingLanes.lotId, gatedId));
    await t.database.db.delete(parkingSpaces).where(eq(parkingSpaces.lotId, gatedId));
  });

  it('keeps a lot that has parking records, open or closed: it can only be disabled', async () => {
    const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
    const lot = (await call('POST', base, { name: '有记录的停车场', type: 1, kind: 'lane' })).json().data.id;
    await t.database.db.insert(parkingRecords).values([
      { tenantId: demo!.id, lotId: lot, plateNumber: '粤B12345' },
      { tenantId: demo!.id, lotId: lot, plateNumber: '粤B54321', state: 'closed' },
    ]);
    expect((await call('GET', `${base}/bindIf/${lot}`)).json().data).toMatchObject({ records: 2, openRecords: 1, deletable: false });
    expect((await call('DELETE', `${base}/${lot}`)).json()).toMatchObject({
      code: 400,
      msg: '停车场「有记录的停车场」已有2条停车记录（其中1条未结束），不能删除，可将其停用',
    });
    expect((await call('GET', `${base}/${lot}`)).json().data.name).toBe('有记录的停车场');
  });

  it('lists the operation log of lots, per lot', async () => {
    const all = (await call('GET', `${base}/operlogList`)).json().data;
    expect(all.list.every((l: { target: string }) => l.target === 'parkingLot')).toBe(true);
    expect(all.pagination.total).toBeGreaterThanOrEqual(7);
    const one = (await call('GET', `${base}/operlogList?lotId=${gatedId}&pageSize=2`)).json().data;
    expect(one.list).toHaveLength(2);
    expect(one.list.every((l: { targetId: string }) => l.targetId === gatedId)).toBe(true);
    expect((await call('GET', `${base}/operlogList`, undefined, mwAdmin)).json().data.pagination.total).toBe(0);
  });

  it("does not show, change or delete another tenant's lot", async () => {
    expect(await total(mwAdmin)).toBe(0);
    for (const [method, url, body] of [
      ['GET', `${base}/${gatedId}`],
      ['PUT', `${base}/${gatedId}`, { ...gated, name: '被改' }],
      ['DELETE', `${base}/${gatedId}`],
      ['GET', `${base}/bindIf/${gatedId}`],
      ['PUT', `${base}/freecnt/${gatedId}`, { freeCount: 0 }],
      ['PUT', `${base}/updateLongRentalSpaceLeave/${gatedId}`, { longRentalSpaceLeave: false }],
      ['GET', `${base}/operlogList?lotId=${gatedId}`],
    ] as const) {
      const response = await call(method, url, body, mwAdmin);
      expect(response.json(), `${method} ${url}`).toMatchObject({ code: 404, msg: '停车场不存在或已删除' });
    }
    expect((await call('GET', `${base}/${gatedId}`)).json().data).toMatchObject({ name: '万象天地停车场', freeCount: 512, longRentalSpaceLeave: true });
  });

  it('refuses users without the 停车场 permission', async () => {
    for (const url of [base, `${base}/sum`, `${base}/operlogList`, `${base}/Actions/Export`]) {
      expect((await call('GET', url, undefined, finance)).statusCode, url).toBe(403);
    }
    expect((await call('POST', base, { name: '无权限', type: 0, kind: 'space' }, finance)).statusCode).toBe(403);
  });

  it('deletes a lot with nothing bound, and keeps its log', async () => {
    expect((await call('DELETE', `${base}/${gatedId}`)).json()).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await call('GET', `${base}/operlogList?sort=desc`)).json().data.list[0]).toMatchObject({ action: 'delete', targetId: gatedId });
    // left: the disabled lot, and the lot kept by its parking records
    expect(await total()).toBe(2);
  });
});
