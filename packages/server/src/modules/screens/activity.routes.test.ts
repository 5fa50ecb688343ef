import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkingRecords, tenants } from '../../db/schema/index.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';
import { activityStats } from './activity.service.js';

const HOUR = 3_600_000;
// the app's clock, fixed: the chart's 24 hours end with its hour, not the hour the test happens to run in
const clock = fixedClock('2026-03-10T02:00:00Z');
let t: TestApp;
let admin: string;
let mwAdmin: string;
let demoId: string;
let mwId: string;
let laneLotId: string;
let spaceLotId: string;
let mwLotId: string;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token: string | null = admin, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(token ? { authorization: token } : {}), ...headers }, ...(payload ? { payload } : {}) });
const open = (query = '?tenant=demo', headers: Record<string, string> = {}) => call('GET', `/api/open/activity${query}`, undefined, null, headers);
const lotNamed = (body: { data: { lots: { name: string }[] } }, name: string) => body.data.lots.find((l) => l.name === name);

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  demoId = (await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo')))[0]!.id;
  mwId = (await t.database.db.select().from(tenants).where(eq(tenants.code, 'mw')))[0]!.id;
  laneLotId = (await call('POST', '/api/system/Parking', { name: '科兴科学园', type: 1, kind: 'lane', totalSpaces: 100, address: '科苑路15号' })).json().data.id;
  expect((await call('PUT', `/api/system/Parking/freecnt/${laneLotId}`, { freeCount: 12 })).json()).toMatchObject({ code: 200 });
  // a road-side lot counted per space: 5 spaces, 3 taken, 1 broken, 1 free
  spaceLotId = (await call('POST', '/api/system/Parking', { name: '深南大道路段', type: 0, kind: 'space', totalSpaces: 5 })).json().data.id;
  for (const [number, state] of [
    ['A001', 'occupied'],
    ['A002', 'occupied'],
    ['A003', 'occupied'],
    ['A004', 'fault'],
    ['A005', 'free'],
  ] as const) {
    expect((await call('POST', '/api/system/ParkingSpace', { lotId: spaceLotId, number, state })).json()).toMatchObject({ code: 200 });
  }
  mwLotId = (await call('POST', '/api/system/Parking', { name: '明湾广场', type: 1, kind: 'lane', totalSpaces: 50 }, mwAdmin)).json().data.id;
  const now = clock.now().getTime();
  await t.database.db.insert(parkingRecords).values([
    { tenantId: demoId, lotId: laneLotId, plateNumber: '粤B10001', enteredAt: new Date(now - 60_000) },
    { tenantId: demoId, lotId: laneLotId, plateNumber: '粤B10002', enteredAt: new Date(now - 90_000) },
    { tenantId: demoId, lotId: spaceLotId, plateNumber: '粤B10003', enteredAt: new Date(now - 5 * HOUR) },
    // a day and more ago: outside the chart
    { tenantId: demoId, lotId: laneLotId, plateNumber: '粤B10004', enteredAt: new Date(now - 25 * HOUR) },
    // an exit without an entry on record has no hour
    { tenantId: demoId, lotId: laneLotId, plateNumber: '粤B10005', enteredAt: null },
    { tenantId: mwId, lotId: mwLotId, plateNumber: '粤B20001', enteredAt: new Date(now - 60_000) },
  ]);
});
afterAll(() => t.close());

describe('停车统计 open API', () => {
  it('counts a gated lot from the count it keeps and a space lot from its spaces, signed out', async () => {
    const res = await open();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, data: { tenantTitle: '智慧停车管理平台' } });
    expect(lotNamed(body, '科兴科学园')).toEqual({
      name: '科兴科学园',
      placement: 'offStreet',
      address: '科苑路15号',
      areaName: '',
      totalSpaces: 100,
      freeSpaces: 12,
      parked: 88,
      occupancyPercent: 88,
      level: 'tight',
    });
    // the broken space is neither free nor a parked car, but it is not available either
    expect(lotNamed(body, '深南大道路段')).toMatchObject({ placement: 'onStreet', totalSpaces: 5, freeSpaces: 1, parked: 3, occupancyPercent: 80, level: 'tight' });
  });

  it('sums the lots, sorts them by free spaces and says nothing that names a row', async () => {
    const body = (await open()).json();
    const lots: { freeSpaces: number; totalSpaces: number; parked: number }[] = body.data.lots;
    expect(body.data.totals).toMatchObject({
      lots: lots.length,
      totalSpaces: lots.reduce((n, l) => n + l.totalSpaces, 0),
      freeSpaces: lots.reduce((n, l) => n + l.freeSpaces, 0),
      parked: lots.reduce((n, l) => n + l.parked, 0),
    });
    expect(lots.map((l) => l.freeSpaces)).toEqual([...lots.map((l) => l.freeSpaces)].sort((a, b) => b - a));
    const text = JSON.stringify(body);
    for (const id of [laneLotId, spaceLotId, demoId]) expect(text).not.toContain(id);
    expect(Object.keys(body.data.lots[0]).sort()).toEqual(['address', 'areaName', 'level', 'name', 'occupancyPercent', 'parked', 'placement', 'totalSpaces', 'freeSpaces'].sort());
  });

  it("never shows another tenant's lots or entries", async () => {
    const demo = (await open()).json();
    expect(lotNamed(demo, '明湾广场')).toBeUndefined();
    const mw = (await open('?tenant=mw')).json();
    expect(mw.data.tenantTitle).toBe('明湾智慧停车');
    expect(mw.data.lots.map((l: { name: string }) => l.name)).toEqual(['明湾广场']);
    expect(mw.data.totals).toMatchObject({ lots: 1, totalSpaces: 50, freeSpaces: 50, parked: 0, entries24h: 1 });
  });

  it('picks the tenant from the account cookie as branding does, and names an unknown one', async () => {
    expect((await open('', { cookie: 'account=mw' })).json().data.tenantTitle).toBe('明湾智慧停车');
    expect((await open('')).json().data.tenantTitle).toBe('智慧停车管理平台');
    expect((await open('?tenant=nope')).json()).toEqual({ code: 404, msg: '租户「nope」不存在', data: null });
    expect((await open('?tenant=a;b')).statusCode).toBe(400);
  });

  it('counts entries of the last 24 clock hours per hour, the current hour last', async () => {
    const now = clock.now();
    const stats = await activityStats(t.database.db, 'demo', now);
    expect(stats.hours).toHaveLength(24);
    const starts = stats.hours.map((h) => Date.parse(h.start));
    expect(starts[23]).toBe(Math.floor(now.getTime() / HOUR) * HOUR);
    expect(starts.every((s, i) => i === 0 || s - starts[i - 1]! === HOUR)).toBe(true);
    const expected = new Map<number, number>();
    for (const ago of [60_000, 90_000, 5 * HOUR]) {
      const hour = Math.floor((now.getTime() - ago) / HOUR) * HOUR;
      expected.set(hour, (expected.get(hour) ?? 0) + 1);
    }
    for (const h of stats.hours) expect(h.entries).toBe(expected.get(Date.parse(h.start)) ?? 0);
    expect(stats.totals.entries24h).toBe(3);
  });

  it('leaves a disabled lot out', async () => {
    const lot = (await call('GET', `/api/system/Parking/${laneLotId}`)).json().data;
    expect((await call('PUT', `/api/system/Parking/${laneLotId}`, { ...lot, enabled: false })).json()).toMatchObject({ code: 200 });
    expect(lotNamed((await open()).json(), '科兴科学园')).toBeUndefined();
  });

  it('rate-limits the open call per address', async () => {
    let last = 0;
    for (let i = 0; i < 62; i++) last = (await open()).statusCode;
    expect(last).toBe(429);
  });
});
