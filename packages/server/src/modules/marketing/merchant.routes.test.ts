import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../shared/passwords.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';

// the app's clock, fixed: a coupon's expiry and a merchant's day are read from it
const clock = fixedClock('2026-03-10T02:00:00Z');
let t: TestApp;
let admin: string;
let mwAdmin: string;
let finance: string;
let lotId: string;

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token: string | null = admin) {
  return t.app.inject({ method, url, headers: token ? { authorization: token } : {}, ...(payload ? { payload } : {}) });
}
const merchant = (over: Record<string, unknown> = {}) => ({
  name: '海岸城购物中心',
  kind: 'mall',
  contactName: '李经理',
  contactPhone: '13812345678',
  lotIds: [lotId],
  settlement: 'prepaid',
  account: 'coastal',
  password: md5Hex('coast123'),
  ...over,
});

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  finance = await signIn(t.app, 'mwfinance', 'mw');
  lotId = (await call('POST', '/api/system/Parking', { type: 1, kind: 'lane', totalSpaces: 100, name: '海岸城' })).json().data.id;
});
afterAll(() => t.close());

describe('商户 and 优惠券 over HTTP', () => {
  it('creates a merchant without ever answering its password, tops it up, issues and revokes a coupon, and exports the ledger', async () => {
    const created = await call('POST', '/api/system/Merchant', merchant());
    expect(created.json()).toMatchObject({ code: 200, msg: '新增成功', data: { name: '海岸城购物中心', balance: 0, lotNames: ['海岸城'], account: 'coastal' } });
    expect(JSON.stringify(created.json())).not.toMatch(new RegExp(`password|${md5Hex('coast123')}`, 'i'));
    const id = created.json().data.id as string;

    // the same account twice is refused on its field
    const taken = await call('POST', '/api/system/Merchant', merchant({ name: '别家' }));
    expect([taken.statusCode, taken.json().msg]).toEqual([409, '登录账号「coastal」已被其他商户使用']);

    const topUp = await call('POST', `/api/system/Merchant/${id}/Ledger`, { kind: 'top_up', amount: 5000, remark: '' });
    expect(topUp.json()).toMatchObject({ msg: '充值成功', data: { balanceBefore: 0, balanceAfter: 5000 } });
    const unexplained = await call('POST', `/api/system/Merchant/${id}/Ledger`, { kind: 'adjustment', amount: -100, remark: '' });
    expect(unexplained.statusCode).toBe(400);

    const template = (await call('POST', '/api/system/CouponTemplate', { name: '停车2小时', kind: 'minutes', minutes: 120, price: 600, validHours: 24, beforeEntry: true })).json().data;
    const issued = await call('POST', '/api/system/Coupon/Actions/Issue', { merchantId: id, templateId: template.id, plateNumber: '粤b12345' });
    expect(issued.json()).toMatchObject({ msg: '发券成功', data: { plateNumber: '粤B12345', state: 'unused', price: 600, issuedBy: 'admin', expiresAt: '2026-03-11T02:00:00.000Z' } });
    expect((await call('GET', `/api/system/Merchant/${id}`)).json().data).toMatchObject({ balance: 4400, issuedToday: 1, amountThisMonth: 600 });

    const list = (await call('GET', `/api/system/Coupon?merchantId=${id}&state=unused`)).json().data;
    expect(list.list.map((c: { couponNo: string }) => c.couponNo)).toEqual([issued.json().data.couponNo]);

    const noReason = await call('POST', `/api/system/Coupon/${issued.json().data.id}/Actions/Revoke`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const revoked = await call('POST', `/api/system/Coupon/${issued.json().data.id}/Actions/Revoke`, { reason: '顾客退货' });
    expect(revoked.json()).toMatchObject({ msg: '作废成功', data: { state: 'revoked' } });

    const file = await call('GET', `/api/system/MerchantLedger/Actions/Export?merchantId=${id}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
    expect(rows.map((r) => [r[3], r[4], r[6]])).toEqual([
      ['类型', '金额（元）', '变动后余额（元）'],
      ['作废退回', '6.00', '50.00'],
      ['发券扣款', '-6.00', '44.00'],
      ['充值', '50.00', '50.00'],
    ]);

    // a merchant that issued coupons stays, to be disabled
    expect((await call('DELETE', `/api/system/Merchant/${id}`)).json().msg).toBe('商户「海岸城购物中心」已发过优惠券，不能删除，可停用');
  });

  it("keeps one tenant's merchants and coupons from another, and a user without the page from both", async () => {
    const [mine] = (await call('GET', '/api/system/Merchant')).json().data.list;
    expect((await call('GET', `/api/system/Merchant/${mine.id}`, undefined, mwAdmin)).statusCode).toBe(404);
    expect((await call('POST', `/api/system/Merchant/${mine.id}/Ledger`, { kind: 'top_up', amount: 100 }, mwAdmin)).statusCode).toBe(404);
    expect((await call('GET', '/api/system/Coupon', undefined, mwAdmin)).json().data.list).toEqual([]);
    const template = (await call('GET', '/api/system/CouponTemplate')).json().data.list[0];
    const across = await call('POST', '/api/system/Coupon/Actions/Issue', { merchantId: mine.id, templateId: template.id, plateNumber: '粤B12345' }, mwAdmin);
    expect([across.statusCode, across.json().msg]).toEqual([400, '商户不存在或已删除']);
    for (const url of ['/api/system/Merchant', '/api/system/MerchantLedger', '/api/system/Coupon', '/api/system/CouponTemplate']) {
      expect((await call('GET', url, undefined, finance)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/system/Merchant', undefined, null)).statusCode).toBe(401);
  });
});
