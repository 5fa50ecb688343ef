import { badgeCount } from '@parking/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { seedTestMessagesInEveryTenant } from '../../test/test-messages.js';

let t: TestApp;
let admin: string;
let mwAdmin: string;
let mwFinance: string;

beforeAll(async () => {
  t = await buildTestApp();
  await seedTestMessagesInEveryTenant(t.database.db);
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  mwFinance = await signIn(t.app, 'mwfinance', 'mw');
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { authorization: token } });

describe('GET /api/system/systemMessage/getCount', () => {
  it('counts the unhandled messages of each kind for an administrator', async () => {
    const response = await get('/api/system/systemMessage/getCount?status=0', admin);
    expect(response.json().data).toEqual({
      orderAlertcount: 3,
      reviewAppealcount: 5,
      deviceOfflineInCount: 2,
      deviceOfflineOutCount: 1,
      deviceOfflineCount: 3,
      kaipiaoCount: 2,
    });
    expect(badgeCount(response.json().data, { tenantCode: 'demo', firstPositionCode: 'manager' })).toBe(13);
  });

  it('gives the mw finance position only the finance warnings', async () => {
    const response = await get('/api/system/systemMessage/getCount?status=0', mwFinance);
    expect(response.json().data).toEqual({
      orderAlertcount: 0,
      reviewAppealcount: 0,
      deviceOfflineInCount: 0,
      deviceOfflineOutCount: 0,
      deviceOfflineCount: 0,
      kaipiaoCount: 2,
    });
  });

  it('answers the same on the polled alert-count path and on refresh', async () => {
    const polled = await get('/api/system/systemMessage/alertCount?status=0', admin);
    const refreshed = await get('/api/system/systemMessage/refresh', admin);
    expect(polled.json().data.deviceOfflineCount).toBe(3);
    expect(refreshed.json()).toMatchObject({ code: 200, msg: '刷新成功', data: polled.json().data });
  });

  it('refuses unknown query fields and a signed-out caller', async () => {
    const unknown = await get('/api/system/systemMessage/getCount?status=0&tenantId=x', admin);
    expect(unknown.statusCode).toBe(400);
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/system/systemMessage/getCount' });
    expect(signedOut.json().code).toBe(602);
  });
});

describe('GET /api/system/systemMessage', () => {
  it('filters by the tab types, given as "1,8" or repeated, newest first', async () => {
    const comma = await get('/api/system/systemMessage?status=0&pageSize=50&currentPage=1&messageTypeList=1,8', admin);
    const body = comma.json().data;
    expect(body.pagination).toEqual({ currentPage: 1, pageSize: 50, total: 3 });
    expect(body.list.map((m: { messageType: number }) => m.messageType).sort()).toEqual([1, 1, 8]);
    const times = body.list.map((m: { creatorTime: string }) => Date.parse(m.creatorTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const repeated = await get('/api/system/systemMessage?messageTypeList=2&messageTypeList=3', admin);
    expect(
      repeated
        .json()
        .data.list.map((m: { messageType: number }) => m.messageType)
        .sort(),
    ).toEqual([2, 3]);
  });

  it('pages the list', async () => {
    const first = await get('/api/system/systemMessage?pageSize=4&currentPage=1', admin);
    const third = await get('/api/system/systemMessage?pageSize=4&currentPage=3', admin);
    expect(first.json().data.list).toHaveLength(4);
    expect(first.json().data.pagination.total).toBe(10);
    expect(third.json().data.list).toHaveLength(2);
  });

  it('shows the mw finance position nothing but finance messages, whatever types it asks for', async () => {
    const response = await get('/api/system/systemMessage?messageTypeList=1,2,9,10', mwFinance);
    expect(
      response
        .json()
        .data.list.map((m: { messageType: number }) => m.messageType)
        .sort(),
    ).toEqual([10, 9]);
  });

  it('says what is wrong with a bad type list', async () => {
    const response = await get('/api/system/systemMessage?messageTypeList=1,x', admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain('消息类型必须是整数列表');
  });
});

describe('DELETE /api/system/systemMessage/{id}', () => {
  it('deletes a message of the own tenant, and only there', async () => {
    const finance = await get('/api/system/systemMessage?messageTypeList=10', admin);
    const id = finance.json().data.list[0].id;

    const fromOtherTenant = await t.app.inject({ method: 'DELETE', url: `/api/system/systemMessage/${id}`, headers: { authorization: mwAdmin } });
    expect(fromOtherTenant.statusCode).toBe(404);
    expect((await get('/api/system/systemMessage?messageTypeList=10', admin)).json().data.list).toHaveLength(1);

    const own = await t.app.inject({ method: 'DELETE', url: `/api/system/systemMessage/${id}`, headers: { authorization: admin } });
    expect(own.json()).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await get('/api/system/systemMessage?messageTypeList=10', admin)).json().data.list).toHaveLength(0);
    expect((await get('/api/system/systemMessage/getCount', admin)).json().data.kaipiaoCount).toBe(1);
  });

  it('refuses a malformed id', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/system/systemMessage/12', headers: { authorization: admin } });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain('消息编号格式不正确');
  });
});

describe('GET /api/system/systemAppTask/getDeviceOfflineList', () => {
  it('lists the open on-road and off-road offline tasks', async () => {
    const onRoad = await get('/api/system/systemAppTask/getDeviceOfflineList?currentPage=1&pageSize=100&parkingType=0', admin);
    expect(onRoad.json().data.pagination.total).toBe(2);
    expect(onRoad.json().data.list[0]).toMatchObject({ taskTypeName: '设备离线', parkingType: 0 });
    expect(
      onRoad
        .json()
        .data.list.map((task: { deviceSn: string }) => task.deviceSn)
        .sort(),
    ).toEqual(['GM-2026-0001', 'VP-2026-0007']);
    const offRoad = await get('/api/system/systemAppTask/getDeviceOfflineList?parkingType=1', admin);
    expect(offRoad.json().data.list.map((task: { deviceSn: string }) => task.deviceSn)).toEqual(['CAM-2026-0102']);
  });

  it('refuses a user without the device pages, and a parkingType that is neither 0 nor 1', async () => {
    const finance = await get('/api/system/systemAppTask/getDeviceOfflineList?parkingType=0', mwFinance);
    expect(finance.statusCode).toBe(403);
    expect(finance.json().msg).toBe('没有查看路内设备离线任务的权限');
    const bad = await get('/api/system/systemAppTask/getDeviceOfflineList?parkingType=2', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('停车场类型只能是 0（路内）或 1（路外）');
  });
});
