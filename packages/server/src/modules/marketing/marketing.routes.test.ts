import ExcelJS from 'exceljs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupCards, operationLogs, tenants } from '../../db/schema/index.js';
import { appSecret } from '../../shared/app-secret.js';
import { decodeQrPng } from '../../test/qr-zip.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';
import { signScanToken } from '../parking/scan-token.js';

const publicBaseUrl = 'https://park.example.com';
// the app's clock, fixed: a card's state and a code's expiry are read on its day
const clock = fixedClock('2026-03-10T02:00:00Z');
let t: TestApp;
let admin: string;
let mwAdmin: string;
let finance: string;
let demoId: string;
let lotId: string;
let otherLotId: string;
let groupId: string;
let cardId: string;

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token: string | null = admin) {
  return t.app.inject({ method, url, headers: token ? { authorization: token } : {}, ...(payload ? { payload } : {}) });
}
const cardRows = async () => Number((await t.database.db.select({ n: count() }).from(groupCards))[0]!.n);
/** in force from 2020 to 2099: active whatever day the test runs */
const card = (over: Record<string, unknown> = {}) => ({
  groupId,
  cardNo: 'JT-0001',
  benefit: 'discount',
  discountPercent: 80,
  plates: ['粤B12345'],
  lotIds: [lotId],
  validFrom: '2020-01-01',
  validTo: '2099-12-31',
  monthlyQuota: 20,
  allowBind: true,
  maxPlates: 2,
  ...over,
});
const tokenOf = async (id = cardId) => new URL(decodeQrPng((await call('GET', `/api/system/GroupCard/${id}/QRCode`)).rawPayload)).searchParams.get('t')!;
const openInfo = (t_: string) => call('GET', `/api/open/groupCard?t=${encodeURIComponent(t_)}`, undefined, null);
const bind = (t_: string, plateNumber: string) => call('POST', '/api/open/groupCard/plates', { t: t_, plateNumber }, null);

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, config: { publicBaseUrl } });
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  finance = await signIn(t.app, 'mwfinance', 'mw');
  demoId = (await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo')))[0]!.id;
  const lot = { type: 1, kind: 'lane', totalSpaces: 100 };
  lotId = (await call('POST', '/api/system/Parking', { ...lot, name: '科兴科学园' })).json().data.id;
  otherLotId = (await call('POST', '/api/system/Parking', { ...lot, name: '海岸城' })).json().data.id;
});
afterAll(() => t.close());

describe('集团', () => {
  it('creates, lists with filters, edits and logs a group', async () => {
    const created = await call('POST', '/api/system/Group', { name: ' 腾讯集团 ', contact: '王经理', phone: '13812345678', remark: '总部' });
    expect(created.json()).toMatchObject({ code: 200, msg: '新增成功', data: { name: '腾讯集团', contact: '王经理', phone: '13812345678', enabled: true, cardCount: 0 } });
    groupId = created.json().data.id;
    await call('POST', '/api/system/Group', { name: '华为集团', contact: '李', phone: '13900000000', enabled: false });
    expect((await call('GET', '/api/system/Group?name=腾讯')).json().data.list.map((g: { name: string }) => g.name)).toEqual(['腾讯集团']);
    expect((await call('GET', '/api/system/Group?enabled=0')).json().data.list.map((g: { name: string }) => g.name)).toEqual(['华为集团']);
    expect((await call('GET', '/api/system/Group?owner=x')).statusCode).toBe(400);
    const edited = await call('PUT', `/api/system/Group/${groupId}`, { name: '腾讯集团', contact: '王总', phone: '13812345678' });
    expect(edited.json()).toMatchObject({ msg: '修改成功', data: { contact: '王总' } });
    const log = (await call('GET', `/api/system/log?targetId=${groupId}`)).json().data.list[0];
    expect(log).toMatchObject({ action: 'update', target: 'group', summary: '修改集团「腾讯集团」' });
  });

  it('refuses a bad phone, a repeated name, and another tenant or a user without the page', async () => {
    expect((await call('POST', '/api/system/Group', { name: '甲', contact: '乙', phone: '123' })).json()).toMatchObject({ code: 400, msg: '请求体 phone：请输入正确的电话号码' });
    expect((await call('POST', '/api/system/Group', { name: '腾讯集团', contact: '乙', phone: '13812345678' })).json()).toMatchObject({ code: 409, msg: '集团名称「腾讯集团」已存在' });
    expect((await call('GET', `/api/system/Group/${groupId}`, undefined, mwAdmin)).statusCode).toBe(404);
    expect((await call('GET', '/api/system/Group', undefined, finance)).statusCode).toBe(403);
  });

  it('exports the list as xlsx', async () => {
    const response = await call('GET', '/api/system/Group/Actions/Export?name=腾讯');
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('集团')!;
    expect(sheet.getRow(1).values).toContain('集团名称');
    expect(sheet.getRow(2).getCell(1).value).toBe('腾讯集团');
    // the phone is masked as in the list
    expect(sheet.getRow(2).getCell(3).value).toBe('138****5678');
    expect(sheet.rowCount).toBe(2);
  });
});

describe('集团卡', () => {
  it('creates a card with its group, lots and quota, and logs it', async () => {
    const response = await call('POST', '/api/system/GroupCard', card({ plates: ['粤b12345'] }));
    expect(response.json()).toMatchObject({
      code: 200,
      msg: '新增成功',
      data: {
        groupName: '腾讯集团',
        cardNo: 'JT-0001',
        benefit: 'discount',
        discountPercent: 80,
        amountOff: null,
        plates: ['粤B12345'],
        lotNames: ['科兴科学园'],
        monthlyQuota: 20,
        remainingQuota: 20,
        state: 'active',
      },
    });
    cardId = response.json().data.id;
    expect((await call('GET', `/api/system/log?targetId=${cardId}`)).json().data.list[0]).toMatchObject({ action: 'create', target: 'groupCard', summary: '新增集团卡「腾讯集团 JT-0001」' });
    expect((await call('GET', `/api/system/Group/${groupId}`)).json().data.cardCount).toBe(1);
  });

  it('refuses bad input and a plate holding another card on the lot, in Chinese, writing nothing', async () => {
    const before = await cardRows();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ plates: ['ABC123'] }, 400, '请求体 plates.0：请输入正确的车牌号，如 粤B12345'],
      [{ benefit: 'discount', discountPercent: 0 }, 400, '请求体 discountPercent：折扣应在1到99之间'],
      [{ lotIds: [] }, 400, '请求体 lotIds：请选择适用停车场'],
      [
        { cardNo: 'JT-0002', lotIds: [lotId, otherLotId] },
        409,
        '车牌「粤B12345」在停车场「科兴科学园」已有集团卡「JT-0001」（2020-01-01至2099-12-31），同一车牌在同一停车场的有效期不能重叠',
      ],
      [{ cardNo: 'JT-0001', plates: ['粤B99999'] }, 409, '卡号「JT-0001」已存在'],
      [{ cardNo: 'JT-0002', plates: ['粤B99999'], lotIds: [lotId], groupId: '00000000-0000-4000-8000-000000000000' }, 400, '所选集团不存在'],
    ];
    for (const [over, status, msg] of cases) {
      const response = await call('POST', '/api/system/GroupCard', card(over));
      expect(response.json(), msg).toMatchObject({ code: status, msg });
    }
    expect(await cardRows()).toBe(before);
  });

  it('filters by plate, group, lot and state, and keeps other tenants out', async () => {
    await call('POST', '/api/system/GroupCard', card({ cardNo: 'JT-0002', plates: ['粤B54321'], lotIds: [otherLotId], benefit: 'free', validTo: '2021-01-01' }));
    const nos = async (query: string) =>
      (await call('GET', `/api/system/GroupCard?${query}`))
        .json()
        .data.list.map((c: { cardNo: string }) => c.cardNo)
        .sort();
    expect(await nos('plateNumber=b123')).toEqual(['JT-0001']);
    expect(await nos(`lotId=${otherLotId}`)).toEqual(['JT-0002']);
    expect(await nos('state=expired')).toEqual(['JT-0002']);
    expect(await nos('benefit=discount')).toEqual(['JT-0001']);
    expect(await nos(`groupId=${groupId}`)).toEqual(['JT-0001', 'JT-0002']);
    expect((await call('GET', '/api/system/GroupCard', undefined, mwAdmin)).json().data.list).toEqual([]);
    expect((await call('GET', `/api/system/GroupCard/${cardId}/QRCode`, undefined, mwAdmin)).statusCode).toBe(404);
  });

  it('exports cards as xlsx with the benefit and quota spelt out', async () => {
    const response = await call('GET', '/api/system/GroupCard/Actions/Export?plateNumber=粤B12345');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const row = book.getWorksheet('集团卡')!.getRow(2).values as unknown[];
    expect(row).toEqual(expect.arrayContaining(['JT-0001', '腾讯集团', '8折', '粤B12345', '科兴科学园', '20']));
  });

  it('refuses to delete a group that still has cards', async () => {
    expect((await call('DELETE', `/api/system/Group/${groupId}`)).json()).toMatchObject({ code: 409, msg: '集团「腾讯集团」还有2张集团卡，请先删除集团卡' });
  });

  it('keeps a lot a card names: its delete is refused with the cards counted', async () => {
    expect((await call('GET', `/api/system/Parking/bindIf/${lotId}`)).json().data).toMatchObject({ groupCards: 1, deletable: false });
    const refused = await call('DELETE', `/api/system/Parking/${lotId}`);
    expect(refused.json()).toMatchObject({ code: 400, msg: '停车场「科兴科学园」下还有1张集团卡，请先删除后再删除停车场' });
    expect((await call('GET', `/api/system/Parking/${lotId}`)).statusCode).toBe(200);
  });
});

describe('集团卡 QR code and phone page', () => {
  it('the PNG holds the public page URL with a signed token, never the id', async () => {
    const response = await call('GET', `/api/system/GroupCard/${cardId}/QRCode`);
    expect(response.headers['content-type']).toBe('image/png');
    const url = decodeQrPng(response.rawPayload);
    expect(url).toMatch(/^https:\/\/park\.example\.com\/scanGroupCardQrcode\?t=[\w-]+\.[\w-]+$/);
    expect(url).not.toContain(cardId);
    const opened = await t.app.inject({ method: 'GET', url: `/scanGroupCardQrcode${new URL(url).search}` });
    expect(opened.headers.location).toBe(`/#/scanGroupCardQrcode${new URL(url).search}`);
  });

  it('shows the card signed out, with the group phone masked and no ids', async () => {
    const response = await openInfo(await tokenOf());
    expect(response.json()).toEqual({
      code: 200,
      msg: '成功',
      data: {
        groupName: '腾讯集团',
        groupPhone: '138****5678',
        cardNo: 'JT-0001',
        benefit: 'discount',
        benefitText: '8折',
        plates: ['粤B12345'],
        lotNames: ['科兴科学园'],
        validFrom: '2020-01-01',
        validTo: '2099-12-31',
        state: 'active',
        monthlyQuota: 20,
        remainingQuota: 20,
        allowBind: true,
        maxPlates: 2,
      },
    });
    expect(response.body).not.toContain(cardId);
    expect(response.body).not.toContain(lotId);
  });

  it('binds a plate up to the limit, refusing a bad plate, a repeat and a plate with another card', async () => {
    const token = await tokenOf();
    expect((await bind(token, '粤B1')).json()).toMatchObject({ code: 400, msg: '请求体 plateNumber：请输入正确的车牌号，如 粤B12345' });
    expect((await bind(token, '粤B12345')).json()).toMatchObject({ code: 400, msg: '车牌「粤B12345」已绑定该集团卡' });
    const bound = await bind(token, ' 粤b67890 ');
    expect(bound.json()).toMatchObject({ code: 200, msg: '绑定成功', data: { plates: ['粤B12345', '粤B67890'] } });
    expect((await bind(token, '粤B67891')).json()).toMatchObject({ code: 400, msg: '该集团卡最多绑定2个车牌，已满' });
    const [log] = await t.database.db.select().from(operationLogs).where(eq(operationLogs.summary, '车主扫码为集团卡「腾讯集团 JT-0001」绑定车牌「粤B67890」'));
    expect(log).toMatchObject({ userId: null, account: '车主扫码', target: 'groupCard' });

    await call('PUT', `/api/system/GroupCard/${cardId}`, card({ plates: ['粤B12345'], maxPlates: 3 }));
    // 粤B54321 holds JT-0002 on 海岸城 only: this card's lot is free for it... until the card spans both lots
    await call('POST', '/api/system/GroupCard', card({ cardNo: 'JT-0003', plates: ['粤B11111'], lotIds: [lotId], benefit: 'free' }));
    expect((await bind(token, '粤B11111')).json()).toMatchObject({ code: 409, msg: expect.stringContaining('车牌「粤B11111」在停车场「科兴科学园」已有集团卡「JT-0003」') });
    await call('PUT', `/api/system/GroupCard/${cardId}`, card({ allowBind: false }));
    expect((await bind(token, '粤B22222')).json()).toMatchObject({ code: 400, msg: '该集团卡不允许车主自行绑定车牌' });
  });

  it('tells a tampered, foreign-kind or expired token apart, and reveals nothing', async () => {
    const token = await tokenOf();
    const [body, mac] = token.split('.') as [string, string];
    const secret = await appSecret(t.database.db, 'qr');
    const lotToken = signScanToken(secret, { k: 'lot', id: lotId, tenant: demoId });
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [`${body}.${flipped}`, signScanToken('wrong', { k: 'groupCard', id: cardId, tenant: demoId }), lotToken, 'nonsense']) {
      expect((await openInfo(bad)).json(), bad).toEqual({ code: 400, msg: '二维码无效或已被篡改', data: null });
    }
    // and a card token is no lot code
    expect((await call('GET', `/api/public/scan/resolve?t=${encodeURIComponent(token)}`, undefined, null)).json()).toMatchObject({ code: 400 });
    const expired = signScanToken(secret, { k: 'groupCard', id: cardId, tenant: demoId, exp: Math.floor(clock.now().getTime() / 1000) - 60 });
    expect((await openInfo(expired)).json()).toEqual({ code: 400, msg: '二维码已过期，请联系集团重新获取', data: null });
    expect((await bind(expired, '粤B33333')).json()).toEqual({ code: 400, msg: '二维码已过期，请联系集团重新获取', data: null });
  });

  it('says a disabled or deleted card is gone', async () => {
    const token = await tokenOf();
    await call('PUT', `/api/system/GroupCard/${cardId}`, card({ enabled: false }));
    expect((await openInfo(token)).json()).toMatchObject({ code: 404, msg: '集团卡不存在或已停用' });
    expect((await call('DELETE', `/api/system/GroupCard/${cardId}`)).json()).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await openInfo(token)).json()).toMatchObject({ code: 404, msg: '集团卡不存在或已停用' });
  });

  it('rate-limits the public calls per address', async () => {
    const token = await tokenOf((await call('GET', '/api/system/GroupCard?cardNo=JT-0003')).json().data.list[0].id);
    let last = 0;
    for (let i = 0; i < 12; i++) last = (await bind(token, '粤B1')).statusCode;
    expect(last).toBe(429);
  });
});
