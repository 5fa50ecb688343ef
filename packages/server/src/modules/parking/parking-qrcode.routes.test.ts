import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkingLanes, parkingLots, parkingSpaces, tenants } from '../../db/schema/index.js';
import { appSecret } from '../../shared/app-secret.js';
import { decodeQrPng, readZip } from '../../test/qr-zip.js';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { signScanToken } from './scan-token.js';

const publicBaseUrl = 'https://park.example.com';
let t: TestApp;
let admin: string;
let mwAdmin: string;
let finance: string;
let demoId: string;
let lotId: string;
let emptyLotId: string;
let inLaneId: string;
let outLaneId: string;
let spaceIds: Map<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ config: { publicBaseUrl } });
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  finance = await signIn(t.app, 'mwfinance', 'mw');
  const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
  demoId = demo!.id;
  const [lot] = await t.database.db.insert(parkingLots).values({ tenantId: demoId, name: '海岸城停车场', type: 1, kind: 'lane' }).returning();
  lotId = lot!.id;
  const [empty] = await t.database.db.insert(parkingLots).values({ tenantId: demoId, name: '空停车场', type: 0, kind: 'space' }).returning();
  emptyLotId = empty!.id;
  const lanes = await t.database.db
    .insert(parkingLanes)
    .values([
      { tenantId: demoId, lotId, name: '东门入口', direction: 'in' },
      { tenantId: demoId, lotId, name: '东门出口', direction: 'out' },
    ])
    .returning();
  inLaneId = lanes[0]!.id;
  outLaneId = lanes[1]!.id;
  const spaces = await t.database.db
    .insert(parkingSpaces)
    .values(['B002', 'B001', '东区-03'].map((number) => ({ tenantId: demoId, lotId, number })))
    .returning();
  spaceIds = new Map(spaces.map((s) => [s.number, s.id]));
});
afterAll(() => t.close());

/** `null`: signed out, as a driver's phone is */
function get(url: string, token: string | null = admin) {
  return t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
}
/** The phone page's call: the token out of a scanned URL, no sign-in. */
const resolveUrl = (url: string) => get(`/api/public/scan/resolve?t=${encodeURIComponent(new URL(url).searchParams.get('t')!)}`, null);

describe('QR codes', () => {
  it('makes the lot PNG, named after the lot, holding a signed scan URL that resolves without sign-in', async () => {
    const response = await get(`/api/system/Parking/BuildGateParkingQRCode/${lotId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('海岸城停车场.png')}`);
    const url = decodeQrPng(response.rawPayload);
    expect(url).toMatch(/^https:\/\/park\.example\.com\/m\/scan\?t=[\w-]+\.[\w-]+$/);
    // a signed token, not the bare id
    expect(url).not.toContain(lotId);
    expect((await resolveUrl(url)).json()).toEqual({
      code: 200,
      msg: '成功',
      data: { kind: 'lot', action: 'visit', tenantCode: 'demo', lotId, lotName: '海岸城停车场', laneName: null, spaceNumber: null },
    });
  });

  it('sends a phone that opens a printed URL on to the console page for it, token and all, signed out', async () => {
    const exitUrl = new URL(decodeQrPng((await get(`/api/system/ParkingLane/build/wxApplet/qRCode?id=${outLaneId}`)).rawPayload));
    const opened = await t.app.inject({ method: 'GET', url: `${exitUrl.pathname}${exitUrl.search}` });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`/#/m/exit${exitUrl.search}`);
    expect((await t.app.inject({ method: 'GET', url: '/m/admin?t=x' })).statusCode).toBe(400);
  });

  it('points an out-lane at scan-to-exit and an in-lane at scan-to-enter', async () => {
    const out = await get(`/api/system/ParkingLane/build/wxApplet/qRCode?id=${outLaneId}`);
    expect(out.headers['content-disposition']).toContain(encodeURIComponent('海岸城停车场-东门出口.png'));
    const exitUrl = decodeQrPng(out.rawPayload);
    expect(exitUrl).toMatch(/^https:\/\/park\.example\.com\/m\/exit\?t=/);
    expect((await resolveUrl(exitUrl)).json().data).toMatchObject({ kind: 'lane', action: 'exit', lotName: '海岸城停车场', laneName: '东门出口' });
    const enterUrl = decodeQrPng((await get(`/api/system/ParkingLane/build/wxApplet/qRCode?id=${inLaneId}`)).rawPayload);
    expect(enterUrl).toMatch(/\/m\/enter\?t=/);
    expect((await resolveUrl(enterUrl)).json().data).toMatchObject({ kind: 'lane', action: 'enter', laneName: '东门入口' });
  });

  it('zips one PNG per space, named by its number, each resolving to its space', async () => {
    const response = await get(`/api/system/Parking/downloadQRCodeBySpace?parkingId=${lotId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('海岸城停车场-泊位二维码.zip'));
    const files = await readZip(response.rawPayload);
    expect([...files.keys()]).toEqual(['B001.png', 'B002.png', '东区-03.png']);
    for (const [name, png] of files) {
      const number = name.replace(/\.png$/, '');
      const answer = (await resolveUrl(decodeQrPng(png))).json().data;
      expect(answer).toMatchObject({ kind: 'space', action: 'visit', lotId, spaceNumber: number });
    }
    expect(spaceIds.size).toBe(3);
  });

  it('lists every lane and space of the lot for the printable sheet, each URL the one its PNG holds', async () => {
    const response = await get(`/api/system/Parking/qrCodeSheet?parkingId=${lotId}`);
    expect(response.statusCode).toBe(200);
    const sheet = response.json().data;
    expect(sheet).toMatchObject({ lotId, lotName: '海岸城停车场' });
    expect(sheet.lanes.map((lane: { name: string; direction: string }) => [lane.name, lane.direction])).toEqual([
      ['东门入口', 'in'],
      ['东门出口', 'out'],
    ]);
    expect(sheet.spaces.map((space: { number: string }) => space.number)).toEqual(['B001', 'B002', '东区-03']);
    const exitLane = sheet.lanes.find((lane: { id: string }) => lane.id === outLaneId);
    expect(exitLane.url).toBe(decodeQrPng((await get(`/api/system/ParkingLane/build/wxApplet/qRCode?id=${outLaneId}`)).rawPayload));
    expect((await resolveUrl(exitLane.url)).json().data).toMatchObject({ kind: 'lane', action: 'exit', laneName: '东门出口' });
    for (const space of sheet.spaces as { id: string; number: string; url: string }[]) {
      expect(space.url).toMatch(/^https:\/\/park\.example\.com\/m\/scan\?t=/);
      expect(space.id).toBe(spaceIds.get(space.number));
      expect((await resolveUrl(space.url)).json().data).toMatchObject({ kind: 'space', action: 'visit', lotId, spaceNumber: space.number });
    }
    // a lot with nothing to print answers two empty lists, for the sheet to say so
    expect((await get(`/api/system/Parking/qrCodeSheet?parkingId=${emptyLotId}`)).json().data).toEqual({ lotId: emptyLotId, lotName: '空停车场', lanes: [], spaces: [] });
  });

  it("refuses the sheet of another tenant's lot, a user without the 车道 page, a signed-out caller and a bad id", async () => {
    expect((await get(`/api/system/Parking/qrCodeSheet?parkingId=${lotId}`, mwAdmin)).json()).toEqual({ code: 404, msg: '停车场不存在或已删除', data: null });
    expect((await get(`/api/system/Parking/qrCodeSheet?parkingId=${lotId}`, finance)).statusCode).toBe(403);
    expect((await get(`/api/system/Parking/qrCodeSheet?parkingId=${lotId}`, null)).statusCode).toBe(401);
    expect((await get('/api/system/Parking/qrCodeSheet?parkingId=x')).json()).toMatchObject({ code: 400, msg: '查询参数 parkingId：停车场编号格式不正确' });
  });

  it('refuses a lot without spaces, and bad ids, with a Chinese msg', async () => {
    expect((await get(`/api/system/Parking/downloadQRCodeBySpace?parkingId=${emptyLotId}`)).json()).toMatchObject({ code: 400, msg: '停车场「空停车场」还没有泊位' });
    expect((await get('/api/system/Parking/downloadQRCodeBySpace')).json()).toMatchObject({ code: 400, msg: '查询参数 parkingId：停车场编号格式不正确' });
    expect((await get('/api/system/Parking/BuildGateParkingQRCode/42')).json()).toMatchObject({ code: 400, msg: '路径参数 id：停车场编号格式不正确' });
    expect((await get('/api/system/ParkingLane/build/wxApplet/qRCode?id=x')).json()).toMatchObject({ code: 400, msg: '查询参数 id：车道编号格式不正确' });
    expect((await get('/api/public/scan/resolve', null)).json()).toMatchObject({ code: 400, msg: '查询参数 t：缺少二维码参数' });
  });

  it('refuses a forged or altered token', async () => {
    const url = decodeQrPng((await get(`/api/system/Parking/BuildGateParkingQRCode/${lotId}`)).rawPayload);
    const token = new URL(url).searchParams.get('t')!;
    const [body, mac] = token.split('.') as [string, string];
    const otherLot = Buffer.from(JSON.stringify({ k: 'lot', id: emptyLotId, tenant: demoId })).toString('base64url');
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    const forged = signScanToken('not-the-server-secret', { k: 'lot', id: lotId, tenant: demoId });
    for (const bad of [`${otherLot}.${mac}`, `${body}.${flipped}`, forged, body, `${token}.x`, 'nonsense']) {
      const response = await get(`/api/public/scan/resolve?t=${encodeURIComponent(bad)}`, null);
      expect(response.json(), bad).toEqual({ code: 400, msg: '二维码无效或已被篡改', data: null });
    }
  });

  it('signs with the key kept in the database, the same for every process', async () => {
    const secret = await appSecret(t.database.db, 'qr');
    expect(await appSecret(t.database.db, 'qr')).toBe(secret);
    const token = signScanToken(secret, { k: 'lot', id: lotId, tenant: demoId });
    expect((await get(`/api/public/scan/resolve?t=${token}`, null)).json().data.lotName).toBe('海岸城停车场');
  });

  it('answers 404 once what a code points at is gone', async () => {
    const png = (await get(`/api/system/Parking/downloadQRCodeBySpace?parkingId=${lotId}`)).rawPayload;
    const url = decodeQrPng((await readZip(png)).get('B001.png')!);
    await t.database.db.delete(parkingSpaces).where(eq(parkingSpaces.id, spaceIds.get('B001')!));
    expect((await resolveUrl(url)).json()).toMatchObject({ code: 404, msg: '二维码对应的停车场、车道或泊位已不存在' });
  });

  it('shows another tenant nothing, and users without the page nothing', async () => {
    for (const url of [`/api/system/Parking/BuildGateParkingQRCode/${lotId}`, `/api/system/Parking/downloadQRCodeBySpace?parkingId=${lotId}`]) {
      const response = await get(url, mwAdmin);
      expect(response.json(), url).toEqual({ code: 404, msg: '停车场不存在或已删除', data: null });
    }
    expect((await get(`/api/system/ParkingLane/build/wxApplet/qRCode?id=${outLaneId}`, mwAdmin)).json()).toEqual({ code: 404, msg: '车道不存在或已删除', data: null });
    expect((await get(`/api/system/Parking/BuildGateParkingQRCode/${lotId}`, finance)).statusCode).toBe(403);
    expect((await get(`/api/system/ParkingLane/build/wxApplet/qRCode?id=${outLaneId}`, finance)).statusCode).toBe(403);
    expect((await get(`/api/system/Parking/BuildGateParkingQRCode/${lotId}`, null)).statusCode).toBe(401);
  });

  it("uses the server's own address when PUBLIC_BASE_URL is not set, whatever Host the request names", async () => {
    const plain = await buildTestApp();
    try {
      const token = await signIn(plain.app);
      const [demo] = await plain.database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
      const [lot] = await plain.database.db.insert(parkingLots).values({ tenantId: demo!.id, name: '本站停车场', type: 1, kind: 'lane' }).returning();
      const response = await plain.app.inject({
        method: 'GET',
        url: `/api/system/Parking/BuildGateParkingQRCode/${lot!.id}`,
        headers: { authorization: token, host: 'console.example.cn:8443' },
      });
      expect(decodeQrPng(response.rawPayload)).toMatch(/^http:\/\/localhost:8080\/m\/scan\?t=/);
    } finally {
      await plain.close();
    }
  });
});
