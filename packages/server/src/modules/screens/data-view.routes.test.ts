import type { DataViewSnapshot } from '@parking/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkingRecords, payments } from '../../db/schema/index.js';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { snapshotCache } from './data-view.service.js';
import { clockAtNoon, noon, shanghai, tenantMw, type TenantMw } from './screens-test-kit.js';

let mw: TenantMw;
let t: TestApp;
let mwAdmin: string;
let demoAdmin: string;
let mwId: string;
let lotId: string;

const snapshot = (token: string) => mw.snapshotOf<DataViewSnapshot>('/api/system/screens/dataView', token);
/** `column` within the Shanghai day */
const onDay = (column: 'entered_at' | 'exited_at' | 'paid_at', day: string) =>
  sql`${sql.raw(column)} >= ${shanghai(`${day}T00:00:00`)}::timestamptz AND ${sql.raw(column)} < ${new Date(shanghai(`${day}T00:00:00`).getTime() + 86_400_000)}::timestamptz`;

beforeAll(async () => {
  t = await buildTestApp({ now: clockAtNoon });
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  mw = await tenantMw(t, mwAdmin);
  mwId = mw.mwId;
  demoAdmin = await signIn(t.app);
  lotId = await mw.post('/api/system/Parking', { name: '大屏测试停车场', type: 1, kind: 'lane', totalSpaces: 40, lng: 113.94, lat: 22.54 });
  await mw.setFreeCount(lotId, 10);
  const stays = await t.database.db
    .insert(parkingRecords)
    .values([
      mw.stay(lotId, '粤B50001', '2026-03-09T09:30:00', '2026-03-09T10:15:00', 'closed', 500, 500),
      mw.stay(lotId, '粤B50002', '2026-03-10T08:10:00', '2026-03-10T09:40:00', 'closed', 800, 800),
      mw.stay(lotId, '粤B50003', '2026-03-10T11:05:00', null, 'parked', 0, 0),
      // voided: its exit counts nowhere
      mw.stay(lotId, '粤B50004', '2026-03-10T09:00:00', '2026-03-10T10:00:00', 'void', 0, 0),
      mw.stay(lotId, '粤B50005', '2026-03-10T09:50:00', '2026-03-10T10:30:00', 'unpaid', 300, 0),
    ])
    .returning();
  const idOf = (plate: string) => stays.find((s) => s.plateNumber === plate)!.id;
  await t.database.db.insert(payments).values([
    { tenantId: mwId, recordId: idOf('粤B50001'), channel: 'cash', amount: 500, idempotencyKey: 'screen-1', paidAt: shanghai('2026-03-09T10:15:00') },
    { tenantId: mwId, recordId: idOf('粤B50002'), channel: 'wechat', amount: 800, idempotencyKey: 'screen-2', paidAt: shanghai('2026-03-10T09:40:00') },
  ]);
});
afterAll(() => t.close());

describe('数据大屏 snapshot', () => {
  it('shows the lot, today’s and yesterday’s money and stays, and the hours, equal to the records they sum', async () => {
    const data = await snapshot(mwAdmin);
    expect(data).toMatchObject({ today: '2026-03-10', updatedAt: noon.toISOString() });
    expect(data.lots.find((lot) => lot.id === lotId)).toEqual({
      id: lotId,
      name: '大屏测试停车场',
      placement: 'offStreet',
      areaName: '',
      lng: 113.94,
      lat: 22.54,
      totalSpaces: 40,
      freeSpaces: 10,
      occupancyPercent: 75,
      level: 'ample',
      receivedToday: 800,
    });
    const exitsOn = (day: string) => mw.figure(sql`SELECT count(*) AS n FROM parking_records WHERE tenant_id = ${mwId} AND state NOT IN ('parked', 'void') AND ${onDay('exited_at', day)}`);
    const receivedOn = (day: string) => mw.figure(sql`SELECT coalesce(sum(amount), 0) AS n FROM payments WHERE tenant_id = ${mwId} AND ${onDay('paid_at', day)}`);
    const receivableOn = (day: string) =>
      mw.figure(sql`SELECT coalesce(sum(amount_due), 0) AS n FROM parking_records WHERE tenant_id = ${mwId} AND state NOT IN ('parked', 'void') AND ${onDay('exited_at', day)}`);
    expect(data.kpis).toMatchObject({
      staysToday: await exitsOn('2026-03-10'),
      staysYesterday: await exitsOn('2026-03-09'),
      entriesToday: await mw.figure(sql`SELECT count(*) AS n FROM parking_records WHERE tenant_id = ${mwId} AND ${onDay('entered_at', '2026-03-10')}`),
      receivedToday: await receivedOn('2026-03-10'),
      receivedYesterday: await receivedOn('2026-03-09'),
      receivableToday: await receivableOn('2026-03-10'),
      receivableYesterday: await receivableOn('2026-03-09'),
    });
    // at least this lot's: 2 stays left today (the voided one does not count), 1 yesterday
    expect(data.kpis.staysToday).toBeGreaterThanOrEqual(2);
    expect(data.kpis.receivedToday).toBeGreaterThanOrEqual(800);
    expect(data.kpis.totalSpaces).toBe(data.lots.reduce((n, lot) => n + lot.totalSpaces, 0));
    expect(data.kpis.freeSpaces).toBe(data.lots.reduce((n, lot) => n + lot.freeSpaces, 0));

    expect(data.hours).toHaveLength(24);
    const hourFigure = (column: 'entered_at' | 'exited_at', start: string) =>
      mw.figure(
        sql`SELECT count(*) AS n FROM parking_records WHERE tenant_id = ${mwId} AND ${sql.raw(column)} >= ${shanghai(start)}::timestamptz AND ${sql.raw(column)} < ${new Date(shanghai(start).getTime() + 3_600_000)}::timestamptz
          AND (${sql.raw(column)} = entered_at OR state NOT IN ('parked', 'void'))`,
      );
    expect(data.hours[9]).toEqual({
      hour: 9,
      entriesToday: await hourFigure('entered_at', '2026-03-10T09:00:00'),
      exitsToday: await hourFigure('exited_at', '2026-03-10T09:00:00'),
      entriesYesterday: await hourFigure('entered_at', '2026-03-09T09:00:00'),
      exitsYesterday: await hourFigure('exited_at', '2026-03-09T09:00:00'),
    });
    expect(data.hours[9]!.exitsToday).toBeGreaterThanOrEqual(1);
    expect(data.hours[10]!.exitsYesterday).toBeGreaterThanOrEqual(1);
    expect(data.hours.reduce((n, h) => n + h.exitsToday, 0)).toBe(data.kpis.staysToday);

    expect(data.channels.map((c) => c.channel)).toEqual(['wechat', 'alipay', 'cash', 'balance', 'sandbox']);
    expect(data.channels.reduce((n, c) => n + c.amount, 0)).toBe(data.kpis.receivedToday);
    expect(data.topRevenue).toContainEqual({ lotName: '大屏测试停车场', amount: 800 });
    expect(data.topOccupancy).toContainEqual({ lotName: '大屏测试停车场', occupancyPercent: 75 });
    // newest first: the car that came in at 11:05 is the latest movement of the tenant at noon
    expect(data.latest[0]).toEqual({ kind: 'entry', plateNumber: '粤B50003', lotName: '大屏测试停车场', at: shanghai('2026-03-10T11:05:00').toISOString() });
    const times = data.latest.map((m) => Date.parse(m.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('shows a tenant only its own lots and movements', async () => {
    const demo = await snapshot(demoAdmin);
    expect(demo.lots.some((lot) => lot.id === lotId)).toBe(false);
    expect(demo.latest.some((m) => m.plateNumber.startsWith('粤B5000'))).toBe(false);
    expect(demo.topRevenue.some((r) => r.lotName === '大屏测试停车场')).toBe(false);
  });

  it('is refused without a sign-in, and to a user who may not open 停车记录', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/system/screens/dataView' })).statusCode).toBe(401);
    // mw's finance position holds 财务管理 only
    const finance = await signIn(t.app, 'mwfinance', 'mw');
    expect((await t.app.inject({ method: 'GET', url: '/api/system/screens/dataView', headers: { authorization: finance } })).statusCode).toBe(403);
  });
});

describe('the snapshot kept per tenant', () => {
  it('reads once for the screens asking within its seconds, again after them, and apart for each tenant', async () => {
    let at = 0;
    const cached = snapshotCache<number>(5_000, () => at);
    let reads = 0;
    const read = () => Promise.resolve(++reads);
    const first = await Promise.all(Array.from({ length: 50 }, () => cached('a', read)));
    expect(new Set(first)).toEqual(new Set([1]));
    at = 4_999;
    expect(await cached('a', read)).toBe(1);
    expect(await cached('b', read)).toBe(2);
    at = 5_000;
    expect(await cached('a', read)).toBe(3);
    expect(reads).toBe(3);
  });

  it('keeps no failed reading: the next screen asks again', async () => {
    const cached = snapshotCache<string>(5_000, () => 0);
    await expect(cached('a', () => Promise.reject(new Error('数据库不可用')))).rejects.toThrow('数据库不可用');
    expect(await cached('a', () => Promise.resolve('ok'))).toBe('ok');
  });
});
