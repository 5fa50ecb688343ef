import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerPaymentsPath, paymentInput, type CustomerPayment, type PaymentChannel, type VehicleBindingState } from '@parking/contract';
import { customerVehicles, customers, parkingLots, parkingRecords, payments, refunds, tenants, users } from '../../db/schema/index.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';
import { recordPayment } from './payment.service.js';

// the app's clock, fixed: every stay and payment is placed before it
const clock = fixedClock('2026-03-10T02:00:00Z');
const hoursAgo = (h: number) => new Date(clock.now().getTime() - h * 3_600_000);
let t: TestApp;
let admin: string;
let tenantIds: { demo: string; mw: string };
let lots: { north: string; south: string };
let adminId: string;
let owner: string;
let other: string;
let mwOwner: string;
const paid: Record<'prepaid' | 'exit' | 'pursuit', string> = { prepaid: '', exit: '', pursuit: '' };

type Answer<T = unknown> = { code: number; msg: string; data: T };
type Page = { list: CustomerPayment[]; pagination: { currentPage: number; pageSize: number; total: number } };
const get = async <T = Page>(id: string, query = '', token = admin) => {
  const response = await t.app.inject({ method: 'GET', url: `${customerPaymentsPath.replace(':id', id)}${query}`, headers: { authorization: token } });
  return { status: response.statusCode, body: response.json<Answer<T>>() };
};

const ownerWith = async (tenantId: string, phone: string, vehicles: [string, number, VehicleBindingState][]) => {
  const [row] = await t.database.db
    .insert(customers)
    .values({ tenantId, phone, nickname: phone, source: 'console', registeredAt: hoursAgo(100) })
    .returning();
  for (const [plateNumber, plateColour, state] of vehicles) {
    await t.database.db
      .insert(customerVehicles)
      .values({ tenantId, customerId: row!.id, plateNumber, plateColour, state, boundAt: hoursAgo(90), ...(state === 'unbound' ? { unboundAt: hoursAgo(80) } : {}) });
  }
  return row!.id;
};

/** a stay as the record core leaves it, owing `amount`, paid through the one payment path at `paidAt` */
const paidStay = async (
  plateNumber: string,
  lotId: string,
  values: Partial<typeof parkingRecords.$inferInsert> & { amount: number; channel: PaymentChannel; paidAt: Date },
  tenantId = tenantIds.demo,
) => {
  const { amount, channel, paidAt, ...record } = values;
  const [row] = await t.database.db
    .insert(parkingRecords)
    .values({ tenantId, lotId, plateNumber, state: 'awaiting_payment', enteredAt: hoursAgo(40), exitedAt: hoursAgo(38), amountDue: amount, paid: 0, unpaid: amount, ...record })
    .returning();
  const staff = { tenantId, userId: null, account: 'admin', ip: '127.0.0.1', userAgent: 'vitest' };
  const { payment } = await recordPayment(t.database.db, staff, paymentInput.parse({ recordId: row!.id, channel, amount }), `owner-payments-${row!.id}`, paidAt);
  return payment.id;
};

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  admin = await signIn(t.app);
  const db = t.database.db;
  const idOf = async (code: string) => (await db.select().from(tenants).where(eq(tenants.code, code)))[0]!.id;
  tenantIds = { demo: await idOf('demo'), mw: await idOf('mw') };
  adminId = (await db.select().from(users).where(eq(users.account, 'admin')))[0]!.id;
  const lot = async (name: string, tenantId = tenantIds.demo) =>
    (await db.insert(parkingLots).values({ tenantId, name, type: 1, kind: 'lane', totalSpaces: 10, freeCount: 10 }).returning())[0]!.id;
  lots = { north: await lot('北区停车场'), south: await lot('南区停车场') };

  owner = await ownerWith(tenantIds.demo, '13600000101', [
    ['粤B0P001', 0, 'verified'],
    ['粤B0P002', 3, 'unverified'],
    ['粤B0P003', 0, 'unbound'],
  ]);
  other = await ownerWith(tenantIds.demo, '13600000102', [['粤B0P009', 0, 'verified']]);
  mwOwner = await ownerWith(tenantIds.mw, '13600000101', [['粤B0P001', 0, 'verified']]);

  // paid on the phone while the car was still in: prepaid, then 1 元 of it refunded
  paid.prepaid = await paidStay('粤B0P001', lots.north, { state: 'parked', exitedAt: null, enteredAt: hoursAgo(6), amount: 300, channel: 'wechat', paidAt: hoursAgo(5) });
  const recordId = (await db.select().from(payments).where(eq(payments.id, paid.prepaid)))[0]!.recordId;
  await db.insert(refunds).values([
    { tenantId: tenantIds.demo, paymentId: paid.prepaid, recordId, amount: 100, reason: '多收', status: 'approved', requestedBy: adminId },
    // asked for, not yet approved: no money went back
    { tenantId: tenantIds.demo, paymentId: paid.prepaid, recordId, amount: 50, reason: '再退', status: 'requested', requestedBy: adminId },
  ]);
  // at the exit barrier, the green plate's stay
  paid.exit = await paidStay('粤B0P002', lots.south, { plateColour: 3, exitedAt: hoursAgo(3), amount: 500, channel: 'alipay', paidAt: hoursAgo(2.9) });
  // left owing, paid in cash at the booth a day later: a recovery (追缴)
  paid.pursuit = await paidStay('粤B0P001', lots.south, { state: 'unpaid', exitedAt: hoursAgo(30), amount: 800, channel: 'cash', paidAt: hoursAgo(1) });
  // not the owner's: the same characters on a blue plate, another owner's plate, a plate unbound, another tenant's stay
  await paidStay('粤B0P002', lots.north, { plateColour: 0, amount: 200, channel: 'cash', paidAt: hoursAgo(0.5) });
  await paidStay('粤B0P009', lots.north, { amount: 100, channel: 'wechat', paidAt: hoursAgo(0.4) });
  await paidStay('粤B0P003', lots.north, { amount: 700, channel: 'wechat', paidAt: hoursAgo(0.3) });
  await paidStay('粤B0P001', await lot('明湾停车场', tenantIds.mw), { amount: 900, channel: 'wechat', paidAt: hoursAgo(0.2) }, tenantIds.mw);
}, 60_000);
afterAll(() => t.close());

describe('车主详情 支付记录', () => {
  it('pages the payments of the owner’s plates in every lot, newest first, with lot, channel, refunds and when in the stay they were paid', async () => {
    const first = await get(owner, '?pageSize=2');
    expect(first.body.code, first.body.msg).toBe(200);
    expect(first.body.data.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 3 });
    expect(first.body.data.list).toEqual([
      {
        id: paid.pursuit,
        recordId: expect.any(String),
        paidAt: hoursAgo(1).toISOString(),
        lotName: '南区停车场',
        plateNumber: '粤B0P001',
        plateColour: 0,
        channel: 'cash',
        amount: 800,
        refunded: 0,
        stage: 'pursuit',
      },
      expect.objectContaining({ id: paid.exit, lotName: '南区停车场', plateNumber: '粤B0P002', plateColour: 3, channel: 'alipay', amount: 500, refunded: 0, stage: 'exit' }),
    ]);
    const second = await get(owner, '?pageSize=2&currentPage=2');
    expect(second.body.data.list).toEqual([
      expect.objectContaining({ id: paid.prepaid, paidAt: hoursAgo(5).toISOString(), lotName: '北区停车场', channel: 'wechat', amount: 300, refunded: 100, stage: 'prepaid' }),
    ]);
  });

  it('shows another owner only their own, and an owner with no payments none', async () => {
    const theirs = await get(other);
    expect(theirs.body.data.list.map((p) => [p.plateNumber, p.amount])).toEqual([['粤B0P009', 100]]);
    const none = await ownerWith(tenantIds.demo, '13600000103', [['粤B0P077', 0, 'verified']]);
    expect((await get(none)).body.data).toEqual({ list: [], pagination: { currentPage: 1, pageSize: 10, total: 0 } });
  });

  it('refuses another tenant’s owner, an unknown id, bad paging and a user without 车主', async () => {
    expect((await get(mwOwner)).body).toMatchObject({ code: 404, msg: '车主不存在' });
    expect((await get('00000000-0000-4000-8000-000000000000')).body).toMatchObject({ code: 404, msg: '车主不存在' });
    expect((await get('not-an-id')).body).toMatchObject({ code: 400, msg: '路径参数 id：车主编号格式不正确' });
    expect((await get(owner, '?pageSize=0')).body.code).toBe(400);
    const mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
    expect((await get(owner, '', mwAdmin)).body).toMatchObject({ code: 404, msg: '车主不存在' });
    // in tenant mw the same phone and plate are another owner, with mw's payment only
    expect((await get(mwOwner, '', mwAdmin)).body.data.list.map((p) => [p.lotName, p.amount])).toEqual([['明湾停车场', 900]]);
    const finance = await signIn(t.app, 'mwfinance', 'mw');
    expect((await get(mwOwner, '', finance)).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: customerPaymentsPath.replace(':id', owner) })).statusCode).toBe(401);
  });
});
