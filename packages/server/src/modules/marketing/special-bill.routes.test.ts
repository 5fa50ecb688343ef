import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../db/schema/index.js';
import { appSecret } from '../../shared/app-secret.js';
import { decodeQrPng } from '../../test/qr-zip.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';
import { signScanToken } from '../parking/scan-token.js';

const publicBaseUrl = 'https://park.example.com';
// the app's clock, fixed: a code's expiry is read by it
const clock = fixedClock('2026-03-10T02:00:00Z');
let t: TestApp;
let admin: string;
let mwAdmin: string;
let demoId: string;
let lotId: string;
let otherLotId: string;
let billId: string;

function call(method: 'GET' | 'POST', url: string, payload?: object, token: string | null = admin) {
  return t.app.inject({ method, url, headers: token ? { authorization: token } : {}, ...(payload ? { payload } : {}) });
}
const bill = (over: Record<string, unknown> = {}) => ({ lotId, plateNumber: '粤b12345', item: '车辆损坏赔偿', amount: 12050, remark: '撞坏道闸', ...over });
const qrUrlOf = async (id = billId) => new URL(decodeQrPng((await call('GET', `/api/system/SpecialBill/${id}/QRCode`)).rawPayload));
const openInfo = (token: string) => call('GET', `/api/open/specialBill?t=${encodeURIComponent(token)}`, undefined, null);
const items = async (query: string) => (await call('GET', `/api/system/SpecialBill?${query}`)).json().data.list.map((b: { item: string }) => b.item);

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, config: { publicBaseUrl } });
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  demoId = (await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo')))[0]!.id;
  const lot = { type: 1, kind: 'lane', totalSpaces: 100 };
  lotId = (await call('POST', '/api/system/Parking', { ...lot, name: '科兴科学园' })).json().data.id;
  otherLotId = (await call('POST', '/api/system/Parking', { ...lot, name: '海岸城' })).json().data.id;
});
afterAll(() => t.close());

describe('特殊账单', () => {
  it('creates an unpaid bill on one of the tenant lots, by the signed-in account, and logs it', async () => {
    const created = await call('POST', '/api/system/SpecialBill', bill());
    expect(created.json()).toMatchObject({
      code: 200,
      msg: '新增成功',
      data: { lotName: '科兴科学园', plateNumber: '粤B12345', item: '车辆损坏赔偿', amount: 12050, status: 'unpaid', paidAmount: 0, paidAt: null, createdBy: 'admin' },
    });
    billId = created.json().data.id;
    const log = (await call('GET', `/api/system/log?targetId=${billId}`)).json().data.list[0];
    expect(log).toMatchObject({ action: 'create', target: 'specialBill', summary: '新增特殊账单「车辆损坏赔偿 120.50元」' });
  });

  it('refuses a bad body with Chinese messages, another tenant lot, and a stranger', async () => {
    expect((await call('POST', '/api/system/SpecialBill', bill({ amount: 0 }))).json()).toMatchObject({ code: 400, msg: '请求体 amount：金额必须大于0' });
    expect((await call('POST', '/api/system/SpecialBill', bill({ plateNumber: '粤B1' }))).json()).toMatchObject({ code: 400, msg: '请求体 plateNumber：请输入正确的车牌号，如 粤B12345' });
    const mwLot = (await call('POST', '/api/system/Parking', { type: 1, kind: 'lane', totalSpaces: 1, name: '别人的停车场' }, mwAdmin)).json().data.id;
    expect((await call('POST', '/api/system/SpecialBill', bill({ lotId: mwLot }))).json()).toMatchObject({ code: 400, msg: '所选停车场不存在' });
    expect((await call('GET', `/api/system/SpecialBill/${billId}`, undefined, mwAdmin)).statusCode).toBe(404);
    expect((await call('POST', `/api/system/SpecialBill/${billId}/Actions/Cancel`, undefined, mwAdmin)).statusCode).toBe(404);
    expect((await call('GET', '/api/system/SpecialBill', undefined, null)).statusCode).toBe(401);
  });

  it('filters by lot, plate prefix, status and created time', async () => {
    await call('POST', '/api/system/SpecialBill', bill({ lotId: otherLotId, plateNumber: '', item: '过夜服务费', amount: 3000 }));
    await call('POST', '/api/system/SpecialBill', bill({ plateNumber: '京A88888', item: '充电桩占位费', amount: 500 }));
    expect(await items(`lotId=${otherLotId}`)).toEqual(['过夜服务费']);
    expect(await items('plateNumber=粤b')).toEqual(['车辆损坏赔偿']);
    expect(await items('plateNumber=京A8')).toEqual(['充电桩占位费']);
    expect(await items('status=unpaid')).toHaveLength(3);
    // a bill's created time is the database's: the window is measured from the bills' own
    const created = ((await call('GET', '/api/system/SpecialBill')).json().data.list as { createdAt: string }[]).map((b) => Date.parse(b.createdAt));
    const from = (ms: number) => encodeURIComponent(new Date(ms).toISOString());
    expect(await items(`createdFrom=${from(Math.max(...created) + 60_000)}`)).toEqual([]);
    expect(await items(`createdFrom=${from(Math.min(...created) - 60_000)}&sidx=amount&sort=asc`)).toEqual(['充电桩占位费', '过夜服务费', '车辆损坏赔偿']);
    expect((await call('GET', '/api/system/SpecialBill?status=refunded')).statusCode).toBe(400);
    const page = (await call('GET', '/api/system/SpecialBill?currentPage=2&pageSize=2')).json().data;
    expect(page.list).toHaveLength(1);
    expect(page.pagination).toMatchObject({ currentPage: 2, pageSize: 2, total: 3 });
  });

  it('exports the filtered list as xlsx, amounts in yuan', async () => {
    const response = await call('GET', `/api/system/SpecialBill/Actions/Export?lotId=${otherLotId}`);
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('特殊账单')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(3).value).toBe('过夜服务费');
    expect(sheet.getRow(2).getCell(4).value).toBe('30.00');
    expect(sheet.getRow(2).getCell(5).value).toBe('待支付');
  });

  it('gives a QR code of the public page whose token opens only what the phone needs', async () => {
    const url = await qrUrlOf();
    expect(`${url.origin}${url.pathname}`).toBe(`${publicBaseUrl}/scanSpeialBillQrcode`);
    const info = await openInfo(url.searchParams.get('t')!);
    expect(info.json()).toEqual({
      code: 200,
      msg: '成功',
      data: { lotName: '科兴科学园', plateNumber: '粤B12345', item: '车辆损坏赔偿', amount: 12050, status: 'unpaid', createdAt: expect.any(String), paidAt: null, onlinePay: true },
    });
    expect(info.body).not.toContain(billId);
    expect(info.body).not.toContain('撞坏道闸');
    const forward = await call('GET', `/scanSpeialBillQrcode?t=${url.searchParams.get('t')}`, undefined, null);
    expect(forward.statusCode).toBe(302);
    expect(forward.headers.location).toBe(`/#/scanSpeialBillQrcode?t=${url.searchParams.get('t')}`);
  });

  it('tells a tampered, foreign-kind or expired token apart, and reveals nothing', async () => {
    const token = (await qrUrlOf()).searchParams.get('t')!;
    const [body, mac] = token.split('.') as [string, string];
    const secret = await appSecret(t.database.db, 'qr');
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    const cardToken = signScanToken(secret, { k: 'groupCard', id: billId, tenant: demoId });
    for (const bad of [`${body}.${flipped}`, signScanToken('wrong', { k: 'specialBill', id: billId, tenant: demoId }), cardToken, 'nonsense']) {
      expect((await openInfo(bad)).json(), bad).toEqual({ code: 400, msg: '二维码无效或已被篡改', data: null });
    }
    // a bill's token is no lot code
    expect((await call('GET', `/api/public/scan/resolve?t=${encodeURIComponent(token)}`, undefined, null)).json()).toMatchObject({ code: 400 });
    const expired = signScanToken(secret, { k: 'specialBill', id: billId, tenant: demoId, exp: Math.floor(clock.now().getTime() / 1000) - 60 });
    expect((await openInfo(expired)).json()).toEqual({ code: 400, msg: '二维码已过期，请联系停车场重新获取', data: null });
    const unknown = signScanToken(secret, { k: 'specialBill', id: '0b6f1f36-8a55-4a43-9a43-6f1b2a6c9f01', tenant: demoId });
    expect((await openInfo(unknown)).json()).toEqual({ code: 404, msg: '特殊账单不存在', data: null });
  });

  it('cancels an unpaid bill once, logs it, and the phone page sees 已作废', async () => {
    const token = (await qrUrlOf()).searchParams.get('t')!;
    const cancelled = await call('POST', `/api/system/SpecialBill/${billId}/Actions/Cancel`);
    expect(cancelled.json()).toMatchObject({ code: 200, msg: '作废成功', data: { status: 'cancelled', cancelledAt: expect.any(String) } });
    expect((await call('POST', `/api/system/SpecialBill/${billId}/Actions/Cancel`)).json()).toMatchObject({ code: 409, msg: '特殊账单已作废' });
    const log = (await call('GET', `/api/system/log?targetId=${billId}`)).json().data.list[0];
    expect(log).toMatchObject({ action: 'update', target: 'specialBill', summary: '作废特殊账单「车辆损坏赔偿 120.50元」' });
    expect((await openInfo(token)).json().data.status).toBe('cancelled');
  });

  it('rate-limits the public call per address', async () => {
    let last = 0;
    for (let i = 0; i < 62; i++) last = (await openInfo('nonsense')).statusCode;
    expect(last).toBe(429);
  });
});
