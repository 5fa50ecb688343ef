import { dictValue } from '@parking/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let finance: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app);
  finance = await signIn(t.app, 'mwfinance', 'mw');
});
afterAll(() => t.close());

const list = (token: string, query: string) => t.app.inject({ method: 'GET', url: `/api/dictDetail?${query}`, headers: { authorization: token } });
const send = (token: string, method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({ method, url: path, headers: { authorization: token }, ...(payload ? { payload } : {}) });

describe('GET /api/dictDetail', () => {
  it('answers a whole dictionary in order for page=0&size=9999', async () => {
    const response = await list(admin, 'dictName=plate_colour&page=0&size=9999');
    const data = response.json().data;
    expect(data.list.map((d: { label: string }) => d.label)).toEqual(['蓝色', '白色', '黄色', '绿色', '黑色']);
    expect(data.pagination).toEqual({ currentPage: 1, pageSize: 9999, total: 5 });
    expect(data.list.map((d: { value: string }) => dictValue(d.value))).toEqual([0, 1, 2, 3, 4]);
  });

  it('is readable by every signed-in user, within their tenant', async () => {
    const response = await list(finance, 'dictName=device_type');
    expect(response.json().data.pagination.total).toBe(6);
  });

  it('asks for the dictionary name', async () => {
    const response = await list(admin, 'page=0');
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain('请指定字典名称 dictName');
  });
});

describe('changing a dictionary', () => {
  it('adds, edits and deletes an entry, logging each change', async () => {
    const created = await send(admin, 'POST', '/api/dictDetail', { dictName: 'plate_colour', label: '渐变绿', value: '5', sort: 6 });
    expect(created.json()).toMatchObject({ code: 200, msg: '新增成功', data: { label: '渐变绿', value: '5', sort: 6 } });
    const id = created.json().data.id;

    const edited = await send(admin, 'PUT', `/api/dictDetail/${id}`, { dictName: 'plate_colour', label: '新能源绿', value: '5' });
    expect(edited.json().data).toMatchObject({ id, label: '新能源绿', sort: 0 });

    const logs = await t.app.inject({ method: 'GET', url: `/api/system/log?targetId=${id}&sort=asc`, headers: { authorization: admin } });
    expect(logs.json().data.list.map((l: { action: string }) => l.action)).toEqual(['create', 'update']);
    expect(logs.json().data.list[1].before).toMatchObject({ label: '渐变绿' });

    expect((await send(admin, 'DELETE', `/api/dictDetail/${id}`)).json().msg).toBe('删除成功');
    expect((await list(admin, 'dictName=plate_colour')).json().data.pagination.total).toBe(5);
    expect((await send(admin, 'DELETE', `/api/dictDetail/${id}`)).statusCode).toBe(404);
  });

  it('refuses a duplicate value with 409 and writes nothing', async () => {
    const response = await send(admin, 'POST', '/api/dictDetail', { dictName: 'plate_colour', label: '又一个蓝', value: '0' });
    expect(response.statusCode).toBe(409);
    expect(response.json().msg).toBe('字典「plate_colour」中已存在值「0」');
    expect((await list(admin, 'dictName=plate_colour')).json().data.pagination.total).toBe(5);
  });

  it('names the field of bad input', async () => {
    const response = await send(admin, 'POST', '/api/dictDetail', { dictName: 'Plate Colour', label: '', value: '1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/dictName|label/);
  });

  it('is refused to a user without the 字典 page', async () => {
    const response = await send(finance, 'POST', '/api/dictDetail', { dictName: 'plate_colour', label: '紫', value: '7' });
    expect(response.statusCode).toBe(403);
  });
});
