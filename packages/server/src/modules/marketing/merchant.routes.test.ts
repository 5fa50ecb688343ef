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

  it('offers a merchant picker, by name and bounded, to holders of 优惠券 or 商户 only, of their own tenant', async () => {
    const menus = (await call('GET', '/api/system/Permission/Menu')).json().data as { enCode: string; id: string; children: { enCode: string; id: string }[] }[];
    const page = (enCode: string) => menus.flatMap((m) => m.children).find((m) => m.enCode === enCode)!.id;
    const roleId = (await call('POST', '/api/system/Permission/Role', { name: '发券员', code: 'couponclerk' })).json().data.id;
    await call('PUT', `/api/system/Permission/Role/${roleId}/Menus`, { menuIds: [page('coupon')] });
    await call('POST', '/api/system/Permission/Users', { account: 'couponclerk', realName: '发券员', password: md5Hex('x1y2z3'), roleIds: [roleId] });
    const clerk = await signIn(t.app, 'couponclerk', 'demo', md5Hex('x1y2z3'));

    await call('POST', '/api/system/Merchant', merchant({ name: '书店后付', account: 'bookspost', settlement: 'postpaid' }));
    for (let n = 1; n <= 55; n += 1) {
      await call('POST', '/api/system/Merchant', merchant({ name: `连锁便利店${String(n).padStart(2, '0')}`, account: `chain${n}` }));
    }
    const stopped = (await call('GET', '/api/system/Merchant?name=连锁便利店01')).json().data.list[0];
    await call('PUT', `/api/system/Merchant/${stopped.id}`, { ...stopped, password: '', enabled: false });

    const found = await call('GET', `/api/system/Merchant/Selector?keyword=${encodeURIComponent('书店')}`, undefined, clerk);
    expect(found.json().data).toEqual([{ id: expect.any(String), name: '书店后付', enabled: true, settlement: 'postpaid' }]);
    // 55 chain stores answer 50, the enabled ones first
    const chain = (await call('GET', `/api/system/Merchant/Selector?keyword=${encodeURIComponent('连锁')}`)).json().data as { name: string; enabled: boolean }[];
    expect(chain).toHaveLength(50);
    expect(chain.every((m) => m.enabled)).toBe(true);
    expect(chain[0]!.name).toBe('连锁便利店02');
    const postpaid = (await call('GET', '/api/system/Merchant/Selector?settlement=postpaid')).json().data as { name: string }[];
    expect(postpaid.map((m) => m.name)).toEqual(['书店后付']);

    const tooLong = await call('GET', `/api/system/Merchant/Selector?keyword=${'a'.repeat(65)}`);
    expect([tooLong.statusCode, tooLong.json().msg]).toEqual([400, '查询参数 keyword：商户名称最长64位']);
    expect((await call('GET', '/api/system/Merchant/Selector', undefined, mwAdmin)).json().data).toEqual([]);
    expect((await call('GET', '/api/system/Merchant/Selector', undefined, finance)).statusCode).toBe(403);
    expect((await call('GET', '/api/system/Merchant/Selector', undefined, null)).statusCode).toBe(401);
  });

  it('finds a coupon by its 券号, exactly, lists and exports only it, and refuses a malformed number in Chinese', async () => {
    const id = (await call('POST', '/api/system/Merchant', merchant({ name: '券号商户', account: 'numbered', settlement: 'postpaid' }))).json().data.id as string;
    const template = (await call('GET', '/api/system/CouponTemplate')).json().data.list[0];
    const issue = async (plateNumber: string) => (await call('POST', '/api/system/Coupon/Actions/Issue', { merchantId: id, templateId: template.id, plateNumber })).json().data;
    const first = await issue('粤B10001');
    const second = await issue('粤B10002');
    expect(first.couponNo).toMatch(/^\d{8}$/);

    const byNo = (await call('GET', `/api/system/Coupon?couponNo=${second.couponNo}`)).json().data;
    expect(byNo.list.map((c: { plateNumber: string }) => c.plateNumber)).toEqual(['粤B10002']);
    // the number without its leading zeros is the same coupon; a prefix of it is not
    expect((await call('GET', `/api/system/Coupon?couponNo=${Number(first.couponNo)}`)).json().data.list.map((c: { id: string }) => c.id)).toEqual([first.id]);
    expect((await call('GET', `/api/system/Coupon?couponNo=${second.couponNo}9`)).json().data.list).toEqual([]);

    const file = await call('GET', `/api/system/Coupon/Actions/Export?couponNo=${second.couponNo}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
    expect(rows.map((r) => [r[1], r[6]])).toEqual([
      ['券号', '车牌'],
      [second.couponNo, '粤B10002'],
    ]);

    for (const bad of ['YH0001', '1.5', '9'.repeat(16)]) {
      const refused = await call('GET', `/api/system/Coupon?couponNo=${bad}`);
      expect([refused.statusCode, refused.json().msg]).toEqual([400, '查询参数 couponNo：券号只能是数字，如 00000012']);
      expect((await call('GET', `/api/system/Coupon/Actions/Export?couponNo=${bad}`)).statusCode).toBe(400);
    }
    // another tenant's filter by the same number finds nothing of this one
    expect((await call('GET', `/api/system/Coupon?couponNo=${second.couponNo}`, undefined, mwAdmin)).json().data.list).toEqual([]);
  });
});
