import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentPaths, refundPaths } from '@parking/contract';
import { gatewayOrders, operationLogs, parkingLots, parkingRecords, payments, refunds, sandboxCashierOrders, sandboxRefunds, tenants, users } from '../../db/schema/index.js';
import { hashPassword, md5Hex } from '../auth/passwords.js';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { xlsxRows } from '../../test/xlsx-rows.js';

let t: TestApp;
let tokens: { admin: string; auditor: string; nobody: string; mwAdmin: string };
let tenantId: string;
let lotId: string;
let sequence = 0;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { authorization: token, ...headers }, ...(payload ? { payload } : {}) });
const newRecord = async (amountDue: number, plateNumber = `粤P${String(++sequence).padStart(5, '0')}`) => {
  const [row] = await t.database.db.insert(parkingRecords).values({ tenantId, lotId, plateNumber, state: 'awaiting_payment', amountDue, unpaid: amountDue }).returning();
  return row!;
};
const paymentsOf = (recordId: string) => t.database.db.select().from(payments).where(eq(payments.recordId, recordId));
const recordOf = async (id: string) => (await t.database.db.select().from(parkingRecords).where(eq(parkingRecords.id, id)))[0]!;
const pay = (recordId: string, amount: number, idempotencyKey: string, token = tokens.admin) => call('POST', paymentPaths.list, token, { recordId, channel: 'cash', amount, idempotencyKey });
const withId = (path: string, id: string) => path.replace(':id', id);

beforeAll(async () => {
  t = await buildTestApp();
  const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
  tenantId = demo!.id;
  const passwordHash = await hashPassword(md5Hex('admin123'));
  await t.database.db.insert(users).values([
    { tenantId, account: 'auditor', realName: '审核员', passwordHash, isAdministrator: true },
    { tenantId, account: 'nobody', realName: '无权限用户', passwordHash },
  ]);
  tokens = { admin: await signIn(t.app), auditor: await signIn(t.app, 'auditor'), nobody: await signIn(t.app, 'nobody'), mwAdmin: await signIn(t.app, 'mwadmin', 'mw') };
  const [lot] = await t.database.db.insert(parkingLots).values({ tenantId, name: '收款路由停车场', type: 1, kind: 'lane' }).returning();
  lotId = lot!.id;
});
afterAll(() => t.close());

describe('POST /api/system/Payment', () => {
  it('records a payment once for 100 concurrent requests with one Idempotency-Key header', async () => {
    const record = await newRecord(3000);
    const body = { recordId: record.id, channel: 'wechat', amount: 1000, payer: '车主' };
    const responses = await Promise.all(Array.from({ length: 100 }, () => call('POST', paymentPaths.list, tokens.admin, body, { 'idempotency-key': 'route-concurrent-0001' })));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
    const answers = responses.map((r) => r.json());
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    expect(answers.filter((a) => a.msg === '收款成功')).toHaveLength(1);
    expect(answers.filter((a) => a.msg === '该幂等键的收款已登记，返回首次结果')).toHaveLength(99);
    expect(answers[0].data).toMatchObject({ recordId: record.id, plateNumber: record.plateNumber, lotName: '收款路由停车场', channel: 'wechat', amount: 1000, payer: '车主' });
    expect(await paymentsOf(record.id)).toHaveLength(1);
    expect(await recordOf(record.id)).toMatchObject({ paid: 1000, unpaid: 2000 });
    expect(await t.database.db.select().from(operationLogs).where(eq(operationLogs.targetId, answers[0].data.id))).toHaveLength(1);
  });

  it('refuses with 409 a key already used for another payment', async () => {
    const record = await newRecord(3000);
    expect((await pay(record.id, 100, 'route-reuse-0001')).statusCode).toBe(200);
    const reused = await pay(record.id, 200, 'route-reuse-0001');
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 409, msg: '该幂等键已用于另一笔支付（停车记录、渠道或金额不同），请换一个幂等键' });
    expect(await recordOf(record.id)).toMatchObject({ paid: 100 });
  });

  it('refuses bad input with 400 and a Chinese message, writing nothing', async () => {
    const record = await newRecord(500);
    const cases: [object, Record<string, string>, string][] = [
      [{ recordId: record.id, channel: 'cash', amount: 100 }, {}, '请提供幂等键'],
      [{ recordId: record.id, channel: 'cash', amount: 100, idempotencyKey: 'short' }, {}, '幂等键应为8到64位'],
      [{ recordId: record.id, channel: 'cash', amount: 100 }, { 'idempotency-key': 'bad key!' }, '幂等键应为8到64位'],
      [{ recordId: record.id, channel: 'cash', amount: 100, idempotencyKey: 'route-bad-0001' }, { 'idempotency-key': 'route-bad-0002' }, '幂等键不一致'],
      [{ recordId: record.id, channel: 'cash', amount: 0, idempotencyKey: 'route-bad-0003' }, {}, '支付金额必须大于0'],
      [{ recordId: record.id, channel: 'cash', amount: 1.5, idempotencyKey: 'route-bad-0004' }, {}, '支付金额必须是整数'],
      [{ recordId: record.id, channel: 'paypal', amount: 100, idempotencyKey: 'route-bad-0005' }, {}, '支付渠道只能是'],
      [{ recordId: 'not-a-uuid', channel: 'cash', amount: 100, idempotencyKey: 'route-bad-0006' }, {}, '停车记录编号格式不正确'],
      [{ recordId: record.id, channel: 'cash', amount: 501, idempotencyKey: 'route-bad-0007' }, {}, '不能超过待付金额（5.00 元）'],
      [{ recordId: record.id, channel: 'cash', amount: 100, idempotencyKey: 'route-bad-0008', paidAt: 'now' }, {}, ''],
    ];
    for (const [body, headers, msg] of cases) {
      const response = await call('POST', paymentPaths.list, tokens.admin, body, headers);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe(400);
      expect(response.json().msg).toContain(msg);
      expect(response.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await paymentsOf(record.id)).toHaveLength(0);
    expect(await recordOf(record.id)).toMatchObject({ paid: 0, unpaid: 500 });
  });
});

describe('GET /api/system/Payment', () => {
  it('pages payments by record, plate, channel and time, and exports them', async () => {
    const record = await newRecord(900, '粤PLIST01');
    await pay(record.id, 300, 'route-list-0001');
    await call('POST', paymentPaths.list, tokens.admin, { recordId: record.id, channel: 'alipay', amount: 600, idempotencyKey: 'route-list-0002' });
    const byRecord = (await call('GET', `${paymentPaths.list}?recordId=${record.id}`, tokens.admin)).json().data;
    expect(byRecord.pagination).toEqual({ currentPage: 1, pageSize: 10, total: 2 });
    const byPlate = (await call('GET', `${paymentPaths.list}?plateNumber=粤plist01&channel=alipay`, tokens.admin)).json().data;
    expect(byPlate.list.map((p: { amount: number }) => p.amount)).toEqual([600]);
    const future = encodeURIComponent('2099-01-01T00:00:00+08:00');
    expect((await call('GET', `${paymentPaths.list}?recordId=${record.id}&paidFrom=${future}`, tokens.admin)).json().data.pagination.total).toBe(0);
    const backwards = await call('GET', `${paymentPaths.list}?paidFrom=${future}&paidTo=${encodeURIComponent('2020-01-01T00:00:00+08:00')}`, tokens.admin);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().msg).toContain('支付结束时间不能早于开始时间');
    expect((await call('GET', `${paymentPaths.list}?color=red`, tokens.admin)).statusCode).toBe(400);

    const exported = await call('GET', `${paymentPaths.export}?recordId=${record.id}&sidx=amount`, tokens.admin);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const rows = await xlsxRows(exported);
    expect(rows[0]).toEqual(['车牌号', '停车场', '支付渠道', '支付金额（元）', '已退款（元）', '状态', '支付时间', '付款人', '收款人', '幂等键', '备注']);
    expect(rows.slice(1).map((r) => [r[0], r[2], r[3], r[5], r[8]])).toEqual([
      ['粤PLIST01', '现金', '3.00', '成功', '系统管理员'],
      ['粤PLIST01', '支付宝', '6.00', '成功', '系统管理员'],
    ]);

    // a payment reconciliation voided is listed and exported as 已作废, and found by its status
    const alipay = byPlate.list[0] as { id: string };
    await t.database.db.update(payments).set({ status: 'voided' }).where(eq(payments.id, alipay.id));
    const voided = (await call('GET', `${paymentPaths.list}?recordId=${record.id}&status=voided`, tokens.admin)).json().data;
    expect(voided.list.map((p: { id: string; status: string }) => [p.id, p.status])).toEqual([[alipay.id, 'voided']]);
    const voidedRows = await xlsxRows(await call('GET', `${paymentPaths.export}?recordId=${record.id}&status=voided`, tokens.admin));
    expect(voidedRows.slice(1).map((r) => [r[2], r[5]])).toEqual([['支付宝', '已作废']]);
    expect((await call('GET', `${paymentPaths.list}?status=lost`, tokens.admin)).statusCode).toBe(400);
  });
});

describe('refunds through the API', () => {
  it('lets another user approve a refund, never the requester, and lists refunds by status', async () => {
    const record = await newRecord(800);
    const payment = (await pay(record.id, 800, 'route-refund-0001')).json().data;
    const asked = await call('POST', refundPaths.list, tokens.admin, { paymentId: payment.id, amount: 300, reason: '多收费' });
    expect(asked.statusCode).toBe(200);
    const refund = asked.json().data;
    const self = await call('POST', withId(refundPaths.approve, refund.id), tokens.admin, {});
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toBe('不能审核自己申请的退款，请由其他人审核');
    const waiting = (await call('GET', `${refundPaths.list}?status=requested&recordId=${record.id}`, tokens.admin)).json().data;
    expect(waiting.list.map((r: { id: string }) => r.id)).toEqual([refund.id]);
    const approved = await call('POST', withId(refundPaths.approve, refund.id), tokens.auditor, { remark: '核实无误' });
    expect(approved.json()).toMatchObject({ code: 200, data: { status: 'approved', remark: '核实无误', requestedByName: '系统管理员', plateNumber: record.plateNumber } });
    expect(approved.json().data.decidedByName).toEqual(expect.any(String));
    expect(approved.json().data.decidedByName).not.toBe('系统管理员');
    const byPlate = (await call('GET', `${refundPaths.list}?plateNumber=${encodeURIComponent(record.plateNumber.toLowerCase())}`, tokens.admin)).json().data;
    expect(byPlate.list.map((r: { id: string }) => r.id)).toEqual([refund.id]);
    const exported = await xlsxRows(await call('GET', `${refundPaths.export}?recordId=${record.id}`, tokens.admin));
    expect(exported[0]).toEqual(['车牌号', '停车场', '退款金额（元）', '退款原因', '状态', '申请人', '申请时间', '审核人', '审核时间', '审核意见']);
    expect(exported.slice(1).map((r) => [r[0], r[2], r[3], r[4], r[5], r[9]])).toEqual([[record.plateNumber, '3.00', '多收费', '已退款', '系统管理员', '核实无误']]);
    expect(await recordOf(record.id)).toMatchObject({ amountDue: 800, discount: 300, paid: 500, unpaid: 0 });
    expect((await call('GET', withId(paymentPaths.item, payment.id), tokens.admin)).json().data.refunded).toBe(300);
    expect((await call('GET', `${refundPaths.list}?status=requested&recordId=${record.id}`, tokens.admin)).json().data.list).toEqual([]);

    const tooMuch = await call('POST', refundPaths.list, tokens.admin, { paymentId: payment.id, amount: 501, reason: '多收费' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().msg).toContain('不能超过可退金额（5.00 元');
    const noReason = await call('POST', refundPaths.list, tokens.admin, { paymentId: payment.id, amount: 1, reason: ' ' });
    expect(noReason.json()).toMatchObject({ code: 400, msg: expect.stringContaining('请填写退款原因') });
    expect((await call('GET', `${refundPaths.list}?status=done`, tokens.admin)).statusCode).toBe(400);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(1);
  });
});

describe('who may', () => {
  it('gives an online payment’s refund back at the provider on approval, and leaves it 待审核 when the provider refuses', async () => {
    const online = async (no: string, providerState: 'paid' | 'pending') => {
      const record = await newRecord(1000);
      const paid = (await call('POST', paymentPaths.list, tokens.admin, { recordId: record.id, channel: 'sandbox', amount: 1000, idempotencyKey: no })).json().data;
      const at = new Date('2026-05-01T10:00:00+08:00');
      await t.database.db.insert(gatewayOrders).values({
        tenantId,
        gatewayOrderNo: no,
        provider: 'sandbox',
        recordId: record.id,
        amount: 1000,
        amountDue: 1000,
        discount: 0,
        pricedAt: at,
        state: 'paid',
        paymentId: paid.id,
        paidAt: at,
      });
      await t.database.db
        .insert(sandboxCashierOrders)
        .values({ gatewayOrderNo: no, tradeNo: `SBT${no}`, subject: '停车费', amount: 1000, notifyUrl: 'x', returnUrl: 'y', state: providerState, decidedAt: at });
      const refund = (await call('POST', refundPaths.list, tokens.admin, { paymentId: paid.id, amount: 400, reason: '车主投诉' })).json().data;
      return { record, refund };
    };
    const given = await online('SBREFUNDROUTE01', 'paid');
    expect((await call('POST', withId(refundPaths.approve, given.refund.id), tokens.auditor, {})).json()).toMatchObject({ code: 200, data: { status: 'approved' } });
    expect(await t.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.gatewayOrderNo, 'SBREFUNDROUTE01'))).toEqual([
      expect.objectContaining({ refundNo: given.refund.id, amount: 400 }),
    ]);

    const refused = await online('SBREFUNDROUTE02', 'pending');
    expect((await call('POST', withId(refundPaths.approve, refused.refund.id), tokens.auditor, {})).json()).toMatchObject({
      code: 409,
      msg: '渠道退款失败：交易 SBREFUNDROUTE02 不存在或未支付，请稍后重试',
    });
    expect((await call('GET', withId(refundPaths.item, refused.refund.id), tokens.auditor)).json().data).toMatchObject({ status: 'requested' });
    expect(await recordOf(refused.record.id)).toMatchObject({ paid: 1000, discount: 0 });
  });

  it('refuses users without the page with 403 and another tenant with 404, changing nothing', async () => {
    const record = await newRecord(700);
    const payment = (await pay(record.id, 700, 'route-who-0001')).json().data;
    const refund = (await call('POST', refundPaths.list, tokens.admin, { paymentId: payment.id, amount: 100, reason: '测试' })).json().data;
    const writes: [Method, string, object][] = [
      ['POST', paymentPaths.list, { recordId: record.id, channel: 'cash', amount: 1, idempotencyKey: 'route-who-0002' }],
      ['POST', refundPaths.list, { paymentId: payment.id, amount: 1, reason: '入侵' }],
      ['POST', withId(refundPaths.approve, refund.id), {}],
      ['POST', withId(refundPaths.reject, refund.id), {}],
    ];
    const reads = [paymentPaths.list, paymentPaths.export, withId(paymentPaths.item, payment.id), refundPaths.list, withId(refundPaths.item, refund.id)];
    for (const url of reads) expect((await call('GET', url, tokens.nobody)).statusCode, url).toBe(403);
    for (const [method, url, body] of writes) expect((await call(method, url, tokens.nobody, body)).statusCode, url).toBe(403);

    for (const url of [withId(paymentPaths.item, payment.id), withId(refundPaths.item, refund.id)]) expect((await call('GET', url, tokens.mwAdmin)).statusCode, url).toBe(404);
    for (const [method, url, body] of writes) {
      const response = await call(method, url, tokens.mwAdmin, body);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().msg).toMatch(/不存在/);
    }
    const theirs = (await call('GET', `${paymentPaths.list}?recordId=${record.id}`, tokens.mwAdmin)).json().data;
    expect(theirs.pagination.total).toBe(0);
    expect((await call('GET', refundPaths.list, tokens.mwAdmin)).json().data.list).toEqual([]);
    expect(await paymentsOf(record.id)).toHaveLength(1);
    expect(await recordOf(record.id)).toMatchObject({ paid: 700, discount: 0 });
    expect((await t.database.db.select().from(refunds).where(eq(refunds.id, refund.id)))[0]!.status).toBe('requested');
  });
});
