import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, parkingRecords, tenants } from '../../db/schema/index.js';
import { appSecret } from '../../shared/app-secret.js';
import { md5Hex } from '../../shared/passwords.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';
import { signRecordToken, signStayToken } from '../parking/scan-token.js';

// the app's clock, fixed: codes are signed and expire by it
const clock = fixedClock('2026-03-10T02:00:00Z');
const HOUR_MS = 3600_000;
let t: TestApp;
let secret: string;
let demoId: string;
let walkId: string;
let hotelLotId: string;
let staffToken: string;
let mwStaff: string;
let templateId: string;

const staff = (token: string, method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const phone = (url: string, token: string | null, tenant = 'demo', payload?: object) =>
  t.app.inject({ method: payload ? 'POST' : 'GET', url, cookies: { account: tenant }, headers: token ? { 'x-merchant-token': token } : {}, ...(payload ? { payload } : {}) });
const merchant = (name: string, account: string, lotId: string) => ({
  name,
  kind: 'shop',
  contactPhone: '13812345678',
  lotIds: [lotId],
  settlement: 'prepaid',
  overdraftLimit: 1000,
  account,
  password: md5Hex('shop123'),
});
const signInAs = async (account: string, tenant = 'demo') => (await phone('/api/open/merchant/sign-in', null, tenant, { account, password: md5Hex('shop123') })).json().data.token as string;
const park = async (lotId: string, plateNumber: string, state: 'parked' | 'closed' = 'parked') =>
  (
    await t.database.db
      .insert(parkingRecords)
      .values({ tenantId: demoId, lotId, plateNumber, plateColour: 0, enteredAt: new Date('2026-03-10T01:05:00Z'), state })
      .returning()
  )[0]!;
const recordToken = (id: string) => signRecordToken(secret, { id, tenant: demoId, lane: null }, clock.now(), 30 * 60_000);
/** The stay token inside the address the driver's code holds. */
const stayOf = async (o: string) => {
  const answer = (await t.app.inject({ method: 'GET', url: `/api/open/payments/records/stay-code?o=${encodeURIComponent(o)}` })).json();
  return { ...answer, stay: new URL(answer.data.url.replace('/#/', '/')).searchParams.get('stay') as string };
};
const scanned = (token: string | null, stay: string, tenant = 'demo') => phone(`/api/open/merchant/stay?stay=${encodeURIComponent(stay)}`, token, tenant);

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  secret = await appSecret(t.database.db, 'qr');
  demoId = (await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo')))[0]!.id;
  staffToken = await signIn(t.app);
  mwStaff = await signIn(t.app, 'mwadmin', 'mw');
  walkId = (await staff(staffToken, 'POST', '/api/system/Parking', { type: 1, kind: 'lane', totalSpaces: 100, name: '步行街' })).json().data.id;
  hotelLotId = (await staff(staffToken, 'POST', '/api/system/Parking', { type: 1, kind: 'lane', totalSpaces: 50, name: '酒店地库' })).json().data.id;
  const mwLot = (await staff(mwStaff, 'POST', '/api/system/Parking', { type: 1, kind: 'lane', totalSpaces: 50, name: '万达广场' })).json().data.id;
  await staff(staffToken, 'POST', '/api/system/Merchant', merchant('奶茶店', 'milktea', walkId));
  await staff(staffToken, 'POST', '/api/system/Merchant', merchant('酒店', 'hotel', hotelLotId));
  await staff(mwStaff, 'POST', '/api/system/Merchant', merchant('万达奶茶', 'mwtea', mwLot));
  templateId = (await staff(staffToken, 'POST', '/api/system/CouponTemplate', { name: '停车1小时', kind: 'minutes', minutes: 60, price: 300, validHours: 24, beforeEntry: false })).json()
    .data.id;
});
afterAll(() => t.close());

describe("the driver's 商户优惠码", () => {
  it('is a real PNG of the merchant page with a stay token, made for a car still in only', async () => {
    const record = await park(walkId, '粤B12345');
    const o = recordToken(record.id);
    const { data, stay } = await stayOf(o);
    expect(data.url).toMatch(/^https?:\/\/[^/]+.*\/#\/merchant\?stay=[\w-]+\.[\w-]+$/);
    expect(data.expiresAt).toBe('2026-03-10T04:00:00.000Z');
    expect(stay).not.toBe(o);

    const png = await t.app.inject({ method: 'GET', url: `/api/open/payments/records/stay-code.png?o=${encodeURIComponent(o)}` });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

    const gone = await park(walkId, '粤B54321', 'closed');
    expect((await t.app.inject({ method: 'GET', url: `/api/open/payments/records/stay-code?o=${encodeURIComponent(recordToken(gone.id))}` })).json()).toMatchObject({
      code: 400,
      msg: '车辆已离场，无法领取商户优惠',
    });
    const png404 = await t.app.inject({ method: 'GET', url: `/api/open/payments/records/stay-code.png?o=${encodeURIComponent(recordToken(gone.id))}` });
    expect(png404.statusCode).toBe(400);
    // the stay token is no record token: it neither shows the order nor makes another code
    expect((await t.app.inject({ method: 'GET', url: `/api/open/payments/records?o=${encodeURIComponent(stay)}` })).json()).toMatchObject({
      code: 400,
      msg: '二维码无效或已被篡改，请重新扫码',
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/open/payments/records/stay-code?o=${encodeURIComponent(stay)}` })).json()).toMatchObject({ code: 400 });
    expect((await t.app.inject({ method: 'GET', url: '/api/open/payments/records/stay-code' })).json()).toMatchObject({ code: 400, msg: '查询参数 o：缺少订单参数' });
  });
});

describe('a merchant scanning the code', () => {
  it('is shown the car, issues to it, and the coupon is bound to that stay', async () => {
    const record = await park(walkId, '粤B20001');
    const { stay } = await stayOf(recordToken(record.id));
    const token = await signInAs('milktea');
    expect((await scanned(token, stay)).json()).toMatchObject({ code: 200, data: { plateNumber: '粤B20001', plateColour: 0, lotName: '步行街', enteredAt: '2026-03-10T01:05:00.000Z' } });
    const issued = (await phone('/api/open/merchant/coupons', token, 'demo', { templateId, plateNumber: '粤B20001', plateColour: 0 })).json();
    // a coupon issued to a car in the lot is taken by its stay at once
    expect(issued).toMatchObject({ code: 200, data: { plateNumber: '粤B20001', state: 'in_use' } });
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, issued.data.id));
    expect(row!.recordId).toBe(record.id);
  });

  it('refuses a forged, altered or expired code, a record token, and asks for sign-in first', async () => {
    const record = await park(walkId, '粤B20002');
    const o = recordToken(record.id);
    const { stay } = await stayOf(o);
    const token = await signInAs('milktea');
    expect((await scanned(null, stay)).statusCode).toBe(401);
    expect((await scanned(token, o)).json()).toMatchObject({ code: 400, msg: '二维码无效，请让车主重新出示商户优惠码' });
    const [body, mac] = stay.split('.');
    const altered: { exp: number } = JSON.parse(Buffer.from(body ?? '', 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...altered, exp: altered.exp + 86_400 })).toString('base64url')}.${mac}`;
    expect((await scanned(token, forged)).json()).toMatchObject({ code: 400, msg: '二维码无效，请让车主重新出示商户优惠码' });
    expect((await scanned(token, signStayToken('another-key', { id: record.id, tenant: demoId }, clock.now(), HOUR_MS))).json().msg).toBe('二维码无效，请让车主重新出示商户优惠码');
    expect((await scanned(token, 'x'.repeat(2000))).json()).toMatchObject({ code: 400, msg: '查询参数 stay：二维码无效，请让车主刷新后重新出示' });
    expect((await phone('/api/open/merchant/stay', token)).json()).toMatchObject({ code: 400, msg: '查询参数 stay：缺少二维码参数' });

    clock.advance(2 * HOUR_MS);
    try {
      expect((await scanned(token, stay)).json()).toMatchObject({ code: 400, msg: '二维码已过期，请让车主刷新页面后重新出示' });
    } finally {
      clock.advance(-2 * HOUR_MS);
    }
  });

  it("refuses another tenant's merchant, a merchant of other lots, and a car that left", async () => {
    const record = await park(walkId, '粤B20003');
    const { stay } = await stayOf(recordToken(record.id));
    expect((await scanned(await signInAs('mwtea', 'mw'), stay, 'mw')).json()).toMatchObject({ code: 400, msg: '二维码无效，请让车主重新出示商户优惠码' });
    expect((await scanned(await signInAs('hotel'), stay)).json()).toMatchObject({ code: 400, msg: '该车不在本商户适用的停车场' });
    await t.database.db.update(parkingRecords).set({ state: 'closed', exitedAt: clock.now() }).where(eq(parkingRecords.id, record.id));
    expect((await scanned(await signInAs('milktea'), stay)).json()).toMatchObject({ code: 400, msg: '车辆已离场，无法发放停车优惠' });
  });
});
