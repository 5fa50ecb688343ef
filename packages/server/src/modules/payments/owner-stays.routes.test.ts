import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerStaysPath, ownerPaths, ownerTokenHeader, paymentInput, type OwnerArrears, type OwnerStay } from '@parking/contract';
import { customerVehicles, customers, parkingLots, parkingRecords, recoveryRecords, tenants } from '../../db/schema/index.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';
import type { SmsSender } from '../auth/index.js';
import { recordPayment } from './payment.service.js';

// the app's clock, fixed: stays last until it, payments are stamped by it
const clock = fixedClock('2026-03-10T02:00:00Z');
const sent: { mobile: string; code: string }[] = [];
const capturingSender: SmsSender = { name: 'test', send: async (message) => void sent.push(message) };
let t: TestApp;
let admin: string;
let tenantId: string;
let lots: { north: string; south: string };
let owner: string;
let other: string;

type Answer<T = unknown> = { code: number; msg: string; data: T };
const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ method, url, headers });
  return { status: response.statusCode, body: response.json<Answer<T>>() };
};
const asOwner = (token: string) => ({ [ownerTokenHeader]: token });
const signInOwner = async (phone: string) => {
  clock.advance(61_000);
  await t.app.inject({ method: 'POST', url: ownerPaths.smsCode, payload: { phone } });
  const code = sent.filter((m) => m.mobile === phone).at(-1)!.code;
  return (await t.app.inject({ method: 'POST', url: ownerPaths.signIn, payload: { phone, code } })).json<Answer<{ token: string }>>().data.token;
};
const bindAs = (token: string, plateNumber: string, plateColour = 0) =>
  t.app.inject({ method: 'POST', url: ownerPaths.vehicles, headers: asOwner(token), payload: { plateNumber, plateColour } }).then((r) => r.json<Answer<{ id: string }>>().data);
const hoursAgo = (h: number) => new Date(clock.now().getTime() - h * 3_600_000);
/** a stay as the record core leaves it, straight into the table */
const stay = async (plateNumber: string, lotId: string, enteredHoursAgo: number, values: Partial<typeof parkingRecords.$inferInsert> = {}) => {
  const [row] = await t.database.db
    .insert(parkingRecords)
    .values({ tenantId, lotId, plateNumber, state: 'closed', enteredAt: hoursAgo(enteredHoursAgo), exitedAt: hoursAgo(enteredHoursAgo - 2), amountDue: 400, paid: 400, ...values })
    .returning();
  return row!;
};
const recordOf = async (id: string) => (await t.database.db.select().from(parkingRecords).where(eq(parkingRecords.id, id)))[0]!;

let arrear: typeof parkingRecords.$inferSelect;
let otherArrear: typeof parkingRecords.$inferSelect;
let parked: typeof parkingRecords.$inferSelect;

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, smsSender: capturingSender });
  admin = await signIn(t.app);
  const db = t.database.db;
  tenantId = (await db.select().from(tenants).where(eq(tenants.code, 'demo')))[0]!.id;
  const lot = async (name: string) => (await db.insert(parkingLots).values({ tenantId, name, type: 1, kind: 'lane', totalSpaces: 10, freeCount: 10 }).returning())[0]!.id;
  lots = { north: await lot('北区停车场'), south: await lot('南区停车场') };
  owner = await signInOwner('13600000001');
  other = await signInOwner('13600000002');
  await bindAs(owner, '粤B0W001');
  await bindAs(owner, '粤B0W002', 3);
  await bindAs(other, '粤B0W009');
  await stay('粤B0W001', lots.north, 50);
  arrear = await stay('粤B0W001', lots.south, 30, { state: 'unpaid', paid: 0, unpaid: 600, amountDue: 600 });
  parked = await stay('粤B0W002', lots.north, 3, { plateColour: 3, state: 'parked', exitedAt: null, amountDue: 0, paid: 0 });
  // the same characters on a blue plate are another vehicle; a void record is no stay
  await stay('粤B0W002', lots.north, 10, { plateColour: 0 });
  await stay('粤B0W001', lots.north, 20, { state: 'void' });
  otherArrear = await stay('粤B0W009', lots.north, 5, { state: 'unpaid', paid: 0, unpaid: 300, amountDue: 300 });
  // staff approved their 行驶证: where these plates parked is theirs to see
  await db.update(customerVehicles).set({ state: 'verified' }).where(eq(customerVehicles.tenantId, tenantId));
});
afterAll(() => t.close());

describe('我的停车', () => {
  it('lists the owner’s stays in every lot, newest first, with lot, duration and money', async () => {
    const page = await call<{ list: OwnerStay[]; pagination: { total: number } }>('GET', `${ownerPaths.stays}?pageSize=2`, asOwner(owner));
    expect(page.body.data.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 3 });
    expect(page.body.data.list).toEqual([
      {
        id: parked.id,
        lotName: '北区停车场',
        plateNumber: '粤B0W002',
        plateColour: 3,
        enteredAt: hoursAgo(3).toISOString(),
        exitedAt: null,
        durationSeconds: 3 * 3600,
        amountDue: 0,
        discount: 0,
        paid: 0,
        unpaid: 0,
        state: 'parked',
      },
      expect.objectContaining({ id: arrear.id, lotName: '南区停车场', durationSeconds: 2 * 3600, amountDue: 600, unpaid: 600, state: 'unpaid' }),
    ]);
    const second = await call<{ list: OwnerStay[] }>('GET', `${ownerPaths.stays}?pageSize=2&currentPage=2`, asOwner(owner));
    expect(second.body.data.list.map((s) => [s.lotName, s.paid, s.state])).toEqual([['北区停车场', 400, 'closed']]);
    expect((await call('GET', `${ownerPaths.stays}?pageSize=0`, asOwner(owner))).body.code).toBe(400);
  });

  it('shows another owner only their own, and no one without a token', async () => {
    const theirs = await call<{ list: OwnerStay[] }>('GET', ownerPaths.stays, asOwner(other));
    expect(theirs.body.data.list.map((s) => s.id)).toEqual([otherArrear.id]);
    expect((await call('GET', ownerPaths.stays)).status).toBe(401);
    expect((await call('GET', ownerPaths.stays, { authorization: admin })).status).toBe(401);
  });

  it('shows where a plate parked only once it is 已认证, while what it owes can be paid from the binding on', async () => {
    const third = await signInOwner('13600000003');
    const vehicle = await bindAs(third, '粤B0W005');
    const closed = await stay('粤B0W005', lots.north, 40);
    const owed = await stay('粤B0W005', lots.south, 20, { state: 'unpaid', paid: 0, unpaid: 500, amountDue: 500 });
    expect((await call<{ list: OwnerStay[] }>('GET', ownerPaths.stays, asOwner(third))).body.data.list).toEqual([]);
    expect((await call<OwnerArrears>('GET', ownerPaths.arrears, asOwner(third))).body.data).toMatchObject({ owed: 500, list: [{ id: owed.id }] });
    await t.database.db.update(customerVehicles).set({ state: 'verified' }).where(eq(customerVehicles.id, vehicle.id));
    const seen = await call<{ list: OwnerStay[] }>('GET', ownerPaths.stays, asOwner(third));
    expect(seen.body.data.list.map((s) => s.id)).toEqual([owed.id, closed.id]);
  });
});

describe('欠费 and 去支付', () => {
  it('lists the stays left unpaid with what they owe in all', async () => {
    const owed = await call<OwnerArrears>('GET', ownerPaths.arrears, asOwner(owner));
    expect(owed.body.data).toMatchObject({ owed: 600, list: [{ id: arrear.id, unpaid: 600, lotName: '南区停车场' }] });
  });

  it('refuses to pay another owner’s arrear, an unknown one and a stay that owes nothing', async () => {
    const pay = (id: string, token = owner) => call('POST', ownerPaths.payArrear.replace(':id', id), asOwner(token));
    expect((await pay(otherArrear.id)).body).toMatchObject({ code: 404, msg: '欠费记录不存在' });
    expect((await pay('00000000-0000-4000-8000-000000000000')).body).toMatchObject({ code: 404, msg: '欠费记录不存在' });
    expect((await pay(parked.id)).body).toMatchObject({ code: 400, msg: '该订单无需支付' });
    expect((await pay(arrear.id, admin)).status).toBe(401);
    expect(await recordOf(otherArrear.id)).toMatchObject({ state: 'unpaid', unpaid: 300 });
  });

  it('pays through the gateway’s cashier and clears the pursuit as a payment staff record does', async () => {
    const started = await call<{ cashierUrl: string }>('POST', ownerPaths.payArrear.replace(':id', arrear.id), asOwner(owner));
    expect(started.body.code, started.body.msg).toBe(200);
    const confirmed = await t.app.inject({ method: 'POST', url: `${started.body.data.cashierUrl}/confirm` });
    expect(confirmed.statusCode).toBe(303);
    // back to the owner's 欠费 page
    expect(confirmed.headers.location).toBe('/#/owner/arrears');
    expect(await recordOf(arrear.id)).toMatchObject({ paid: 600, unpaid: 0 });
    const [recovery] = await t.database.db.select().from(recoveryRecords).where(eq(recoveryRecords.recordId, arrear.id));
    expect(recovery).toMatchObject({ plateNumber: '粤B0W001', amount: 600 });
    expect((await call<OwnerArrears>('GET', ownerPaths.arrears, asOwner(owner))).body.data).toEqual({ owed: 0, list: [] });
    expect((await call('GET', `/api/system/Arrears/${encodeURIComponent('粤B0W001')}`, { authorization: admin })).body).toMatchObject({ data: { owed: 0, records: [], recovered: 600 } });
  });

  it('a staff payment of the other owner’s arrear clears it from their 欠费 the same way', async () => {
    const staff = { tenantId, userId: null, account: 'admin', ip: '127.0.0.1', userAgent: 'vitest' };
    await recordPayment(t.database.db, staff, paymentInput.parse({ recordId: otherArrear.id, channel: 'cash', amount: 300 }), 'owner-stays-cash');
    expect((await call<OwnerArrears>('GET', ownerPaths.arrears, asOwner(other))).body.data).toEqual({ owed: 0, list: [] });
  });
});

describe('车主详情 in the console', () => {
  it('pages the owner’s stays in every lot, with what they paid and owe, for holders of 车主', async () => {
    const id = (await t.database.db.select().from(customers).where(eq(customers.phone, '13600000001')))[0]!.id;
    const url = (query = '') => `${customerStaysPath.replace(':id', id)}${query}`;
    const all = await call<{ list: OwnerStay[]; pagination: { total: number }; owed: number; paid: number }>('GET', url('?pageSize=10'), { authorization: admin });
    expect(all.body.data).toMatchObject({ pagination: { total: 3 }, owed: 0, paid: 1000 });
    expect(all.body.data.list.map((s) => s.plateNumber)).toEqual(['粤B0W002', '粤B0W001', '粤B0W001']);
    await t.database.db
      .update(parkingRecords)
      .set({ state: 'unpaid', amountDue: 100, unpaid: 100, exitedAt: hoursAgo(1) })
      .where(eq(parkingRecords.id, parked.id));
    const unpaid = await call<{ list: OwnerStay[]; owed: number }>('GET', url('?unpaidOnly=1'), { authorization: admin });
    expect(unpaid.body.data).toMatchObject({ owed: 100, list: [{ id: parked.id }] });
    expect((await call('GET', url(), asOwner(owner))).status).toBe(401);
    expect((await call('GET', customerStaysPath.replace(':id', '00000000-0000-4000-8000-000000000000'), { authorization: admin })).body).toMatchObject({ code: 404, msg: '车主不存在' });
    const mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
    expect((await call('GET', url(), { authorization: mwAdmin })).body).toMatchObject({ code: 404, msg: '车主不存在' });
  });
});

describe("车主's 欠费 column", () => {
  it('answers what each owner of a page owes in one call, 0 for none, only for holders of 车主 of the tenant', async () => {
    const idOf = async (phone: string) => (await t.database.db.select().from(customers).where(eq(customers.phone, phone)))[0]!.id;
    const [mine, theirs] = [await idOf('13600000001'), await idOf('13600000002')];
    const unknown = '00000000-0000-4000-8000-000000000000';
    const owed = await call<{ customerId: string; owed: number }[]>('GET', `/api/system/Customer/Actions/Owed?ids=${mine},${theirs},${unknown},${mine}`, { authorization: admin });
    // the test above left one stay of 粤B0W002 unpaid for 1 元; the other owner's was paid in cash
    expect(owed.body.data).toEqual([
      { customerId: mine, owed: 100 },
      { customerId: theirs, owed: 0 },
      { customerId: unknown, owed: 0 },
    ]);
    expect((await call('GET', '/api/system/Customer/Actions/Owed?ids=nope', { authorization: admin })).body).toMatchObject({ code: 400, msg: '查询参数 ids：车主编号格式不正确' });
    expect((await call('GET', '/api/system/Customer/Actions/Owed', { authorization: admin })).body.code).toBe(400);
    const mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
    expect((await call<{ owed: number }[]>('GET', `/api/system/Customer/Actions/Owed?ids=${mine}`, { authorization: mwAdmin })).body.data).toEqual([{ customerId: mine, owed: 0 }]);
  });
});
