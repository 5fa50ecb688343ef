import type { NewDataViewSnapshot } from '@parking/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkingRecords, payments } from '../../db/schema/index.js';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { clockAtNoon, shanghai, tenantMw, type TenantMw } from './screens-test-kit.js';

let mw: TenantMw;
let t: TestApp;
let mwAdmin: string;
let mwId: string;
let roadId: string;
let gatedId: string;
let areaId: string;

const snapshot = (query: string, token = mwAdmin) => t.app.inject({ method: 'GET', url: `/api/system/screens/newDataView${query}`, headers: { authorization: token } });
const dataOf = (query: string) => mw.snapshotOf<NewDataViewSnapshot>(`/api/system/screens/newDataView${query}`);

beforeAll(async () => {
  t = await buildTestApp({ now: clockAtNoon });
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  mw = await tenantMw(t, mwAdmin);
  mwId = mw.mwId;
  areaId = await mw.post('/api/system/ParkingArea', { name: '新版大屏片区' });
  // a road lot of 4 spaces (2 taken, 1 broken) and a gated lot counting 30 of 50 free, both in the area
  roadId = await mw.post('/api/system/Parking', { name: '新版大屏路段', type: 0, kind: 'space', totalSpaces: 4, areaId });
  for (const [number, state] of [
    ['N001', 'occupied'],
    ['N002', 'occupied'],
    ['N003', 'fault'],
    ['N004', 'free'],
  ] as const) {
    await mw.post('/api/system/ParkingSpace', { lotId: roadId, number, state });
  }
  gatedId = await mw.post('/api/system/Parking', { name: '新版大屏停车楼', type: 1, kind: 'lane', totalSpaces: 50, areaId });
  await mw.setFreeCount(gatedId, 30);

  const stays = await t.database.db
    .insert(parkingRecords)
    .values([
      // left today after 30 minutes, 90 minutes and 30 hours; one still in; one voided
      mw.stay(roadId, '粤B91001', '2026-03-10T08:00:00', '2026-03-10T08:30:00', 'closed', 200, 200),
      mw.stay(roadId, '粤B91002', '2026-03-10T09:00:00', '2026-03-10T10:30:00', 'unpaid', 600, 0),
      mw.stay(gatedId, '粤B91003', '2026-03-09T04:00:00', '2026-03-10T10:00:00', 'closed', 3000, 3000),
      mw.stay(roadId, '粤B91004', '2026-03-10T11:00:00', null, 'parked', 0, 0),
      mw.stay(roadId, '粤B91005', '2026-03-10T09:00:00', '2026-03-10T09:10:00', 'void', 0, 0),
    ])
    .returning();
  const idOf = (plate: string) => stays.find((s) => s.plateNumber === plate)!.id;
  await t.database.db.insert(payments).values([
    { tenantId: mwId, recordId: idOf('粤B91001'), channel: 'cash', amount: 200, idempotencyKey: 'new-view-1', paidAt: shanghai('2026-03-10T08:30:00') },
    { tenantId: mwId, recordId: idOf('粤B91003'), channel: 'wechat', amount: 3000, idempotencyKey: 'new-view-3', paidAt: shanghai('2026-03-10T10:00:00') },
  ]);
});
afterAll(() => t.close());

describe('新版数据大屏 snapshot', () => {
  it('shows one lot: its spaces one by one, today’s movements, turnover, average stay, lengths and money', async () => {
    const data = await dataOf(`?lotId=${roadId}`);
    expect(data.scope).toEqual({ kind: 'lot', id: roadId, name: '新版大屏路段', lots: 1 });
    expect(data.spaces).toEqual([
      { number: 'N001', state: 'occupied' },
      { number: 'N002', state: 'occupied' },
      { number: 'N003', state: 'fault' },
      { number: 'N004', state: 'free' },
    ]);
    expect(data).toMatchObject({ totalSpaces: 4, freeSpaces: 1, occupancyPercent: 75, moreSpaces: 0, entriesToday: 4, exitsToday: 2, receivedToday: 200, receivableToday: 800 });
    // 2 stays left over 4 spaces; (30 + 90) / 2 minutes; the voided one counts nowhere
    expect(data.turnover).toBe(0.5);
    expect(data.averageStayMinutes).toBe(60);
    expect(data.durations).toEqual([
      { label: '1小时内', count: 1 },
      { label: '1-2小时', count: 1 },
      { label: '2-4小时', count: 0 },
      { label: '4-8小时', count: 0 },
      { label: '8-24小时', count: 0 },
      { label: '24小时以上', count: 0 },
    ]);
    expect(data.hours[10]).toMatchObject({ hour: 10, exitsToday: 1 });
    expect(data.hours[8]).toMatchObject({ entriesToday: 1, exitsToday: 1 });
  });

  it('shows an area as its lots together, and offers every lot and the areas that have one', async () => {
    const data = await dataOf(`?areaId=${areaId}`);
    expect(data.scope).toEqual({ kind: 'area', id: areaId, name: '新版大屏片区', lots: 2 });
    expect(data).toMatchObject({ totalSpaces: 54, freeSpaces: 31, exitsToday: 3, receivedToday: 3200, receivableToday: 3800 });
    expect(data.averageStayMinutes).toBe(Math.round((30 + 90 + 30 * 60) / 3));
    expect(data.durations.find((d) => d.label === '24小时以上')!.count).toBe(1);
    expect(data.choices.lots.map((lot) => lot.id)).toEqual(expect.arrayContaining([roadId, gatedId]));
    expect(data.choices.areas).toContainEqual({ id: areaId, name: '新版大屏片区' });
  });

  it('refuses a lot of another tenant, two scopes at once, and a user who may not open 停车记录', async () => {
    const admin = await signIn(t.app);
    const made = await t.app.inject({ method: 'POST', url: '/api/system/Parking', headers: { authorization: admin }, payload: { name: '演示租户停车场', type: 1, kind: 'lane' } });
    const demoLot = made.json<{ data: { id: string } }>().data.id;
    const other = await snapshot(`?lotId=${demoLot}`);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ msg: '停车场不存在或已停用' });
    expect((await snapshot(`?lotId=${roadId}&areaId=${areaId}`)).statusCode).toBe(400);
    const finance = await signIn(t.app, 'mwfinance', 'mw');
    expect((await snapshot(`?lotId=${roadId}`, finance)).statusCode).toBe(403);
  });
});
