import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessDay,
  businessDayStart,
  couponTemplateInput,
  driverPayPaths,
  laneCommandPullPath,
  merchantInput,
  recordPayQrCodePath,
  sandboxSignatureHeader,
  specialBillOpenPaths,
  tariffRules,
  vehicleEventInput,
  type DriverRecord,
} from '@parking/contract';
import {
  coupons,
  devices,
  gatewayOrders,
  laneCommands,
  parkingLanes,
  parkingLots,
  parkingRecords,
  payments,
  revenueDaily,
  sandboxCashierOrders,
  specialBills,
  tariffVersions,
  tariffs,
  tenants,
} from '../../db/schema/index.js';
import { appSecret } from '../../shared/app-secret.js';
import { md5Hex } from '../../shared/passwords.js';
import type { AuthContext } from '../../types.js';
import { buildTestApp, demoAdmin, fixedClock, signIn, type TestApp } from '../../test/test-app.js';
import { signDeviceCall } from '../devices/device-client.js';
import { createCouponTemplate, createMerchant, issueCoupon } from '../marketing/index.js';
import { closePaidPastGrace, findOpenStay } from '../orders/index.js';
import { receiveVehicleEvent } from '../orders/vehicle-event.service.js';
import { signRecordToken, signScanToken } from '../parking/scan-token.js';
import { sandboxGateway, signSandboxNotice } from './gateway/sandbox-gateway.js';
import { parseBill } from './gateway/wechat-bill.js';

// 1 元 per started hour all day, 15 minutes to leave after paying
const allDay = [{ label: '全天', start: '00:00', end: '00:00', pricing: { kind: 'perUnit', tiers: [{ unitMinutes: 60, unitPrice: 100 }], rounding: { mode: 'up' } } }];
const hourly = tariffRules.parse({
  schedule: { workday: allDay, nonWorkday: allDay },
  vehicleClasses: [{ code: 'small', name: '小型车' }],
  graceMinutes: 15,
});

// the app's clock, fixed: stays are priced, codes expire and payments are stamped by it; the cameras report times around it
const clock = fixedClock('2026-03-10T02:00:00Z');
let test: TestApp;
let server: FastifyInstance;
let tenantId: string;
let lotId: string;
let lanes: { in: string; out: string };
let cams: Record<'in' | 'out', typeof devices.$inferSelect>;
let secret: string;
let sandboxSecret: string;
let adminToken: string;
let sequence = 0;
const minutesAgo = (m: number) => new Date(clock.now().getTime() - m * 60_000).toISOString();
const minutesOn = (m: number) => minutesAgo(-m);

const event = (camera: 'in' | 'out', plate: string, occurredAt: string) =>
  receiveVehicleEvent(
    test.database.db,
    cams[camera],
    vehicleEventInput.parse({
      tenant: 'demo',
      sn: cams[camera].sn,
      timestamp: clock.now().getTime(),
      nonce: `pay-nonce-${++sequence}`,
      deviceEventId: `PAY-${sequence}`,
      kind: camera === 'in' ? 'lane_entry' : 'lane_exit',
      plate,
      occurredAt,
      confidence: 0.98,
    }),
    test.app.config.dataDir,
  );
const laneToken = (laneId: string) => signScanToken(secret, { k: 'lane', id: laneId, tenant: tenantId });
const get = <T>(url: string) => server.inject({ method: 'GET', url }).then((r) => ({ status: r.statusCode, body: r.json<{ code: number; msg: string; data: T }>(), raw: r.body }));
const post = <T>(url: string, payload: object) =>
  server.inject({ method: 'POST', url, payload }).then((r) => ({ status: r.statusCode, body: r.json<{ code: number; msg: string; data: T }>(), raw: r.body }));
const recordView = (o: string) => get<DriverRecord>(`${driverPayPaths.record}?o=${encodeURIComponent(o)}`);
const findByPlate = async (plateNumber: string) => (await post<{ recordToken: string }>(driverPayPaths.findByPlate, { t: laneToken(lanes.out), plateNumber })).body.data.recordToken;
const recordOf = async (id: string) => (await test.database.db.select().from(parkingRecords).where(eq(parkingRecords.id, id)))[0]!;
const paymentsOf = (recordId: string) => test.database.db.select().from(payments).where(eq(payments.recordId, recordId));
const commandsOf = (recordId: string) => test.database.db.select().from(laneCommands).where(eq(laneCommands.recordId, recordId));
const noticeOf = (no: string, amount: number, state: 'paid' | 'closed' = 'paid') => JSON.stringify({ gatewayOrderNo: no, tradeNo: `T-${no}`, amount, state, at: clock.now().toISOString() });
const sendNotice = (body: string, signature = signSandboxNotice(sandboxSecret, body)) =>
  server.inject({ method: 'POST', url: driverPayPaths.sandboxNotify, payload: body, headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: signature } });
/** pays through the sandbox cashier as the driver does: 支付, then 确认支付 (whose notice the sandbox hands to our notify route) */
const payOnPhone = async (o: string) => {
  const started = await post<{ cashierUrl: string }>(driverPayPaths.pay, { o });
  expect(started.body.code, started.body.msg).toBe(200);
  const confirmed = await server.inject({ method: 'POST', url: `${started.body.data.cashierUrl}/confirm` });
  return { cashierUrl: started.body.data.cashierUrl, confirmed };
};

beforeAll(async () => {
  // the sandbox's own in-process delivery brings its notices back, as in production
  test = await buildTestApp({ now: clock.now });
  server = test.app;
  const db = test.database.db;
  tenantId = (await db.select().from(tenants).where(eq(tenants.code, 'demo')))[0]!.id;
  secret = await appSecret(db, 'qr');
  sandboxSecret = await appSecret(db, 'sandbox-pay');
  const [tariff] = await db.insert(tariffs).values({ tenantId, name: '扫码支付测试计费' }).returning();
  await db.insert(tariffVersions).values({ tenantId, tariffId: tariff!.id, versionNo: 1, effectiveFrom: new Date('2020-01-01T00:00:00Z'), rules: hourly });
  const [lot] = await db.insert(parkingLots).values({ tenantId, name: '扫码支付停车场', type: 1, kind: 'lane', totalSpaces: 50, freeCount: 50, tariffId: tariff!.id }).returning();
  lotId = lot!.id;
  const [inLane] = await db.insert(parkingLanes).values({ tenantId, lotId, name: '南入口', direction: 'in' }).returning();
  const [outLane] = await db.insert(parkingLanes).values({ tenantId, lotId, name: '南出口', direction: 'out' }).returning();
  lanes = { in: inLane!.id, out: outLane!.id };
  const camera = (sn: string, laneId: string) =>
    db
      .insert(devices)
      .values({ tenantId, sn, name: sn, type: 'camera', lotId, laneId, secret: `${sn}-secret`.padEnd(64, 'x') })
      .returning()
      .then((rows) => rows[0]!);
  cams = { in: await camera('PAY-CAM-IN', lanes.in), out: await camera('PAY-CAM-OUT', lanes.out) };
  adminToken = await signIn(server);
});
afterAll(() => test.close());

describe('扫码出场: the lane code, the plate and the order token', () => {
  it('names the lot and lane, and offers the plate the exit camera read a minute ago', async () => {
    const before = await get<{ lotName: string; laneName: string; recentPlate: string | null }>(`${driverPayPaths.exitLane}?t=${laneToken(lanes.out)}`);
    expect(before.body.data).toEqual({ lotName: '扫码支付停车场', laneName: '南出口', recentPlate: null });
    await event('in', '粤B1R001', minutesAgo(90));
    await event('out', '粤B1R001', minutesAgo(1));
    const after = await get<{ recentPlate: string | null }>(`${driverPayPaths.exitLane}?t=${laneToken(lanes.out)}`);
    expect(after.body.data.recentPlate).toBe('粤B1R001');
  });

  it('refuses an entry lane, a forged or altered code, and an order token in place of a lane code', async () => {
    const entry = await get(`${driverPayPaths.exitLane}?t=${laneToken(lanes.in)}`);
    expect(entry.status).toBe(400);
    expect(entry.body.msg).toContain('入口车道');
    const token = laneToken(lanes.out);
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const t of [altered, 'nonsense', signRecordToken(secret, { id: lanes.out, tenant: tenantId, lane: null }, clock.now(), 60_000)]) {
      const refused = await get(`${driverPayPaths.exitLane}?t=${encodeURIComponent(t)}`);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('二维码无效或已被篡改，请重新扫码');
    }
  });

  it('finds the open stay by plate and answers only a token; an unknown plate or a bad plate is refused', async () => {
    await event('in', '粤B1F002', minutesAgo(30));
    const found = await post<{ recordToken: string }>(driverPayPaths.findByPlate, { t: laneToken(lanes.out), plateNumber: '粤b1f002' });
    expect(found.body.code).toBe(200);
    expect(Object.keys(found.body.data)).toEqual(['recordToken']);
    const missing = await post(driverPayPaths.findByPlate, { t: laneToken(lanes.out), plateNumber: '粤B9Z999' });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toContain('未找到车牌「粤B9Z999」');
    const bad = await post(driverPayPaths.findByPlate, { t: laneToken(lanes.out), plateNumber: 'ABC' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('车牌号格式不正确');
  });

  it('shows the order without ids or staff data, and refuses tampered and expired order tokens', async () => {
    const entered = await event('in', '粤B1V003', minutesAgo(150));
    const o = await findByPlate('粤B1V003');
    const view = await recordView(o);
    expect(view.body.data).toMatchObject({
      lotName: '扫码支付停车场',
      plateNumber: '粤B1V003',
      exited: false,
      amountDue: 300,
      discount: 0,
      paid: 0,
      unpaid: 300,
      state: 'unpaid',
      paying: false,
      onlinePay: true,
    });
    expect(view.body.data.durationSeconds).toBeGreaterThanOrEqual(150 * 60);
    expect(view.raw).not.toContain(entered.recordId!);
    expect(view.raw).not.toContain(lotId);

    const [body, mac] = o.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), exp: 9_999_999_999 })).toString('base64url');
    const tampered = await recordView(`${forged}.${mac}`);
    expect(tampered.status).toBe(400);
    expect(tampered.body.msg).toBe('二维码无效或已被篡改，请重新扫码');
    const expired = await recordView(signRecordToken(secret, { id: entered.recordId!, tenant: tenantId, lane: lanes.out }, new Date(clock.now().getTime() - 3_600_000), 60_000));
    expect(expired.status).toBe(400);
    expect(expired.body.msg).toBe('订单二维码已过期，请重新扫码');
    expect(expired.raw).not.toContain('粤B1V003');
  });
});

describe('paying in the sandbox', () => {
  it('pays a car still in: one sandbox payment keyed by the gateway order, 已支付 with the grace time, a release for the lane', async () => {
    const entered = await event('in', '粤B2P001', minutesAgo(100));
    const o = await findByPlate('粤B2P001');
    const { cashierUrl, confirmed } = await payOnPhone(o);
    expect(cashierUrl).toMatch(/^\/sandbox\/cashier\/SB\w+$/);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toMatch(/#\/orderInfoByQRcode\?o=/);

    const [payment, ...others] = await paymentsOf(entered.recordId!);
    expect(others).toEqual([]);
    const [order] = await test.database.db.select().from(gatewayOrders).where(eq(gatewayOrders.recordId, entered.recordId!));
    expect(payment).toMatchObject({ channel: 'sandbox', amount: 200, idempotencyKey: order!.gatewayOrderNo, operatorId: null });
    expect(order).toMatchObject({ state: 'paid', paymentId: payment!.id, amount: 200 });
    const record = await recordOf(entered.recordId!);
    expect(record).toMatchObject({ state: 'parked', amountDue: 200, discount: 0, paid: 200, unpaid: 0 });

    const commands = await commandsOf(entered.recordId!);
    expect(commands).toMatchObject([{ laneId: lanes.out, kind: 'release', plateNumber: '粤B2P001', state: 'queued' }]);

    const view = await recordView(new URL(confirmed.headers.location as string, 'http://x').hash.split('o=')[1]!);
    expect(view.body.data).toMatchObject({ state: 'paid', paid: 200, unpaid: 0, graceMinutes: 15 });
    expect(Date.parse(view.body.data.leaveBefore!) - payment!.paidAt.getTime()).toBe(15 * 60_000);
  });

  it('lets the paid car out within grace at no extra charge; the barrier takes the release once', async () => {
    const entered = await event('in', '粤B2G002', minutesAgo(59));
    await payOnPhone(await findByPlate('粤B2G002'));
    // two minutes later the fee to that moment would be a second hour: within grace it is not charged
    const exit = await event('out', '粤B2G002', minutesOn(2));
    expect(exit).toMatchObject({ recordId: entered.recordId, state: 'closed', amountToPay: 0, release: true });
    expect(await recordOf(entered.recordId!)).toMatchObject({ state: 'closed', amountDue: 100, paid: 100, unpaid: 0 });
    // the record's detail explains the amount the same way: charged up to the payment
    const detail = await server.inject({ method: 'GET', url: `/api/system/ParkingRecord/${entered.recordId}`, headers: { authorization: adminToken } });
    expect(detail.json().data.fee).toMatchObject({ amount: 100 });

    const pull = () => {
      const { body, headers } = signDeviceCall(laneCommandPullPath, { tenant: 'demo', sn: cams.out.sn, secret: cams.out.secret }, { timestamp: clock.now().getTime() });
      return server.inject({ method: 'POST', url: laneCommandPullPath, payload: body, headers }).then((r) => r.json<{ data: { commands: { kind: string; plateNumber: string }[] } }>());
    };
    const first = await pull();
    expect(first.data.commands.filter((c) => c.plateNumber === '粤B2G002')).toEqual([expect.objectContaining({ kind: 'release' })]);
    expect((await pull()).data.commands).toEqual([]);
  });

  it('charges the rest when the paid car leaves after the grace minutes', async () => {
    const entered = await event('in', '粤B2L003', minutesAgo(59));
    await payOnPhone(await findByPlate('粤B2L003'));
    const exit = await event('out', '粤B2L003', minutesOn(20));
    expect(exit).toMatchObject({ state: 'awaiting_payment', amountToPay: 100, release: false });
    expect(await recordOf(entered.recordId!)).toMatchObject({ amountDue: 200, paid: 100, unpaid: 100 });
  });

  it('pays a car waiting at the barrier: the record is 已支付, the exit lane released, a second read closes it', async () => {
    const entered = await event('in', '粤B2W004', minutesAgo(130));
    const atBarrier = await event('out', '粤B2W004', minutesAgo(1));
    expect(atBarrier).toMatchObject({ state: 'awaiting_payment', amountToPay: 300, release: false });
    const info = await get<{ recentPlate: string }>(`${driverPayPaths.exitLane}?t=${laneToken(lanes.out)}`);
    expect(info.body.data.recentPlate).toBe('粤B2W004');
    await payOnPhone(await findByPlate(info.body.data.recentPlate));
    expect(await recordOf(entered.recordId!)).toMatchObject({ state: 'paid', amountDue: 300, paid: 300, unpaid: 0 });
    expect(await commandsOf(entered.recordId!)).toHaveLength(1);
    const again = await event('out', '粤B2W004', minutesOn(0));
    expect(again).toMatchObject({ recordId: entered.recordId, state: 'closed', release: true, abnormalReasons: [] });
    const stays = await test.database.db
      .select()
      .from(parkingRecords)
      .where(and(eq(parkingRecords.plateNumber, '粤B2W004'), eq(parkingRecords.lotId, lotId)));
    expect(stays).toHaveLength(1);
  });

  it('closes a record paid at the barrier once its grace is over, the camera having read no second time', async () => {
    const entered = await event('in', '粤B2C009', minutesAgo(70));
    await event('out', '粤B2C009', minutesAgo(1));
    await payOnPhone(await findByPlate('粤B2C009'));
    const [payment] = await paymentsOf(entered.recordId!);
    expect(await recordOf(entered.recordId!)).toMatchObject({ state: 'paid', unpaid: 0 });
    const after = (minutes: number) => new Date(payment!.paidAt.getTime() + minutes * 60_000);
    // 15 grace minutes: still at the barrier at 14, through it at 16
    await closePaidPastGrace(test.database.db, after(14));
    expect((await recordOf(entered.recordId!)).state).toBe('paid');
    const passed = await closePaidPastGrace(test.database.db, after(16));
    expect(passed.passed).toBeGreaterThanOrEqual(1);
    expect(await recordOf(entered.recordId!)).toMatchObject({ state: 'closed', paid: 200, unpaid: 0 });
  });

  it("quotes a stay the same at the driver's page, the cashier and the exit", async () => {
    const entered = await event('in', '粤B2Q010', minutesAgo(130));
    const o = await findByPlate('粤B2Q010');
    const page = (await recordView(o)).body.data;
    expect(page).toMatchObject({ amountDue: 300, discount: 0, paid: 0, unpaid: 300 });
    const started = await post<{ cashierUrl: string }>(driverPayPaths.pay, { o });
    expect(started.body.code, started.body.msg).toBe(200);
    const [cashier] = await test.database.db.select().from(gatewayOrders).where(eq(gatewayOrders.recordId, entered.recordId!));
    expect({ amountDue: cashier!.amountDue, discount: cashier!.discount, amount: cashier!.amount }).toEqual({ amountDue: page.amountDue, discount: page.discount, amount: page.unpaid });
    // the driver walks off without paying on the phone: the exit a minute later prices the same stay the same
    const exit = await event('out', '粤B2Q010', minutesOn(1));
    expect(exit).toMatchObject({ state: 'awaiting_payment', amountToPay: page.unpaid });
    expect(await recordOf(entered.recordId!)).toMatchObject({ amountDue: page.amountDue, discount: page.discount, paid: page.paid, unpaid: page.unpaid });
  });

  it('refuses a notice with a bad signature and changes nothing', async () => {
    const entered = await event('in', '粤B3S001', minutesAgo(45));
    const started = await post<{ cashierUrl: string }>(driverPayPaths.pay, { o: await findByPlate('粤B3S001') });
    const no = started.body.data.cashierUrl.split('/').pop()!;
    const body = noticeOf(no, 100);
    for (const signature of ['', 'f'.repeat(64), signSandboxNotice('not-the-secret', body)]) {
      const refused = await sendNotice(body, signature);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toBe('通知签名错误');
    }
    // a signed body altered afterwards
    const altered = await sendNotice(body.replace('"amount":100', '"amount":1'), signSandboxNotice(sandboxSecret, body));
    expect(altered.statusCode).toBe(400);
    expect(await paymentsOf(entered.recordId!)).toEqual([]);
    expect((await test.database.db.select().from(gatewayOrders).where(eq(gatewayOrders.gatewayOrderNo, no)))[0]!.state).toBe('created');
    expect(await recordOf(entered.recordId!)).toMatchObject({ paid: 0, unpaid: 0, state: 'parked' });
  });

  it('records one payment for 20 identical notices arriving at once', async () => {
    const entered = await event('in', '粤B3C002', minutesAgo(200));
    const started = await post<{ cashierUrl: string }>(driverPayPaths.pay, { o: await findByPlate('粤B3C002') });
    const no = started.body.data.cashierUrl.split('/').pop()!;
    const body = noticeOf(no, 400);
    const answers = await Promise.all(Array.from({ length: 20 }, () => sendNotice(body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.map((a) => a.json().data.state)).toEqual(Array(20).fill('paid'));
    expect(await paymentsOf(entered.recordId!)).toHaveLength(1);
    expect(await commandsOf(entered.recordId!)).toHaveLength(1);
    expect(await recordOf(entered.recordId!)).toMatchObject({ amountDue: 400, paid: 400, unpaid: 0 });
  });

  it('asks the provider when the notice is late, and a cancelled cashier closes the order without money', async () => {
    const entered = await event('in', '粤B3Q003', minutesAgo(10));
    const o = await findByPlate('粤B3Q003');
    const started = await post<{ cashierUrl: string }>(driverPayPaths.pay, { o });
    const no = started.body.data.cashierUrl.split('/').pop()!;
    const page = await server.inject({ method: 'GET', url: started.body.data.cashierUrl });
    expect(page.body).toContain('确认支付');
    expect(page.body).toContain('1.00');
    const cancelled = await server.inject({ method: 'POST', url: `${started.body.data.cashierUrl}/cancel` });
    expect(cancelled.statusCode).toBe(303);
    expect((await test.database.db.select().from(gatewayOrders).where(eq(gatewayOrders.gatewayOrderNo, no)))[0]!.state).toBe('closed');
    expect(await paymentsOf(entered.recordId!)).toEqual([]);

    // paid at the provider, but its notice never arrived: the record page asks once the trade is a few seconds old
    const again = await post<{ cashierUrl: string }>(driverPayPaths.pay, { o });
    const lateNo = again.body.data.cashierUrl.split('/').pop()!;
    expect(lateNo).not.toBe(no);
    await test.database.db.update(sandboxCashierOrders).set({ state: 'paid', decidedAt: clock.now() }).where(eq(sandboxCashierOrders.gatewayOrderNo, lateNo));
    clock.advance(60_000);
    const view = await recordView(o);
    expect(view.body.data).toMatchObject({ state: 'paid', paid: 100, unpaid: 0 });
    expect(await paymentsOf(entered.recordId!)).toHaveLength(1);
  });
});

describe("merchants' coupons on a car paid for while still in", () => {
  let auth: AuthContext;
  let oneHourOff: string;
  let shop: string;
  beforeAll(async () => {
    const db = test.database.db;
    auth = await demoAdmin(db);
    const merchantValues = { name: '扫码支付商户', kind: 'mall', contactPhone: '13800138000', lotIds: [lotId], settlement: 'postpaid', account: 'paymall', password: md5Hex('abc123') };
    shop = (await createMerchant(db, auth, merchantInput.parse(merchantValues), clock.now())).id;
    oneHourOff = (await createCouponTemplate(db, auth, couponTemplateInput.parse({ name: '减1小时', kind: 'minutes', minutes: 60, price: 0, validHours: 24 }))).id;
  });
  const issue = (plateNumber: string, at = clock.now()) =>
    issueCoupon(test.database.db, { kind: 'staff', auth }, { merchantId: shop, templateId: oneHourOff, plateNumber, plateColour: 0, remark: '' }, at, findOpenStay);
  const couponOf = async (id: string) => (await test.database.db.select().from(coupons).where(eq(coupons.id, id)))[0]!;
  const expectInvariant = (r: { amountDue: number; discount: number; paid: number; unpaid: number }) => expect(r.amountDue - r.discount).toBe(r.paid + r.unpaid);

  it('takes the coupon off what the driver pays on the phone, and the car leaves within grace at that', async () => {
    const entered = await event('in', '粤B2C101', minutesAgo(100));
    const coupon = await issue('粤B2C101');
    const o = await findByPlate('粤B2C101');
    // 2 hours begun cost 2 元; an hour off leaves 1 元
    expect((await recordView(o)).body.data).toMatchObject({ amountDue: 200, discount: 100, paid: 0, unpaid: 100 });
    await payOnPhone(o);
    const paid = await recordOf(entered.recordId!);
    expect(paid).toMatchObject({ state: 'parked', amountDue: 200, discount: 100, paid: 100, unpaid: 0 });
    expect(await couponOf(coupon.id)).toMatchObject({ state: 'used', recordId: entered.recordId, discount: 100 });
    expect(await paymentsOf(entered.recordId!)).toMatchObject([{ amount: 100 }]);

    const exit = await event('out', '粤B2C101', minutesOn(2));
    expect(exit).toMatchObject({ state: 'closed', amountToPay: 0, release: true });
    const closed = await recordOf(entered.recordId!);
    expect(closed).toMatchObject({ state: 'closed', amountDue: 200, discount: 100, paid: 100, unpaid: 0 });
    expectInvariant(closed);
    expect(await couponOf(coupon.id)).toMatchObject({ state: 'used', discount: 100 });
  });

  it('counts the used coupon again when the paid car leaves after the grace minutes', async () => {
    const entered = await event('in', '粤B2C102', minutesAgo(100));
    const coupon = await issue('粤B2C102');
    await payOnPhone(await findByPlate('粤B2C102'));
    // 130 minutes in: 3 元, and an hour off the end leaves 70 minutes, 2 元: the coupon takes 1 元, the payment 1 元
    const exit = await event('out', '粤B2C102', minutesOn(30));
    expect(exit).toMatchObject({ state: 'awaiting_payment', amountToPay: 100 });
    const record = await recordOf(entered.recordId!);
    expect(record).toMatchObject({ amountDue: 300, discount: 100, paid: 100, unpaid: 100 });
    expectInvariant(record);
    expect(await couponOf(coupon.id)).toMatchObject({ state: 'used', recordId: entered.recordId, discount: 100 });
  });

  it('leaves a coupon issued after the cashier opened for the next visit: the driver pays what was shown', async () => {
    const entered = await event('in', '粤B2C103', minutesAgo(100));
    const o = await findByPlate('粤B2C103');
    const started = await post<{ cashierUrl: string }>(driverPayPaths.pay, { o });
    expect(started.body.data.cashierUrl).toBeTruthy();
    // the shop issues a coupon a minute later, while the driver is in the cashier
    const late = await issue('粤B2C103', new Date(clock.now().getTime() + 60_000));
    expect(late.state).toBe('in_use');
    await server.inject({ method: 'POST', url: `${started.body.data.cashierUrl}/confirm` });
    const paid = await recordOf(entered.recordId!);
    expect(paid).toMatchObject({ amountDue: 200, discount: 0, paid: 200, unpaid: 0 });
    expect(await couponOf(late.id)).toMatchObject({ state: 'in_use', recordId: entered.recordId });

    // the car leaves within grace: its fee was fixed by the payment, and the coupon goes back to 未使用
    expect(await event('out', '粤B2C103', minutesOn(2))).toMatchObject({ state: 'closed', amountToPay: 0 });
    expect(await couponOf(late.id)).toMatchObject({ state: 'unused', recordId: null, discount: 0 });
  });
});

describe('特殊账单: paying a special bill in the sandbox', () => {
  const billToken = (id: string) => signScanToken(secret, { k: 'specialBill', id, tenant: tenantId });
  const newBill = async (amount: number) =>
    (await test.database.db.insert(specialBills).values({ tenantId, lotId, plateNumber: '粤B5S001', item: '过夜服务费', amount, createdBy: 'admin' }).returning())[0]!;
  const billOf = async (id: string) => (await test.database.db.select().from(specialBills).where(eq(specialBills.id, id)))[0]!;

  it('opens a cashier for the bill, marks it paid once however often the notice comes, and sends the driver back to the bill', async () => {
    const bill = await newBill(2500);
    const started = await post<{ payUrl: string }>(specialBillOpenPaths.pay, { t: billToken(bill.id) });
    expect(started.body.code, started.body.msg).toBe(200);
    // a second press within minutes offers the same trade
    const again = await post<{ payUrl: string }>(specialBillOpenPaths.pay, { t: billToken(bill.id) });
    expect(again.body.data.payUrl).toBe(started.body.data.payUrl);
    const confirmed = await server.inject({ method: 'POST', url: `${started.body.data.payUrl}/confirm` });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toContain(`/#/speialBillInfo?t=${encodeURIComponent(billToken(bill.id))}`);
    const paid = await billOf(bill.id);
    expect(paid).toMatchObject({ status: 'paid', paidAmount: 2500, paidChannel: 'sandbox' });
    // 营收报表 counts it as received in its lot, on the sandbox channel, in the notice's transaction
    const kept = await test.database.db
      .select()
      .from(revenueDaily)
      .where(and(eq(revenueDaily.lotId, lotId), eq(revenueDaily.channel, 'sandbox')));
    const billsPaid = await test.database.db
      .select()
      .from(specialBills)
      .where(and(eq(specialBills.lotId, lotId), eq(specialBills.status, 'paid')));
    expect(kept.reduce((sum, row) => sum + row.receivedSpecial, 0)).toBe(billsPaid.reduce((sum, b) => sum + b.paidAmount, 0));
    expect(billsPaid.map((b) => b.id)).toContain(bill.id);
    const [order] = await test.database.db.select().from(gatewayOrders).where(eq(gatewayOrders.specialBillId, bill.id));
    expect(order).toMatchObject({ state: 'paid', amount: 2500, recordId: null, remark: '' });
    // the provider repeats its notice: nothing changes
    for (let i = 0; i < 3; i += 1) expect((await sendNotice(noticeOf(order!.gatewayOrderNo, 2500))).statusCode).toBe(200);
    expect(await billOf(bill.id)).toMatchObject({ status: 'paid', paidAt: paid.paidAt });
    const view = await get<{ status: string }>(`${specialBillOpenPaths.info}?t=${encodeURIComponent(billToken(bill.id))}`);
    expect(view.body.data.status).toBe('paid');
    // paid: there is nothing more to pay
    const twice = await post(specialBillOpenPaths.pay, { t: billToken(bill.id) });
    expect(twice.status).toBe(400);
    expect(twice.body.msg).toBe('该账单已支付');
  });

  it('refuses a cancelled bill and a forged token; money arriving for a bill cancelled meanwhile is kept as owed back', async () => {
    const cancelled = await newBill(800);
    await test.database.db.update(specialBills).set({ status: 'cancelled', cancelledAt: clock.now() }).where(eq(specialBills.id, cancelled.id));
    const refused = await post(specialBillOpenPaths.pay, { t: billToken(cancelled.id) });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('该账单已作废，无需支付');
    const forged = await post(specialBillOpenPaths.pay, { t: `${billToken(cancelled.id).slice(0, -2)}xx` });
    expect(forged.status).toBe(400);
    expect(forged.body.msg).toBe('二维码无效或已被篡改');

    const late = await newBill(900);
    const started = await post<{ payUrl: string }>(specialBillOpenPaths.pay, { t: billToken(late.id) });
    await test.database.db.update(specialBills).set({ status: 'cancelled', cancelledAt: clock.now() }).where(eq(specialBills.id, late.id));
    await server.inject({ method: 'POST', url: `${started.body.data.payUrl}/confirm` });
    expect((await billOf(late.id)).status).toBe('cancelled');
    const [order] = await test.database.db.select().from(gatewayOrders).where(eq(gatewayOrders.specialBillId, late.id));
    expect(order!.state).toBe('paid');
    expect(order!.remark).toContain('需退款');
  });
});

describe('收款二维码 for an attendant PDA', () => {
  it('gives holders of 停车记录 a signed pdaScanQrcode URL that opens the order', async () => {
    const entered = await event('in', '粤B4D001', minutesAgo(20));
    const answer = await server.inject({ method: 'GET', url: recordPayQrCodePath.replace(':id', entered.recordId!), headers: { authorization: adminToken } });
    const { url, expiresAt } = answer.json<{ data: { url: string; expiresAt: string } }>().data;
    expect(url).toMatch(/\/#\/pdaScanQrcode\?o=/);
    expect(Date.parse(expiresAt) - clock.now().getTime()).toBe(30 * 60_000);
    const view = await recordView(decodeURIComponent(url.split('o=')[1]!));
    expect(view.body.data).toMatchObject({ plateNumber: '粤B4D001', state: 'unpaid', unpaid: 100 });
    const stranger = await server.inject({ method: 'GET', url: recordPayQrCodePath.replace(':id', entered.recordId!) });
    expect(stranger.statusCode).toBe(401);
  });
});

describe('/api/open is rate-limited per address', () => {
  it('refuses the 21st plate lookup of a minute from one phone with 429, while another phone still gets through', async () => {
    const lookup = (remoteAddress: string) =>
      server.inject({ method: 'POST', url: driverPayPaths.findByPlate, remoteAddress, payload: { t: laneToken(lanes.out), plateNumber: '粤B9Z998' } });
    const answers = [];
    for (let i = 0; i < 21; i += 1) answers.push(await lookup('10.9.8.7'));
    expect(answers.slice(0, 20).map((a) => a.statusCode)).toEqual(Array(20).fill(404));
    expect(answers[20]!.statusCode).toBe(429);
    expect(answers[20]!.json().msg).toMatch(/^请求过于频繁，请\d+秒后再试$/);
    expect((await lookup('10.9.8.6')).statusCode).toBe(404);
  });
});

describe("the sandbox's 交易账单 of the day", () => {
  // the sandbox as reconciliation will ask it, on its own clock; its notices are not needed here
  const sandboxAt = (at: Date) => sandboxGateway(test.database.db, sandboxSecret, async () => {}, { now: () => at }).gateway;

  it('has no bill while the day is going on, and next day lists every trade paid at its cashier as our gateway orders record it', async () => {
    await event('in', '粤B5B001', minutesAgo(200));
    const { cashierUrl } = await payOnPhone(await findByPlate('粤B5B001'));
    const today = businessDay(clock.now());
    await expect(sandboxAt(clock.now()).bill(today)).resolves.toBeUndefined();
    const text = await sandboxAt(businessDayStart(businessDay(new Date(clock.now().getTime() + 86_400_000)))).bill(today);
    const bill = parseBill(text!);
    // the notices this file forges by hand (trade numbers T-…) reached our records but never the sandbox's cashier
    const ours = await test.database.db.select().from(gatewayOrders).where(eq(gatewayOrders.state, 'paid'));
    const forged = ours.filter((o) => o.tradeNo!.startsWith('T-'));
    const paid = ours.filter((o) => !forged.includes(o));
    expect(forged.length).toBeGreaterThan(0);
    const byNo = (a: { orderNo: string }, b: { orderNo: string }) => a.orderNo.localeCompare(b.orderNo);
    expect(bill.rows.map((r) => ({ orderNo: r.orderNo, tradeNo: r.providerTradeNo, amount: r.settledAmount, state: r.state })).sort(byNo)).toEqual(
      paid.map((o) => ({ orderNo: o.gatewayOrderNo, tradeNo: o.tradeNo, amount: o.amount, state: 'SUCCESS' })).sort(byNo),
    );
    expect(bill.rows.map((r) => r.orderNo)).toContain(decodeURIComponent(cashierUrl.split('/').pop()!));
    expect(bill.summary.settledTotal).toBe(paid.reduce((sum, o) => sum + o.amount, 0));
  });
});
