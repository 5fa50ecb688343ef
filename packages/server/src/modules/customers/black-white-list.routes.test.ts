import ExcelJS from 'exceljs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plateListEntries } from '../../db/schema/index.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';

// the app's clock, fixed: an entry's state (未生效, 生效中, 已过期) is read against it
const clock = fixedClock('2026-03-10T02:00:00Z');
const path = '/api/system/BlackWhiteList';
let t: TestApp;
let admin: string;
let mwAdmin: string;
let finance: string;
let lotA: string;
let lotB: string;

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token: string | null = admin) {
  return t.app.inject({ method, url, headers: token ? { authorization: token } : {}, ...(payload ? { payload } : {}) });
}
const add = (body: object, token = admin) => call('POST', path, body, token);
const rows = async () => Number((await t.database.db.select({ n: count() }).from(plateListEntries))[0]!.n);
const listed = async (query: string) => (await call('GET', `${path}?pageSize=100&${query}`)).json().data.list as { id: string; plateNumber: string; state: string }[];
const uuid = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  finance = await signIn(t.app, 'mwfinance', 'mw');
  lotA = (await call('POST', '/api/system/Parking', { name: '名单甲停车场', type: 1, kind: 'lane' })).json().data.id;
  lotB = (await call('POST', '/api/system/Parking', { name: '名单乙停车场', type: 1, kind: 'lane' })).json().data.id;
});
afterAll(() => t.close());

describe('黑白名单', () => {
  it('adds a black entry of every lot, 长期, with its creator, and logs it', async () => {
    const created = await add({ type: 'black', plateNumber: ' 粤b70001 ', reason: ' 多次冲卡 ' });
    expect(created.json()).toMatchObject({
      code: 200,
      msg: '新增成功',
      data: {
        type: 'black',
        plateNumber: '粤B70001',
        plateColour: 0,
        lotIds: null,
        lotNames: [],
        validFrom: null,
        validTo: null,
        reason: '多次冲卡',
        state: 'active',
        createdByName: '系统管理员',
        removedAt: null,
      },
    });
    const id = created.json().data.id;
    const log = (await call('GET', `/api/system/log?targetId=${id}`)).json().data.list[0];
    expect(log).toMatchObject({ module: 'customers', action: 'create', target: 'plateList', summary: '车牌「粤B70001」加入黑名单：多次冲卡' });
  });

  it('refuses the same plate and colour again, black or white, where scope and time meet, naming the entry it meets', async () => {
    const before = await rows();
    expect((await add({ type: 'black', plateNumber: '粤B70001', reason: '再加', lotIds: [lotA] })).json()).toMatchObject({
      code: 409,
      msg: '该车牌已在黑名单中，与黑名单「粤B70001」（蓝色，全部车场，长期）的适用车场和有效期重叠',
    });
    const white = await add({ type: 'white', plateNumber: '粤B70001', reason: '员工车', validFrom: '2027-01-01T00:00:00+08:00', validTo: '2027-02-01T00:00:00+08:00' });
    expect(white.json()).toMatchObject({ code: 409, msg: '同一车辆不能同时在黑名单和白名单中，与黑名单「粤B70001」（蓝色，全部车场，长期）的适用车场和有效期重叠' });
    expect(await rows()).toBe(before);
    // the same characters on a green plate are another vehicle
    expect((await add({ type: 'white', plateNumber: '粤B70001', plateColour: 3, reason: '新能源员工车' })).json()).toMatchObject({ code: 200, data: { plateColour: 3 } });
  });

  it('lets entries of one plate sit side by side at other lots or at other times, and refuses the one that meets them', async () => {
    const march = { validFrom: '2026-03-01T00:00:00+08:00', validTo: '2026-04-01T00:00:00+08:00' };
    const first = await add({ type: 'white', plateNumber: '粤B70002', reason: '甲场月卡', lotIds: [lotA], ...march });
    expect(first.json()).toMatchObject({ code: 200, data: { lotIds: [lotA], lotNames: ['名单甲停车场'], state: 'active' } });
    expect((await add({ type: 'black', plateNumber: '粤B70002', reason: '乙场禁入', lotIds: [lotB], ...march })).json().code).toBe(200);
    // the end is not included: April starts where March ends
    expect(
      (await add({ type: 'black', plateNumber: '粤B70002', reason: '四月起禁入', lotIds: [lotA], validFrom: '2026-04-01T00:00:00+08:00', validTo: '2026-05-01T00:00:00+08:00' })).json().code,
    ).toBe(200);
    const clash = await add({ type: 'black', plateNumber: '粤B70002', reason: '全场禁入', ...march, validTo: '2026-03-02T00:00:00+08:00' });
    expect(clash.json()).toMatchObject({
      code: 409,
      msg: '同一车辆不能同时在黑名单和白名单中，与白名单「粤B70002」（蓝色，名单甲停车场，2026-03-01 00:00 至 2026-04-01 00:00）的适用车场和有效期重叠',
    });
  });

  it('refuses bad input with 400 and a lot of another tenant with 404, writing nothing', async () => {
    const before = await rows();
    expect((await add({ type: 'black', plateNumber: 'ABC', reason: '坏车牌' })).json()).toMatchObject({ code: 400, msg: '请求体 plateNumber：请输入正确的车牌号，如 粤B12345' });
    expect((await add({ type: 'black', plateNumber: '粤B70003', reason: '' })).json()).toMatchObject({ code: 400, msg: '请求体 reason：请填写原因' });
    expect((await add({ type: 'white', plateNumber: '粤B70003', reason: '倒', validFrom: '2026-03-02T00:00:00+08:00', validTo: '2026-03-01T00:00:00+08:00' })).json()).toMatchObject({
      code: 400,
      msg: '请求体 validTo：失效时间必须晚于生效时间',
    });
    const mwLot = (await call('POST', '/api/system/Parking', { name: '他租户停车场', type: 1, kind: 'lane' }, mwAdmin)).json().data.id;
    expect((await add({ type: 'black', plateNumber: '粤B70003', reason: '他场', lotIds: [mwLot] })).json()).toMatchObject({ code: 404, msg: '所选停车场不存在' });
    expect(await rows()).toBe(before);
  });

  it('edits an entry, checked again against the others but not itself, and logs before and after', async () => {
    const entry = (await add({ type: 'white', plateNumber: '粤B70004', reason: '访客' })).json().data;
    const edited = await call('PUT', `${path}/${entry.id}`, { type: 'white', plateNumber: '粤B70004', reason: '长期访客', lotIds: [lotA, lotB] });
    expect(edited.json()).toMatchObject({ code: 200, msg: '修改成功', data: { reason: '长期访客', lotNames: ['名单甲停车场', '名单乙停车场'] } });
    expect((await call('PUT', `${path}/${entry.id}`, { type: 'white', plateNumber: '粤B70001', reason: '改成已拉黑的车' })).statusCode).toBe(409);
    const logs = (await call('GET', `/api/system/log?targetId=${entry.id}`)).json().data.list;
    expect(logs.find((l: { action: string }) => l.action === 'update')).toMatchObject({ summary: '修改白名单车辆「粤B70004」' });
    expect((await call('GET', `${path}/${entry.id}`)).json().data.reason).toBe('长期访客');
  });

  it('removes an entry with a required reason, keeping it as 已移除 history that no longer blocks the plate', async () => {
    const entry = (await add({ type: 'black', plateNumber: '粤B70005', reason: '冲卡' })).json().data;
    expect((await call('POST', `${path}/${entry.id}/Actions/Remove`, {})).json()).toMatchObject({ code: 400, msg: '请求体 reason：请填写移除原因' });
    const removed = await call('POST', `${path}/${entry.id}/Actions/Remove`, { reason: '已缴清欠费' });
    expect(removed.json()).toMatchObject({
      code: 200,
      msg: '移除成功',
      data: { state: 'removed', removedAt: '2026-03-10T02:00:00.000Z', removedByName: '系统管理员', removalReason: '已缴清欠费' },
    });
    expect((await call('POST', `${path}/${entry.id}/Actions/Remove`, { reason: '再移除' })).json()).toMatchObject({ code: 409, msg: '该名单已移除，不能重复移除' });
    expect((await call('PUT', `${path}/${entry.id}`, { type: 'black', plateNumber: '粤B70005', reason: '改' })).json()).toMatchObject({ code: 409, msg: '该名单已移除，不能编辑' });
    expect((await add({ type: 'white', plateNumber: '粤B70005', reason: '已和解' })).json().code).toBe(200);
    const log = (await call('GET', `/api/system/log?targetId=${entry.id}`)).json().data.list[0];
    expect(log).toMatchObject({ action: 'update', summary: '车牌「粤B70005」移出黑名单：已缴清欠费' });
    expect(await t.database.db.select().from(plateListEntries).where(eq(plateListEntries.id, entry.id))).toHaveLength(1);
  });

  it('lists by type, plate, state and lot (an entry of every lot applies at each), and exports the same', async () => {
    await add({ type: 'black', plateNumber: '粤B70006', reason: '去年', validFrom: '2025-01-01T00:00:00+08:00', validTo: '2025-02-01T00:00:00+08:00' });
    await add({ type: 'black', plateNumber: '粤B70007', reason: '明年', validFrom: '2027-01-01T00:00:00+08:00', validTo: '2027-02-01T00:00:00+08:00' });
    expect((await listed('state=expired')).map((e) => e.plateNumber)).toEqual(['粤B70006']);
    // April's black entry of 粤B70002 starts later too
    expect((await listed('state=pending')).map((e) => e.plateNumber).sort()).toEqual(['粤B70002', '粤B70007']);
    expect((await listed('state=removed')).map((e) => e.plateNumber)).toEqual(['粤B70005']);
    expect((await listed('state=active&type=white')).map((e) => e.plateNumber).sort()).toEqual(['粤B70001', '粤B70002', '粤B70004', '粤B70005']);
    expect((await listed('plateNumber=b7000')).length).toBe(await rows());
    const atB = (await listed(`lotId=${lotB}`)).map((e) => e.plateNumber);
    expect(atB).toContain('粤B70001');
    expect(atB).toContain('粤B70004');
    expect(atB.filter((p) => p === '粤B70002')).toHaveLength(1);
    const file = await call('GET', `${path}/Actions/Export?type=black&state=removed`);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toContain('移除原因');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).values).toEqual(expect.arrayContaining(['黑名单', '粤B70005', '蓝色', '全部车场', '长期', '已移除', '已缴清欠费']));
  });

  it("keeps a tenant's entries from another (404, not listed) and users without the page out (403), changing nothing", async () => {
    const entry = (await listed('plateNumber=粤B70001'))[0]!;
    const before = await rows();
    expect((await call('GET', `${path}/${entry.id}`, undefined, mwAdmin)).json()).toMatchObject({ code: 404, msg: '名单不存在' });
    expect((await call('PUT', `${path}/${entry.id}`, { type: 'white', plateNumber: '粤B70001', reason: '入侵' }, mwAdmin)).statusCode).toBe(404);
    expect((await call('POST', `${path}/${entry.id}/Actions/Remove`, { reason: '入侵' }, mwAdmin)).statusCode).toBe(404);
    expect((await call('GET', path, undefined, mwAdmin)).json().data.pagination.total).toBe(0);
    // another tenant may list the same plate for itself
    expect((await add({ type: 'white', plateNumber: '粤B70001', reason: '他租户白名单' }, mwAdmin)).json().code).toBe(200);
    expect((await call('GET', path, undefined, finance)).statusCode).toBe(403);
    expect((await add({ type: 'black', plateNumber: '粤B70099', reason: '无权' }, finance)).statusCode).toBe(403);
    expect((await call('GET', `${path}/${uuid}`)).statusCode).toBe(404);
    expect(await rows()).toBe(before + 1);
    expect((await call('GET', `${path}/${entry.id}`)).json().data).toMatchObject({ state: 'active', removedAt: null });
  });
});
