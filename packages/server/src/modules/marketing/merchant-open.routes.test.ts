import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { coupons } from '../../db/schema/index.js';
import { md5Hex } from '../../shared/passwords.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';

// the app's clock, fixed
const clock = fixedClock('2026-03-10T02:00:00Z');
let t: TestApp;
let admin: string;
let otherId: string;
let templateId: string;
let lotId: string;

function staff(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { authorization: admin }, ...(payload ? { payload } : {}) });
}
function phone(method: 'GET' | 'POST', url: string, token: string | null, payload?: object, tenant = 'demo') {
  // a page's tenant reaches the API as the account cookie
  return t.app.inject({ method, url, cookies: { account: tenant }, headers: token ? { 'x-merchant-token': token } : {}, ...(payload ? { payload } : {}) });
}
const signInAs = async (account: string, password: string) => (await phone('POST', '/api/open/merchant/sign-in', null, { account, password: md5Hex(password) })).json();
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

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  admin = await signIn(t.app);
  lotId = (await staff('POST', '/api/system/Parking', { type: 1, kind: 'lane', totalSpaces: 100, name: '步行街' })).json().data.id;
  await staff('POST', '/api/system/Merchant', merchant('奶茶店', 'milktea', lotId));
  otherId = (await staff('POST', '/api/system/Merchant', merchant('书店', 'books', lotId))).json().data.id;
  templateId = (await staff('POST', '/api/system/CouponTemplate', { name: '停车1小时', kind: 'minutes', minutes: 60, price: 300, validHours: 24, beforeEntry: true })).json().data.id;
});
afterAll(() => t.close());

describe('the merchant phone page', () => {
  it('signs in with the account and password the operator set, and refuses a wrong one', async () => {
    expect(await signInAs('milktea', 'wrong1')).toMatchObject({ code: 400, msg: '账号或密码错误' });
    expect(await signInAs('nobody', 'shop123')).toMatchObject({ code: 400, msg: '账号或密码错误' });
    const session = await signInAs('milktea', 'shop123');
    expect(session).toMatchObject({ code: 200, data: { merchantName: '奶茶店', expiresIn: 7 * 86_400 } });
    // a staff token is no merchant token, and a merchant token opens no staff route
    expect((await phone('GET', '/api/open/merchant/me', admin)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/system/Merchant', headers: { authorization: session.data.token } })).statusCode).toBe(401);
  });

  it('issues to a plate from its own balance, lists and revokes only its own coupons', async () => {
    const token = (await signInAs('milktea', 'shop123')).data.token as string;
    const me = (await phone('GET', '/api/open/merchant/me', token)).json().data;
    expect(me).toMatchObject({
      name: '奶茶店',
      settlement: 'prepaid',
      balance: 0,
      overdraftLimit: 1000,
      lotNames: ['步行街'],
      options: [{ id: templateId, name: '停车1小时', benefitText: '减1小时', price: 300 }],
    });

    const issued = await phone('POST', '/api/open/merchant/coupons', token, { templateId, plateNumber: '粤b88888' });
    expect(issued.json()).toMatchObject({ msg: '发券成功', data: { plateNumber: '粤B88888', state: 'unused', price: 300 } });
    expect(Object.keys(issued.json().data)).not.toContain('merchantId');
    expect((await phone('GET', '/api/open/merchant/me', token)).json().data).toMatchObject({ balance: -300, issuedToday: 1 });
    // the log names the merchant, not a staff member
    const log = (await staff('GET', '/api/system/log?target=coupon')).json().data.list[0];
    expect(log.account).toBe('商户(milktea)');

    // the bookshop sees none of it and cannot revoke it
    const books = (await signInAs('books', 'shop123')).data.token as string;
    expect((await phone('GET', '/api/open/merchant/coupons', books)).json().data.list).toEqual([]);
    expect((await phone('POST', `/api/open/merchant/coupons/${issued.json().data.id}/revoke`, books, { reason: '误发' })).statusCode).toBe(404);

    const mine = (await phone('GET', '/api/open/merchant/coupons?state=unused', token)).json().data;
    expect(mine.list.map((c: { plateNumber: string }) => c.plateNumber)).toEqual(['粤B88888']);
    const revoked = await phone('POST', `/api/open/merchant/coupons/${issued.json().data.id}/revoke`, token, { reason: '顾客未到店' });
    expect(revoked.json()).toMatchObject({ msg: '作废成功', data: { state: 'revoked', revokeReason: '顾客未到店' } });
    expect((await phone('GET', '/api/open/merchant/me', token)).json().data.balance).toBe(0);
  });

  it('ends the session when the operator disables the merchant or resets its password, and the token of one tenant opens nothing in another', async () => {
    const token = (await signInAs('books', 'shop123')).data.token as string;
    expect((await phone('GET', '/api/open/merchant/me', token, undefined, 'mw')).statusCode).toBe(401);
    const current = (await staff('GET', `/api/system/Merchant/${otherId}`)).json().data;
    await staff('PUT', `/api/system/Merchant/${otherId}`, { ...current, password: md5Hex('newpass1') });
    expect((await phone('GET', '/api/open/merchant/me', token)).json().msg).toBe('已退出登录，请重新登录');
    const again = (await signInAs('books', 'newpass1')).data.token as string;
    await staff('PUT', `/api/system/Merchant/${otherId}`, { ...current, password: '', enabled: false });
    const refused = await phone('GET', '/api/open/merchant/me', again);
    expect([refused.statusCode, refused.json().msg]).toEqual([401, '该商户已停用，请联系停车场运营方']);
    expect(await signInAs('books', 'newpass1')).toMatchObject({ msg: '该商户已停用，请联系停车场运营方' });
  });

  it("shows each coupon's 备注, and its own month's report: per day, totals and, for 后付, the bill; never another merchant's", async () => {
    await staff('POST', '/api/system/Merchant', { ...merchant('面包房', 'bakery', lotId), settlement: 'postpaid', overdraftLimit: 0 });
    const bakery = (await signInAs('bakery', 'shop123')).data.token as string;
    const milktea = (await signInAs('milktea', 'shop123')).data.token as string;
    const first = (await phone('POST', '/api/open/merchant/coupons', bakery, { templateId, plateNumber: '粤B66666', remark: '会员张先生' })).json().data;
    await phone('POST', '/api/open/merchant/coupons', bakery, { templateId, plateNumber: '粤B77777' });
    expect(first.remark).toBe('会员张先生');
    const listed = (await phone('GET', '/api/open/merchant/coupons', bakery)).json().data.list as { plateNumber: string; remark: string }[];
    expect(listed.map((c) => [c.plateNumber, c.remark])).toEqual([
      ['粤B77777', ''],
      ['粤B66666', '会员张先生'],
    ]);
    // the car left on the 12th (Shanghai) and the coupon took 2.50 off: the exit's own use of it is coupon.service.test's
    await t.database.db
      .update(coupons)
      .set({ state: 'used', usedAt: new Date('2026-03-12T03:00:00Z'), discount: 250 })
      .where(eq(coupons.id, first.id));

    const report = await phone('GET', '/api/open/merchant/report?month=2026-03', bakery);
    expect(report.json().data).toEqual({
      month: '2026-03',
      settlement: 'postpaid',
      days: [
        { day: '2026-03-10', issued: 2, issuedAmount: 600, used: 0, discount: 0 },
        { day: '2026-03-12', issued: 0, issuedAmount: 0, used: 1, discount: 250 },
      ],
      total: { issued: 2, issuedAmount: 600, used: 1, discount: 250 },
      billAmount: 300,
    });
    expect((await phone('GET', '/api/open/merchant/report?month=2026-02', bakery)).json().data).toMatchObject({ days: [], total: { issued: 0, used: 0 }, billAmount: 0 });

    // the tea shop (预付, its only coupon revoked) sees none of the bakery's, and has no bill
    expect((await phone('GET', '/api/open/merchant/report?month=2026-03', milktea)).json().data).toMatchObject({ settlement: 'prepaid', days: [], billAmount: null });
    // it cannot name the bakery either: the report is always the signed-in merchant's
    const bakeryId = (await staff('GET', '/api/system/Merchant?name=面包房')).json().data.list[0].id as string;
    const named = await phone('GET', `/api/open/merchant/report?month=2026-03&merchantId=${bakeryId}`, milktea);
    expect(named.statusCode).toBe(400);
    expect(JSON.stringify(named.json())).not.toContain('600');

    const stranger = await phone('GET', '/api/open/merchant/report?month=2026-03', null);
    expect([stranger.statusCode, stranger.json().msg]).toEqual([401, '请先登录']);
    expect((await phone('GET', '/api/open/merchant/report?month=2026-03', admin)).statusCode).toBe(401);
    const badMonth = await phone('GET', '/api/open/merchant/report?month=2026-3', bakery);
    expect([badMonth.statusCode, badMonth.json().msg]).toEqual([400, '查询参数 month：月份格式应为 YYYY-MM']);
  });
});
