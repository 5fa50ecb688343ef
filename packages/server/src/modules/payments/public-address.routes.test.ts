import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverPayPaths, recordPayQrCodePath, specialBillOpenPaths, tariffRules, vehicleEventInput } from '@parking/contract';
import { app } from '../../app.js';
import type { Database } from '../../db/client.js';
import { devices, parkingLanes, parkingLots, parkingSpaces, sandboxCashierOrders, tariffVersions, tariffs, tenants } from '../../db/schema/index.js';
import { appSecret } from '../../shared/app-secret.js';
import { decodeQrPng, readZip } from '../../test/qr-zip.js';
import { fixedClock, seededTestDatabase, signIn, testConfig } from '../../test/test-app.js';
import { receiveVehicleEvent } from '../orders/vehicle-event.service.js';
import { signScanToken } from '../parking/scan-token.js';
import { ownPath } from './driver-pay.routes.js';
import { inProcessDelivery } from './gateway/sandbox-gateway.js';

// PUBLIC_BASE_URL unset: every address is the server's own, whatever Host a request names
const base = 'http://localhost:8080';
// a stranger's request names its own host every way a proxy might pass it on
const forged = {
  host: 'evil.example:6666',
  'x-forwarded-host': 'evil-forwarded.example',
  'x-forwarded-proto': 'evilproto',
  forwarded: 'for=1.2.3.4;host=evil-forwarded2.example;proto=https',
};
const trace = /evil/i;
// the app's clock, fixed: the stays are priced and the codes signed by it; the cars came in 90 minutes before it
const clock = fixedClock('2026-03-10T02:00:00Z');
const enteredAt = new Date(clock.now().getTime() - 90 * 60_000).toISOString();

const allDay = [{ label: '全天', start: '00:00', end: '00:00', pricing: { kind: 'perUnit', tiers: [{ unitMinutes: 60, unitPrice: 100 }], rounding: { mode: 'up' } } }];
const hourly = tariffRules.parse({ schedule: { workday: allDay, nonWorkday: allDay }, vehicleClasses: [{ code: 'small', name: '小型车' }], graceMinutes: 15 });

let server: FastifyInstance;
let database: Database;
let admin: string;
let secret: string;
let tenantId: string;
let lotId: string;
let lanes: { in: string; out: string };
let entryCamera: typeof devices.$inferSelect;
const deliveries: { path: string; body: string; headers: Record<string, string> }[] = [];

/** Everything an answer says, as a client or a browser would read it: status line headers and body. */
const everything = (response: LightMyRequestResponse) => `${JSON.stringify(response.headers)}\n${response.body}`;
const expectNoTrace = (response: LightMyRequestResponse, what: string) => expect(everything(response), what).not.toMatch(trace);
const get = (url: string, token: string | null = admin) => server.inject({ method: 'GET', url, headers: { ...forged, ...(token ? { authorization: token } : {}) } });
const post = (url: string, payload?: object) => server.inject({ method: 'POST', url, headers: forged, ...(payload ? { payload } : {}) });
/** a QR code's text, checked to point at our base */
const qrText = (png: Buffer, what: string) => {
  const text = decodeQrPng(png);
  expect(text, what).not.toMatch(trace);
  expect(text.startsWith(`${base}/`), `${what}: ${text}`).toBe(true);
  return text;
};
/** a redirect's target: a path of this site, never another host */
const expectOwnLocation = (response: LightMyRequestResponse) => {
  expect(response.statusCode).toBe(303);
  const location = String(response.headers.location);
  expect(location).not.toMatch(trace);
  expect(location.startsWith('/') && !location.startsWith('//'), location).toBe(true);
  return location;
};

beforeAll(async () => {
  database = await seededTestDatabase();
  // as behind a proxy that is trusted: the forwarded headers are believed, and must still not matter
  server = Fastify({ logger: false, trustProxy: true });
  const deliver = inProcessDelivery(server);
  await server.register(app, {
    now: clock.now,
    config: testConfig(),
    database,
    sandboxDelivery: async (path, body, headers) => {
      deliveries.push({ path, body, headers });
      await deliver(path, body, headers);
    },
  });
  await server.ready();
  admin = await signIn(server);
  const db = database.db;
  tenantId = (await db.select().from(tenants).where(eq(tenants.code, 'demo')))[0]!.id;
  secret = await appSecret(db, 'qr');
  const [tariff] = await db.insert(tariffs).values({ tenantId, name: '地址测试计费' }).returning();
  await db.insert(tariffVersions).values({ tenantId, tariffId: tariff!.id, versionNo: 1, effectiveFrom: new Date('2020-01-01T00:00:00Z'), rules: hourly });
  const [lot] = await db.insert(parkingLots).values({ tenantId, name: '地址测试停车场', type: 1, kind: 'lane', totalSpaces: 10, freeCount: 10, tariffId: tariff!.id }).returning();
  lotId = lot!.id;
  const [inLane] = await db.insert(parkingLanes).values({ tenantId, lotId, name: '西入口', direction: 'in' }).returning();
  const [outLane] = await db.insert(parkingLanes).values({ tenantId, lotId, name: '西出口', direction: 'out' }).returning();
  lanes = { in: inLane!.id, out: outLane!.id };
  await db.insert(parkingSpaces).values(['A01', 'A02'].map((number) => ({ tenantId, lotId, number })));
  [entryCamera] = (await db
    .insert(devices)
    .values({ tenantId, sn: 'ADDR-CAM-IN', name: 'ADDR-CAM-IN', type: 'camera', lotId, laneId: lanes.in, secret: 'addr-secret'.padEnd(64, 'x') })
    .returning()) as [typeof devices.$inferSelect];
});
afterAll(async () => {
  await server.close();
  await database.close();
});

describe("printed codes hold the configured address, never the request's host", () => {
  it('the lot, lane and every space code in the zip', async () => {
    const lot = await get(`/api/system/Parking/BuildGateParkingQRCode/${lotId}`);
    expect(lot.statusCode).toBe(200);
    expectNoTrace(lot, 'lot code');
    expect(qrText(lot.rawPayload, 'lot code')).toMatch(/\/m\/scan\?t=/);

    const lane = await get(`/api/system/ParkingLane/build/wxApplet/qRCode?id=${lanes.out}`);
    expect(lane.statusCode).toBe(200);
    expectNoTrace(lane, 'lane code');
    expect(qrText(lane.rawPayload, 'lane code')).toMatch(/\/m\/exit\?t=/);

    const zip = await get(`/api/system/Parking/downloadQRCodeBySpace?parkingId=${lotId}`);
    expect(zip.statusCode).toBe(200);
    expect(JSON.stringify(zip.headers)).not.toMatch(trace);
    const files = await readZip(zip.rawPayload);
    expect([...files.keys()].sort()).toEqual(['A01.png', 'A02.png']);
    for (const [name, png] of files) qrText(png, name);
  });

  it('the group card code', async () => {
    const group = await server.inject({
      method: 'POST',
      url: '/api/system/Group',
      headers: { ...forged, authorization: admin },
      payload: { name: '地址测试集团', contact: '王经理', phone: '13812345678' },
    });
    const card = await server.inject({
      method: 'POST',
      url: '/api/system/GroupCard',
      headers: { ...forged, authorization: admin },
      payload: {
        groupId: group.json().data.id,
        cardNo: 'ADDR-0001',
        benefit: 'free',
        plates: ['粤B7A001'],
        lotIds: [lotId],
        validFrom: '2020-01-01',
        validTo: '2099-12-31',
        monthlyQuota: 5,
        allowBind: false,
        maxPlates: 1,
      },
    });
    expect(card.json().code, card.body).toBe(200);
    const code = await get(`/api/system/GroupCard/${card.json().data.id}/QRCode`);
    expect(code.statusCode).toBe(200);
    expectNoTrace(code, 'group card code');
    expect(qrText(code.rawPayload, 'group card code')).toMatch(/\/scanGroupCardQrcode\?t=/);
  });
});

describe("the driver pays without the request's host reaching any address or call", () => {
  it('收款二维码 points at the configured address', async () => {
    const entered = await receiveVehicleEvent(
      database.db,
      entryCamera,
      vehicleEventInput.parse({
        tenant: 'demo',
        sn: entryCamera.sn,
        timestamp: clock.now().getTime(),
        nonce: 'addr-nonce-1',
        deviceEventId: 'ADDR-1',
        kind: 'lane_entry',
        plate: '粤B7P001',
        occurredAt: enteredAt,
        confidence: 0.98,
      }),
      testConfig().dataDir,
    );
    const answer = await get(recordPayQrCodePath.replace(':id', entered.recordId!));
    expect(answer.json().code, answer.body).toBe(200);
    expectNoTrace(answer, 'pay code');
    expect(answer.json().data.url.startsWith(`${base}/#/pdaScanQrcode?o=`)).toBe(true);
  });

  it('the order trade, the cashier page, its redirect and the notice it sends', async () => {
    await receiveVehicleEvent(
      database.db,
      entryCamera,
      vehicleEventInput.parse({
        tenant: 'demo',
        sn: entryCamera.sn,
        timestamp: clock.now().getTime(),
        nonce: 'addr-nonce-2',
        deviceEventId: 'ADDR-2',
        kind: 'lane_entry',
        plate: '粤B7P002',
        occurredAt: enteredAt,
        confidence: 0.98,
      }),
      testConfig().dataDir,
    );
    const laneToken = signScanToken(secret, { k: 'lane', id: lanes.out, tenant: tenantId });
    const found = await post(driverPayPaths.findByPlate, { t: laneToken, plateNumber: '粤B7P002' });
    expect(found.json().code, found.body).toBe(200);

    const started = await post(driverPayPaths.pay, { o: found.json().data.recordToken });
    expect(started.json().code, started.body).toBe(200);
    expectNoTrace(started, 'pay answer');
    const cashierUrl: string = started.json().data.cashierUrl;
    expect(cashierUrl).toMatch(/^\/sandbox\/cashier\/SB\w+$/);
    const no = cashierUrl.split('/').pop()!;
    const [trade] = await database.db.select().from(sandboxCashierOrders).where(eq(sandboxCashierOrders.gatewayOrderNo, no));
    expect(trade!.notifyUrl).toBe(`${base}${driverPayPaths.sandboxNotify}`);
    expect(trade!.returnUrl.startsWith(`${base}/#/orderInfoByQRcode?o=`)).toBe(true);

    const page = await get(cashierUrl, null);
    expect(page.statusCode).toBe(200);
    expectNoTrace(page, 'cashier page');
    expect(page.body).toContain('确认支付');
    // an icon of its own, inline: the phone asks for no /favicon.ico
    expect(page.body).toMatch(/<link rel="icon" href="data:image\/svg\+xml,[^"]+">/);

    const before = deliveries.length;
    const confirmed = await post(`${cashierUrl}/confirm`);
    expectNoTrace(confirmed, 'confirm');
    expect(expectOwnLocation(confirmed)).toMatch(/^\/#\/orderInfoByQRcode\?o=/);
    const sent = deliveries.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe(driverPayPaths.sandboxNotify);
    expect(JSON.stringify(sent)).not.toMatch(trace);

    // the notice arrived: the record page says paid, and the paid cashier links back to our own path
    const view = await get(`${driverPayPaths.record}?o=${encodeURIComponent(confirmed.headers.location!.toString().split('o=')[1]!)}`, null);
    expect(view.json().data).toMatchObject({ state: 'paid', paid: 200, unpaid: 0 });
    const paidPage = await get(cashierUrl, null);
    expectNoTrace(paidPage, 'paid cashier page');
    expect(paidPage.body).toContain('href="/#/orderInfoByQRcode?o=');
  });

  it('the special bill code, its trade, redirect and notice', async () => {
    const created = await server.inject({
      method: 'POST',
      url: '/api/system/SpecialBill',
      headers: { ...forged, authorization: admin },
      payload: { lotId, plateNumber: '粤B7S001', item: '道闸损坏赔偿', amount: 5000 },
    });
    expect(created.json().code, created.body).toBe(200);
    const code = await get(`/api/system/SpecialBill/${created.json().data.id}/QRCode`);
    expect(code.statusCode).toBe(200);
    expectNoTrace(code, 'special bill code');
    const scanned = new URL(qrText(code.rawPayload, 'special bill code'));
    expect(scanned.pathname).toBe('/scanSpeialBillQrcode');

    const started = await post(specialBillOpenPaths.pay, { t: scanned.searchParams.get('t')! });
    expect(started.json().code, started.body).toBe(200);
    expectNoTrace(started, 'special bill pay answer');
    const payUrl: string = started.json().data.payUrl;
    const [trade] = await database.db
      .select()
      .from(sandboxCashierOrders)
      .where(eq(sandboxCashierOrders.gatewayOrderNo, payUrl.split('/').pop()!));
    expect(trade!.notifyUrl).toBe(`${base}${driverPayPaths.sandboxNotify}`);
    expect(trade!.returnUrl.startsWith(`${base}/#/speialBillInfo?t=`)).toBe(true);

    const before = deliveries.length;
    const confirmed = await post(`${payUrl}/confirm`);
    expectNoTrace(confirmed, 'special bill confirm');
    expect(expectOwnLocation(confirmed)).toMatch(/^\/#\/speialBillInfo\?t=/);
    expect(deliveries.slice(before).map((d) => d.path)).toEqual([driverPayPaths.sandboxNotify]);
    expect(JSON.stringify(deliveries)).not.toMatch(trace);
  });
});

describe('ownPath: where the cashier sends the driver back', () => {
  it('keeps a return address under our base as a path of this site', () => {
    expect(ownPath(`${base}/#/orderInfoByQRcode?o=a.b`, base)).toBe('/#/orderInfoByQRcode?o=a.b');
    expect(ownPath('https://park.example.com/parking/#/speialBillInfo?t=x', 'https://park.example.com/parking')).toBe('/parking/#/speialBillInfo?t=x');
  });

  it('sends anything else to our home page, never to another host', () => {
    expect(ownPath('https://evil.example/#/orderInfoByQRcode', base)).toBe('/');
    expect(ownPath('http://localhost:9999/#/x', base)).toBe('/');
    expect(ownPath('https://park.example.com/parkingevil/#/x', 'https://park.example.com/parking')).toBe('/parking/');
    expect(ownPath(`${base}//evil.example/#/x`, base)).toBe('/');
    expect(ownPath('not an address', base)).toBe('/');
  });
});
