import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';

interface PositionItem {
  id: string;
  name: string;
  code: string;
  userCount: number;
  organizationName: string;
}

let t: TestApp;
let admin: string;
let mwAdmin: string;
let finance: string;
let hqId: string;
let mwHqId: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  finance = await signIn(t.app, 'mwfinance', 'mw');
  hqId = (await call('GET', '/api/system/Permission/Organize')).json().data[0].id;
  mwHqId = (await call('GET', '/api/system/Permission/Organize', undefined, mwAdmin)).json().data[0].id;
});
afterAll(() => t.close());

const base = '/api/system/Permission/Position';
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}
const list = async (query = '', token = admin): Promise<{ list: PositionItem[]; pagination: { total: number } }> => (await call('GET', `${base}${query}`, undefined, token)).json().data;
const byCode = async (code: string) => (await list('?pageSize=100')).list.find((p) => p.code === code)!;

describe('positions', () => {
  let collectorId = '';

  it('lists the seeded positions in order, with how many users hold each', async () => {
    const data = await list();
    expect(data.pagination).toEqual({ currentPage: 1, pageSize: 10, total: 4 });
    expect(data.list.map((p) => p.code)).toEqual(['manager', 'finance', 'operator', 'service']);
    expect(data.list[0]).toMatchObject({ name: '运营经理', userCount: 1, organizationName: '演示停车运营有限公司' });
  });

  it('filters by keyword and organization, pages, and refuses unknown filters', async () => {
    expect((await list(`?keyword=${encodeURIComponent('财务')}`)).list.map((p) => p.code)).toEqual(['finance']);
    expect((await list(`?organizationId=${hqId}&pageSize=2&currentPage=2`)).list.map((p) => p.code)).toEqual(['operator', 'service']);
    expect((await list(`?organizationId=${mwHqId}`)).pagination.total).toBe(0);
    expect((await list('?sidx=code&sort=desc')).list[0]!.code).toBe('service');
    const unknown = await call('GET', `${base}?colour=red`);
    expect(unknown.statusCode).toBe(400);
    expect((await call('GET', `${base}?sidx=password`)).json().msg).toBe('查询参数 sidx：不支持的排序字段');
  });

  it('creates a position and logs it', async () => {
    const response = await call('POST', base, { organizationId: hqId, name: '收费员', code: 'collector', sortCode: 9 });
    expect(response.json()).toMatchObject({
      code: 200,
      msg: '新增成功',
      data: { name: '收费员', code: 'collector', sortCode: 9, userCount: 0, organizationName: '演示停车运营有限公司' },
    });
    collectorId = response.json().data.id;
    expect((await call('GET', `${base}/${collectorId}`)).json().data.code).toBe('collector');
    const log = (await call('GET', `/api/system/log?targetId=${collectorId}`)).json().data.list[0];
    expect(log).toMatchObject({ action: 'create', target: 'position', summary: '新增岗位「收费员」', after: { code: 'collector' } });
  });

  it('refuses bad input, a taken code and a foreign organization, and writes nothing', async () => {
    const noName = await call('POST', base, { code: 'x1' });
    expect(noName.json()).toMatchObject({ code: 400, msg: '请求体 name：请输入岗位名称' });
    const badSort = await call('POST', base, { name: '排序错', code: 'x2', sortCode: -1 });
    expect(badSort.json().msg).toBe('请求体 sortCode：排序最小为0');
    const taken = await call('POST', base, { name: '又一个经理', code: 'manager' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('岗位编码「manager」已存在');
    const foreign = await call('POST', base, { organizationId: mwHqId, name: '跨租户', code: 'x3' });
    expect(foreign.json()).toMatchObject({ code: 400, msg: '所选组织不存在' });
    expect((await list()).pagination.total).toBe(5);
  });

  it('edits a position and logs before and after', async () => {
    const edited = await call('PUT', `${base}/${collectorId}`, { organizationId: null, name: '路内收费员', code: 'road-collector' });
    expect(edited.json()).toMatchObject({ msg: '修改成功', data: { organizationId: null, organizationName: '', code: 'road-collector', sortCode: 0 } });
    const taken = await call('PUT', `${base}/${collectorId}`, { name: '路内收费员', code: 'service' });
    expect(taken.statusCode).toBe(409);
    const log = (await call('GET', `/api/system/log?targetId=${collectorId}&action=update`)).json().data.list[0];
    expect(log.before).toMatchObject({ name: '收费员', code: 'collector' });
    expect(log.after).toMatchObject({ name: '路内收费员', code: 'road-collector' });
  });

  it("keeps the finance position's code and the position itself", async () => {
    const financePosition = await byCode('finance');
    const recoded = await call('PUT', `${base}/${financePosition.id}`, { organizationId: hqId, name: '财务', code: 'accounting' });
    expect(recoded.json()).toMatchObject({ code: 400, msg: '财务岗位的编码「finance」用于识别财务人员（其消息中心只显示财务提醒），不能修改编码' });
    const renamed = await call('PUT', `${base}/${financePosition.id}`, { organizationId: hqId, name: '财务专员', code: 'finance', sortCode: 1 });
    expect(renamed.json().data).toMatchObject({ name: '财务专员', code: 'finance' });
    const removed = await call('DELETE', `${base}/${financePosition.id}`);
    expect(removed.json()).toMatchObject({ code: 400, msg: '财务岗位的编码「finance」用于识别财务人员（其消息中心只显示财务提醒），该岗位不能删除' });
    expect((await byCode('finance')).id).toBe(financePosition.id);
  });

  it('refuses to delete a position users hold, and deletes one nobody holds', async () => {
    const manager = await byCode('manager');
    expect((await call('DELETE', `${base}/${manager.id}`)).json()).toMatchObject({ code: 400, msg: '岗位「运营经理」下还有1个用户，不能删除' });
    expect((await call('DELETE', `${base}/${collectorId}`)).json()).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await call('GET', `${base}/${collectorId}`)).json()).toMatchObject({ code: 404, msg: '岗位不存在或已删除' });
    const log = (await call('GET', `/api/system/log?targetId=${collectorId}&action=delete`)).json().data.list[0];
    expect(log.before).toMatchObject({ code: 'road-collector' });
  });

  it('offers a selector to every signed-in user, of their own tenant only', async () => {
    const response = await call('GET', `${base}/Selector`, undefined, finance);
    expect(response.json().data.map((p: { code: string }) => p.code)).toEqual(['manager', 'finance', 'operator', 'service']);
    expect(Object.keys(response.json().data[0]).sort()).toEqual(['code', 'id', 'name']);
    const demoIds = new Set((await list()).list.map((p) => p.id));
    expect(response.json().data.some((p: { id: string }) => demoIds.has(p.id))).toBe(false);
    expect((await call('GET', `${base}/Selector?keyword=${encodeURIComponent('客服')}`)).json().data).toHaveLength(1);
  });

  it("answers 404 for another tenant's position and changes nothing", async () => {
    const operator = await byCode('operator');
    expect((await call('GET', `${base}/${operator.id}`, undefined, mwAdmin)).statusCode).toBe(404);
    expect((await call('PUT', `${base}/${operator.id}`, { name: '被改', code: 'hacked' }, mwAdmin)).statusCode).toBe(404);
    expect((await call('DELETE', `${base}/${operator.id}`, undefined, mwAdmin)).statusCode).toBe(404);
    expect(await byCode('operator')).toEqual(operator);
  });

  it('is refused to a user without the 岗位 page', async () => {
    expect((await call('GET', base, undefined, finance)).statusCode).toBe(403);
    expect((await call('POST', base, { name: '越权', code: 'sneak' }, finance)).statusCode).toBe(403);
    expect((await list('?keyword=sneak', mwAdmin)).pagination.total).toBe(0);
  });
});
