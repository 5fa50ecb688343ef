import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkingLots, parkingSpaces, tenants } from '../../db/schema/index.js';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let mwAdmin: string;
let finance: string;
let demoId: string;
let mwId: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  finance = await signIn(t.app, 'mwfinance', 'mw');
  const all = await t.database.db.select().from(tenants);
  demoId = all.find((x) => x.code === 'demo')!.id;
  mwId = all.find((x) => x.code === 'mw')!.id;
  const [road] = await t.database.db.insert(parkingLots).values({ tenantId: demoId, name: '甲 路侧', type: 0, kind: 'space' }).returning();
  await t.database.db.insert(parkingSpaces).values([
    { tenantId: demoId, lotId: road!.id, number: 'A1', state: 'free' },
    { tenantId: demoId, lotId: road!.id, number: 'A2', state: 'occupied', type: 1 },
    { tenantId: demoId, lotId: road!.id, number: 'A3', state: 'occupied' },
    { tenantId: demoId, lotId: road!.id, number: 'A4', state: 'fault', type: 1 },
  ]);
  // a gated lot counted at its lanes, with no spaces of its own
  await t.database.db.insert(parkingLots).values({ tenantId: demoId, name: '乙 商场', type: 1, kind: 'lane', totalSpaces: 300, freeCount: 120, longRentalSpaces: 40 });
  await t.database.db.insert(parkingLots).values({ tenantId: mwId, name: '美湾停车场', type: 1, kind: 'lane', totalSpaces: 10, freeCount: 10 });
});
afterAll(() => t.close());

const counter = (tenantId: string, token = admin) => t.app.inject({ method: 'GET', url: `/api/system/Parking/${tenantId}/counter`, headers: { authorization: token } });

describe('live counters per lot', () => {
  it('counts a lot with spaces by their states, and a lot without by its own totals', async () => {
    const response = await counter(demoId);
    expect(response.json()).toMatchObject({ code: 200, data: { tenantId: demoId } });
    expect(response.json().data.lots).toEqual([
      { lotId: expect.any(String), lotName: '乙 商场', kind: 'lane', total: 300, free: 120, occupied: 180, fault: 0, longRental: 40 },
      { lotId: expect.any(String), lotName: '甲 路侧', kind: 'space', total: 4, free: 1, occupied: 2, fault: 1, longRental: 2 },
    ]);
  });

  it('answers any signed-in user of the tenant, only about their own tenant', async () => {
    expect((await counter(mwId, finance)).json().data.lots.map((l: { lotName: string }) => l.lotName)).toEqual(['美湾停车场']);
    expect((await counter(demoId, mwAdmin)).json()).toEqual({ code: 403, msg: '只能查看本租户的车位统计', data: null });
    expect((await counter(mwId)).statusCode).toBe(403);
    expect((await counter('demo')).json()).toMatchObject({ code: 400, msg: '路径参数 tenantId：租户编号格式不正确' });
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/system/Parking/${demoId}/counter` });
    expect(signedOut.statusCode).toBe(401);
  });

  it('follows a space changing state', async () => {
    const [road] = await t.database.db.select().from(parkingLots).where(eq(parkingLots.name, '甲 路侧'));
    await t.database.db.update(parkingSpaces).set({ state: 'free' }).where(eq(parkingSpaces.lotId, road!.id));
    const lot = (await counter(demoId)).json().data.lots.find((l: { lotName: string }) => l.lotName === '甲 路侧');
    expect(lot).toMatchObject({ total: 4, free: 4, occupied: 0, fault: 0 });
  });
});
