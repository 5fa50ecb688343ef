import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverPayPaths, recordPayQrCodePath, sandboxCashierPaths, specialBillOpenPaths, type DriverRecord, type SpecialBillPublic } from '@parking/contract';
import { loadConfig } from '../../config.js';
import { gatewayOrders, parkingLots, parkingRecords, specialBills, tenants } from '../../db/schema/index.js';
import { appSecret } from '../../shared/app-secret.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';
import { signRecordToken, signScanToken } from '../parking/scan-token.js';

// An operator without online payment (PAYMENT_PROVIDER=none): drivers still see what they owe, and
// are told to pay at the booth; nothing can start a payment, and the sandbox cashier is not there.
// The app's clock is fixed: the record token expires by it, and the stay ended at it.
const clock = fixedClock('2026-03-10T02:00:00Z');
let test: TestApp;
let tenantId: string;
let secret: string;
let recordToken: string;
let billToken: string;
let recordId: string;

const get = <T>(url: string, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url, headers }).then((r) => ({ status: r.statusCode, body: r.json<{ code: number; msg: string; data: T }>() }));
const post = <T>(url: string, payload: object) =>
  test.app.inject({ method: 'POST', url, payload }).then((r) => ({ status: r.statusCode, body: r.json<{ code: number; msg: string; data: T }>() }));
const refusal = '暂未开通线上支付，请到收费处缴费';

beforeAll(async () => {
  test = await buildTestApp({ now: clock.now, config: { paymentProvider: 'none' } });
  const db = test.database.db;
  tenantId = (await db.select().from(tenants).where(eq(tenants.code, 'demo')))[0]!.id;
  secret = await appSecret(db, 'qr');
  const [lot] = await db.insert(parkingLots).values({ tenantId, name: '线下缴费停车场', type: 1, kind: 'lane', totalSpaces: 10 }).returning();
  const [record] = await db
    .insert(parkingRecords)
    .values({
      tenantId,
      lotId: lot!.id,
      plateNumber: '粤B0F001',
      enteredAt: new Date(clock.now().getTime() - 3_600_000),
      exitedAt: clock.now(),
      state: 'awaiting_payment',
      amountDue: 600,
      unpaid: 600,
    })
    .returning();
  recordId = record!.id;
  recordToken = signRecordToken(secret, { id: recordId, tenant: tenantId, lane: null }, clock.now(), 600_000);
  const [bill] = await db.insert(specialBills).values({ tenantId, lotId: lot!.id, plateNumber: '粤B0F001', item: '过夜服务费', amount: 2000, createdBy: 'admin' }).returning();
  billToken = signScanToken(secret, { k: 'specialBill', id: bill!.id, tenant: tenantId });
});
afterAll(() => test.close());

describe('PAYMENT_PROVIDER=none', () => {
  it('is read from the environment; the sandbox is the default, and an unknown provider stops the start', () => {
    expect(loadConfig({}).paymentProvider).toBe('sandbox');
    expect(loadConfig({ PAYMENT_PROVIDER: 'none' }).paymentProvider).toBe('none');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'alipay' })).toThrow('PAYMENT_PROVIDER must be one of sandbox, none, got "alipay"');
  });

  it('shows the order with what is owed, and says it cannot be paid online', async () => {
    const view = await get<DriverRecord>(`${driverPayPaths.record}?o=${encodeURIComponent(recordToken)}`);
    expect(view.body.data).toMatchObject({ plateNumber: '粤B0F001', unpaid: 600, state: 'unpaid', onlinePay: false, paying: false });
  });

  it('refuses 支付 and the special bill’s 立即支付, and opens no gateway order', async () => {
    const pay = await post(driverPayPaths.pay, { o: recordToken });
    expect(pay.status).toBe(400);
    expect(pay.body.msg).toBe(refusal);
    const bill = await post(specialBillOpenPaths.pay, { t: billToken });
    expect(bill.status).toBe(400);
    expect(bill.body.msg).toBe(refusal);
    expect(await test.database.db.select().from(gatewayOrders)).toHaveLength(0);
    const view = await get<SpecialBillPublic>(`${specialBillOpenPaths.info}?t=${encodeURIComponent(billToken)}`);
    expect(view.body.data).toMatchObject({ item: '过夜服务费', amount: 2000, status: 'unpaid', onlinePay: false });
  });

  it('serves no sandbox cashier and takes no sandbox notice', async () => {
    const page = await test.app.inject({ method: 'GET', url: sandboxCashierPaths.page.replace(':no', 'SB1') });
    expect(page.statusCode).toBe(404);
    const confirm = await test.app.inject({ method: 'POST', url: sandboxCashierPaths.confirm.replace(':no', 'SB1') });
    expect(confirm.statusCode).toBe(404);
    const notice = await test.app.inject({ method: 'POST', url: driverPayPaths.sandboxNotify, payload: { gatewayOrderNo: 'SB1' } });
    expect(notice.statusCode).toBe(404);
    expect((await test.database.db.select().from(parkingRecords).where(eq(parkingRecords.id, recordId)))[0]).toMatchObject({ paid: 0, unpaid: 600 });
  });

  it('gives staff no 收款二维码 the driver could not pay from', async () => {
    const token = await signIn(test.app);
    const code = await get(recordPayQrCodePath.replace(':id', recordId), { authorization: token });
    expect(code.status).toBe(400);
    expect(code.body.msg).toBe(refusal);
  });
});
