import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponTemplateInput, merchantInput, vehicleEventInput, type CouponTemplateInput, type MerchantInput, type VehicleEventInput } from '@parking/contract';
import type { Database } from '../../db/client.js';
import { coupons, devices, merchantLedger, parkingLanes, parkingLots, parkingRecords, tariffs } from '../../db/schema/index.js';
import { demoAdmin, seededTestDatabase, testConfig } from '../../test/test-app.js';
import { md5Hex } from '../../shared/passwords.js';
import type { AuthContext } from '../../types.js';
import { findOpenStay } from '../orders/parking-record.repository.js';
import { getParkingRecordDetail } from '../orders/parking-record.service.js';
import { receiveVehicleEvent } from '../orders/vehicle-event.service.js';
import { couponDailyReport, couponMonthlyBill, createCouponTemplate, issueCoupon, revokeCoupon, updateCouponTemplate, type CouponIssue } from './coupon.service.js';
import { addLedgerEntry, createMerchant, getMerchant, updateMerchant } from './merchant.service.js';

type DeviceRow = typeof devices.$inferSelect;
let database: Database;
let auth: AuthContext;
let lotId: string;
const cams = {} as Record<'in' | 'out', DeviceRow>;
let sequence = 0;

/** every call happens at this fixed moment; the stays the cameras report are dated around it */
const now = new Date('2026-03-10T10:00:00+08:00');
const sentAt = now.getTime();
const send = (device: DeviceRow, event: Omit<VehicleEventInput, 'tenant' | 'sn' | 'timestamp' | 'nonce' | 'deviceEventId'>) =>
  receiveVehicleEvent(
    database.db,
    device,
    vehicleEventInput.parse({ tenant: 'demo', sn: device.sn, timestamp: sentAt, nonce: `nonce-cp-${++sequence}`, deviceEventId: `CP-${sequence}`, ...event }),
    testConfig().dataDir,
  );
const recordOf = async (id: string | null) => (await database.db.select().from(parkingRecords).where(eq(parkingRecords.id, id!)))[0]!;
const enter = (plate: string, at = '2026-03-10T07:00:00+08:00') => send(cams.in, { kind: 'lane_entry', plate, occurredAt: at });
const leave = async (plate: string, at = '2026-03-10T10:00:00+08:00') => recordOf((await send(cams.out, { kind: 'lane_exit', plate, occurredAt: at })).recordId);
/** a stay of the hours given, entered at 07:00, without any coupon: what the tariff asks */
const plainStay = async (hours: number) => {
  const plate = `京P${String(++sequence).padStart(5, '0')}`;
  await enter(plate);
  return leave(plate, new Date(Date.parse('2026-03-10T07:00:00+08:00') + hours * 3_600_000).toISOString());
};

const merchant = (over: Partial<MerchantInput> = {}) =>
  createMerchant(
    database.db,
    auth,
    merchantInput.parse({
      name: `商户${++sequence}`,
      kind: 'mall',
      contactPhone: '13800138000',
      lotIds: [lotId],
      settlement: 'prepaid',
      account: `shop${sequence}`,
      password: md5Hex('abc123'),
      ...over,
    }),
    now,
  );
const template = (over: Partial<CouponTemplateInput>) =>
  createCouponTemplate(database.db, auth, couponTemplateInput.parse({ name: `券${++sequence}`, kind: 'minutes', minutes: 120, price: 500, validHours: 24, ...over }));
const topUp = (merchantId: string, amount: number) => addLedgerEntry(database.db, auth, merchantId, { kind: 'top_up', amount, remark: '' }, now);
const issue = (input: Omit<CouponIssue, 'plateColour' | 'remark'>, at = now) => issueCoupon(database.db, { kind: 'staff', auth }, { plateColour: 0, remark: '', ...input }, at, findOpenStay);
const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return (error as Error).message;
  }
  return 'issued';
};
const expectInvariant = (r: { amountDue: number; discount: number; paid: number; unpaid: number }) => expect(r.amountDue - r.discount).toBe(r.paid + r.unpaid);
const couponRow = async (id: string) => (await database.db.select().from(coupons).where(eq(coupons.id, id)))[0]!;
const ledgerOf = (merchantId: string) => database.db.select().from(merchantLedger).where(eq(merchantLedger.merchantId, merchantId)).orderBy(asc(merchantLedger.seq));

beforeAll(async () => {
  database = await seededTestDatabase();
  const db = database.db;
  auth = await demoAdmin(db);
  const { tenantId } = auth;
  const [tariff] = await db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.tenantId, tenantId), eq(tariffs.name, '北京一类地区占道停车')));
  const [lot] = await db.insert(parkingLots).values({ tenantId, name: '商场停车场', type: 1, kind: 'lane', totalSpaces: 50, freeCount: 50, tariffId: tariff!.id }).returning();
  lotId = lot!.id;
  const [inLane] = await db.insert(parkingLanes).values({ tenantId, lotId, name: '入口', direction: 'in' }).returning();
  const [outLane] = await db.insert(parkingLanes).values({ tenantId, lotId, name: '出口', direction: 'out' }).returning();
  const device = (sn: string, laneId: string) =>
    db
      .insert(devices)
      .values({ tenantId, sn, name: sn, type: 'camera', lotId, laneId, secret: 'x'.repeat(64) })
      .returning()
      .then((rows) => rows[0]!);
  cams.in = await device('CP-IN', inLane!.id);
  cams.out = await device('CP-OUT', outLane!.id);
}, 120_000);

afterAll(() => database?.close());

describe('a merchant coupon at the exit', () => {
  it('a 2-hour coupon issued to a car in the lot is bound to its stay, and at exit the stay costs what one 2 hours shorter does', async () => {
    const threeHours = await plainStay(3);
    const oneHour = await plainStay(1);
    expect(threeHours.amountDue).toBeGreaterThan(oneHour.amountDue);

    const shop = await merchant();
    await topUp(shop.id, 10_000);
    const twoHours = await template({ kind: 'minutes', minutes: 120, price: 400 });
    await enter('粤B20001');
    const coupon = await issue({ merchantId: shop.id, templateId: twoHours.id, plateNumber: '粤B20001' });
    expect(coupon.state).toBe('in_use');
    expect(coupon.recordId).not.toBeNull();
    expect(coupon.couponNo).toMatch(/^\d{8}$/);

    const record = await leave('粤B20001');
    expect(record.id).toBe(coupon.recordId);
    expect(record.amountDue).toBe(threeHours.amountDue);
    expect(record.discount).toBe(threeHours.amountDue - oneHour.amountDue);
    expect(record.unpaid).toBe(oneHour.amountDue);
    expectInvariant(record);
    const used = await couponRow(coupon.id);
    expect([used.state, used.discount, used.usedAt?.toISOString()]).toEqual(['used', record.discount, '2026-03-10T02:00:00.000Z']);
    // the record's detail names the coupon under its fee
    expect((await getParkingRecordDetail(database.db, auth, record.id)).coupons).toEqual([
      { couponNo: coupon.couponNo, templateName: twoHours.name, merchantName: shop.name, benefitText: '减2小时', discount: record.discount },
    ]);

    // the merchant paid the coupon's price when it was issued: a ledger line with the balance before and after
    const lines = await ledgerOf(shop.id);
    expect(lines.map((l) => [l.kind, l.amount, l.balanceBefore, l.balanceAfter])).toEqual([
      ['top_up', 10_000, 0, 10_000],
      ['deduction', -400, 10_000, 9_600],
    ]);
    expect((await getMerchant(database.db, auth.tenantId, shop.id, now)).balance).toBe(9_600);
    expect(await refusal(revokeCoupon(database.db, { kind: 'staff', auth }, coupon.id, '误发', now))).toBe('该券已使用，不能作废');
  });

  it('uses a coupon bound to the stay even when the exit camera dates the exit a little before the issue', async () => {
    const shop = await merchant({ settlement: 'postpaid' });
    const amount = await template({ kind: 'amount', amountOff: 100, price: 0 });
    await enter('粤B20009');
    const bound = await issue({ merchantId: shop.id, templateId: amount.id, plateNumber: '粤B20009' });
    // a camera clock a minute behind the server's
    const record = await leave('粤B20009', '2026-03-10T09:59:00+08:00');
    expect(record.discount).toBe(100);
    expect((await couponRow(bound.id)).state).toBe('used');
    // an unbound coupon issued after the exit is for a later visit
    const later = await template({ kind: 'amount', amountOff: 100, price: 0, beforeEntry: true });
    const ahead = await issue({ merchantId: shop.id, templateId: later.id, plateNumber: '粤B20010' });
    await enter('粤B20010');
    expect((await leave('粤B20010', '2026-03-10T09:59:00+08:00')).discount).toBe(0);
    expect((await couponRow(ahead.id)).state).toBe('unused');
  });

  it('takes a coupon off the first period charged to a car leaving with no entry on record', async () => {
    const shop = await merchant({ settlement: 'postpaid' });
    const oneYuan = await template({ kind: 'amount', amountOff: 100, price: 0, beforeEntry: true });
    // the entry camera missed both cars: each is charged the lot's first period before its exit
    const plain = await leave('粤B20021');
    expect(plain.abnormalReasons).toContain('exit_without_entry');
    expect(plain.amountDue).toBeGreaterThan(100);
    const coupon = await issue({ merchantId: shop.id, templateId: oneYuan.id, plateNumber: '粤B20022' }, new Date('2026-03-10T09:30:00+08:00'));
    const record = await leave('粤B20022');
    expect(record).toMatchObject({ amountDue: plain.amountDue, discount: 100, unpaid: plain.amountDue - 100 });
    expectInvariant(record);
    expect(await couponRow(coupon.id)).toMatchObject({ state: 'used', recordId: record.id, discount: 100 });
  });

  it('stacks time, then percentage, then amount, and never takes off more than is due', async () => {
    const shop = await merchant({ settlement: 'postpaid' });
    const threeHours = await plainStay(3);
    const oneHour = await plainStay(1);
    const half = await template({ kind: 'percent', discountPercent: 50, stackable: true, stackLimit: 2, price: 0 });
    const yuan = await template({ kind: 'amount', amountOff: 100, stackable: true, stackLimit: 2, price: 0 });
    const hours = await template({ kind: 'minutes', minutes: 120, stackable: true, stackLimit: 2, price: 0 });
    await enter('粤B20002');
    // issued in the reverse of the order they apply in
    await issue({ merchantId: shop.id, templateId: yuan.id, plateNumber: '粤B20002' });
    await issue({ merchantId: shop.id, templateId: half.id, plateNumber: '粤B20002' });
    await issue({ merchantId: shop.id, templateId: hours.id, plateNumber: '粤B20002' });
    const record = await leave('粤B20002');
    const afterTime = oneHour.amountDue;
    const afterHalf = afterTime - (afterTime - Math.round(afterTime / 2));
    const expected = threeHours.amountDue - Math.max(0, afterHalf - 100);
    expect(record.discount).toBe(expected);
    expectInvariant(record);

    // a free coupon and a big amount off on another stay: the stay costs nothing, never less
    const free = await template({ kind: 'free', price: 0 });
    const big = await template({ kind: 'amount', amountOff: 1_000_000, price: 0 });
    await enter('粤B20003');
    const first = await issue({ merchantId: shop.id, templateId: free.id, plateNumber: '粤B20003' });
    const second = await issue({ merchantId: shop.id, templateId: big.id, plateNumber: '粤B20003' });
    const nothing = await leave('粤B20003');
    expect([nothing.discount, nothing.unpaid, nothing.state]).toEqual([nothing.amountDue, 0, 'closed']);
    expectInvariant(nothing);
    // the free coupon was enough and is not stackable: the other was not needed, is not bound and stays 未使用
    expect((await couponRow(first.id)).state).toBe('used');
    const spare = await couponRow(second.id);
    expect([spare.state, spare.recordId]).toEqual(['unused', null]);
  });
});

describe('issuing', () => {
  it('refuses, in order, a disabled merchant, too little balance, a disabled coupon, a limit reached, and a car not in the lot', async () => {
    const shop = await merchant({ dailyCouponLimit: 1 });
    const coupon = await template({ kind: 'amount', amountOff: 300, price: 300 });
    await enter('粤B30001');
    const ask = () => refusal(issue({ merchantId: shop.id, templateId: coupon.id, plateNumber: '粤B30001' }));

    await updateMerchant(database.db, auth, shop.id, merchantInput.parse({ ...shop, password: '', enabled: false }), now);
    expect(await ask()).toBe(`商户「${shop.name}」已停用，不能发券`);
    await updateMerchant(database.db, auth, shop.id, merchantInput.parse({ ...shop, password: '', enabled: true }), now);

    expect(await ask()).toBe('商户余额不足：余额0.00元，该券结算价3.00元，请先充值');
    await topUp(shop.id, 1_000);

    await updateCouponTemplate(database.db, auth, coupon.id, couponTemplateInput.parse({ ...coupon, enabled: false }));
    expect(await ask()).toBe(`优惠券「${coupon.name}」已停用`);
    await updateCouponTemplate(database.db, auth, coupon.id, couponTemplateInput.parse({ ...coupon, enabled: true }));

    expect(await ask()).toBe('issued');
    expect(await ask()).toBe('今日发券已达上限（1张）');

    const other = await merchant();
    await topUp(other.id, 1_000);
    expect(await refusal(issue({ merchantId: other.id, templateId: coupon.id, plateNumber: '粤B39999' }))).toBe('车辆「粤B39999」不在本商户适用的停车场内，该券须在车辆入场后发放');
    const ahead = await template({ kind: 'amount', amountOff: 300, price: 300, beforeEntry: true });
    const waiting = await issue({ merchantId: other.id, templateId: ahead.id, plateNumber: '粤B39999' });
    expect([waiting.state, waiting.recordId]).toEqual(['unused', null]);
  });

  it('lets an overdraft go to its limit, and a revoke gives a prepaid merchant the price back', async () => {
    const shop = await merchant({ overdraftLimit: 500 });
    const coupon = await template({ kind: 'amount', amountOff: 500, price: 400, beforeEntry: true });
    const first = await issue({ merchantId: shop.id, templateId: coupon.id, plateNumber: '粤B40001' });
    expect((await getMerchant(database.db, auth.tenantId, shop.id, now)).balance).toBe(-400);
    expect(await refusal(issue({ merchantId: shop.id, templateId: coupon.id, plateNumber: '粤B40002' }))).toBe('商户余额不足：余额-4.00元（可透支5.00元），该券结算价4.00元，请先充值');

    const revoked = await revokeCoupon(database.db, { kind: 'staff', auth }, first.id, '顾客未消费', now);
    expect([revoked.state, revoked.revokeReason]).toEqual(['revoked', '顾客未消费']);
    expect((await getMerchant(database.db, auth.tenantId, shop.id, now)).balance).toBe(0);
    expect((await ledgerOf(shop.id)).map((l) => [l.kind, l.amount, l.balanceBefore, l.balanceAfter])).toEqual([
      ['deduction', -400, 0, -400],
      ['refund', 400, -400, 0],
    ]);
    expect(await refusal(revokeCoupon(database.db, { kind: 'staff', auth }, first.id, '再次', now))).toBe('该券已作废');
    // a revoked coupon pays for nothing
    await enter('粤B40001');
    expect((await leave('粤B40001')).discount).toBe(0);
  });

  it('reads an unused coupon past its expiry as 已过期, and the exit does not use it', async () => {
    const shop = await merchant({ settlement: 'postpaid' });
    const short = await template({ kind: 'free', price: 0, validHours: 1, beforeEntry: true });
    const coupon = await issue({ merchantId: shop.id, templateId: short.id, plateNumber: '粤B50001' }, new Date('2026-03-10T06:00:00+08:00'));
    await enter('粤B50001');
    const record = await leave('粤B50001');
    expect(record.discount).toBe(0);
    expect((await couponRow(coupon.id)).state).toBe('unused');
  });
});

describe('reports', () => {
  it('counts coupons issued and used per merchant per day, and bills a postpaid merchant the price of those used', async () => {
    const shop = await merchant({ settlement: 'postpaid' });
    const coupon = await template({ kind: 'amount', amountOff: 200, price: 150 });
    await enter('粤B60001');
    await issue({ merchantId: shop.id, templateId: coupon.id, plateNumber: '粤B60001' });
    await enter('粤B60002');
    await issue({ merchantId: shop.id, templateId: coupon.id, plateNumber: '粤B60002' });
    await leave('粤B60001');

    const daily = await couponDailyReport(database.db, auth, { currentPage: 1, pageSize: 50, merchantId: shop.id, from: '2026-03-01', to: '2026-03-31' });
    expect(daily.list).toEqual([{ day: '2026-03-10', merchantId: shop.id, merchantName: shop.name, issued: 2, issuedAmount: 300, used: 1, discount: 200 }]);
    const bill = await couponMonthlyBill(database.db, auth, { currentPage: 1, pageSize: 50, month: '2026-03', merchantId: shop.id });
    expect(bill.list).toEqual([{ month: '2026-03', merchantId: shop.id, merchantName: shop.name, used: 1, amount: 150, discount: 200 }]);
    expect((await couponMonthlyBill(database.db, auth, { currentPage: 1, pageSize: 50, month: '2026-04', merchantId: shop.id })).list).toEqual([]);
  });
});
