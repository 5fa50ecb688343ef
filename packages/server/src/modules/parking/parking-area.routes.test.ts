import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkingLots, tenants } from '../../db/schema/index.js';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { xlsxRows } from '../../test/xlsx-rows.js';

let t: TestApp;
let admin: string;
let mwAdmin: string;
let finance: string;
let adminUserId: string;
let mwUserId: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  finance = await signIn(t.app, 'mwfinance', 'mw');
  adminUserId = (await call('GET', '/api/oauth/CurrentUser')).json().data.userInfo.userId;
  mwUserId = (await call('GET', '/api/oauth/CurrentUser', undefined, mwAdmin)).json().data.userInfo.userId;
});
afterAll(() => t.close());

const base = '/api/system/ParkingArea';
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}
const total = async (token = admin) => (await call('GET', base, undefined, token)).json().data.pagination.total as number;

describe('parking areas', () => {
  let areaId = '';

  it('creates an area with its inspectors by name and logs it', async () => {
    const response = await call('POST', base, {
      name: '福田中心片区',
      address: '深圳市福田区福华路',
      floor: 'B1',
      lng: 114.0579,
      lat: 22.5431,
      inspectorIds: [adminUserId],
      checkInRange: 200,
    });
    expect(response.json()).toMatchObject({
      code: 200,
      msg: '新增成功',
      data: { name: '福田中心片区', floor: 'B1', lng: 114.0579, lat: 22.5431, checkInRange: 200, enabled: true, lotCount: 0 },
    });
    areaId = response.json().data.id;
    expect(response.json().data.inspectors).toEqual([{ id: adminUserId, name: expect.any(String) }]);
    const log = (await call('GET', `/api/system/log?targetId=${areaId}`)).json().data.list[0];
    expect(log).toMatchObject({ action: 'create', target: 'parkingArea', summary: '新增片区「福田中心片区」' });
  });

  it('lists with filters and paging, and refuses unknown filters', async () => {
    await call('POST', base, { name: '南山停用片区', enabled: false });
    expect((await call('GET', `${base}?name=${encodeURIComponent('福田')}`)).json().data.list.map((a: { name: string }) => a.name)).toEqual(['福田中心片区']);
    expect((await call('GET', `${base}?enabled=0`)).json().data.list.map((a: { name: string }) => a.name)).toEqual(['南山停用片区']);
    expect((await call('GET', `${base}?pageSize=1&currentPage=2&sidx=name&sort=desc`)).json().data.list).toHaveLength(1);
    expect((await call('GET', `${base}?colour=red`)).statusCode).toBe(400);
    expect((await call('GET', `${base}?enabled=2`)).json().msg).toBe('查询参数 enabled：状态只能是 1（启用）或 0（停用）');
  });

  it("refuses bad input, a taken name and another tenant's inspector, and writes nothing", async () => {
    const before = await total();
    expect((await call('POST', base, { address: 'x' })).json()).toMatchObject({ code: 400, msg: '请求体 name：请输入片区名称' });
    expect((await call('POST', base, { name: '经度错', lng: 200 })).json().msg).toBe('请求体 lng：经度应在-180到180之间');
    expect((await call('POST', base, { name: '范围错', checkInRange: -1 })).json().msg).toBe('请求体 checkInRange：打卡范围最小为0米');
    const taken = await call('POST', base, { name: '福田中心片区' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('片区名称「福田中心片区」已存在');
    expect((await call('POST', base, { name: '跨租户', inspectorIds: [mwUserId] })).json()).toMatchObject({ code: 400, msg: '所选巡检员不存在' });
    expect(await total()).toBe(before);
  });

  it('edits an area and logs before and after', async () => {
    const response = await call('PUT', `${base}/${areaId}`, { name: '福田中心片区', description: '含福华路与益田路', checkInRange: 150 });
    expect(response.json()).toMatchObject({ code: 200, msg: '修改成功', data: { description: '含福华路与益田路', checkInRange: 150, inspectors: [] } });
    const log = (await call('GET', `/api/system/log?targetId=${areaId}&action=update`)).json().data.list[0];
    expect(log).toMatchObject({ before: { checkInRange: 200 }, after: { checkInRange: 150 } });
  });

  it("exports the filtered areas to xlsx, and only the tenant's own", async () => {
    // the edit above replaced the whole area, so address, floor and place are empty now
    const rows = await xlsxRows(await call('GET', `${base}/Actions/Export?name=${encodeURIComponent('福田')}`));
    expect(rows[0]).toEqual(['片区名称', '地址', '楼层', '经度', '纬度', '巡检员', '打卡范围(米)', '停车场数', '状态', '创建时间']);
    expect(rows.slice(1).map((r) => r.slice(0, 9))).toEqual([['福田中心片区', '', '', '', '', '', '150', '0', '启用']]);
    expect(await xlsxRows(await call('GET', `${base}/Actions/Export`, undefined, mwAdmin))).toHaveLength(1);
    expect((await call('GET', `${base}/Actions/Export`, undefined, finance)).statusCode).toBe(403);
  });

  it("does not show, change or delete another tenant's area", async () => {
    expect(await total(mwAdmin)).toBe(0);
    expect((await call('GET', `${base}/${areaId}`, undefined, mwAdmin)).statusCode).toBe(404);
    expect((await call('PUT', `${base}/${areaId}`, { name: '被改' }, mwAdmin)).statusCode).toBe(404);
    expect((await call('DELETE', `${base}/${areaId}`, undefined, mwAdmin)).json()).toMatchObject({ code: 404, msg: '片区不存在或已删除' });
    expect((await call('GET', `${base}/${areaId}`)).json().data.name).toBe('福田中心片区');
  });

  it('refuses users without the 片区 permission', async () => {
    expect((await call('GET', base, undefined, finance)).statusCode).toBe(403);
    expect((await call('POST', base, { name: '无权限' }, finance)).statusCode).toBe(403);
  });

  it('refuses to delete an area while lots use it, then deletes it', async () => {
    const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
    const [lot] = await t.database.db.insert(parkingLots).values({ tenantId: demo!.id, areaId, name: '福华路路侧', type: 0, kind: 'space' }).returning();
    expect((await call('GET', `${base}/${areaId}`)).json().data.lotCount).toBe(1);
    const refused = await call('DELETE', `${base}/${areaId}`);
    expect(refused.json()).toMatchObject({ code: 400, msg: '片区「福田中心片区」下还有1个停车场，不能删除' });
    await t.database.db.delete(parkingLots).where(eq(parkingLots.id, lot!.id));
    expect((await call('DELETE', `${base}/${areaId}`)).json()).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await call('GET', `${base}/${areaId}`)).statusCode).toBe(404);
  });
});
