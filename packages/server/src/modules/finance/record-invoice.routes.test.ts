import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePaths, type Invoice, type RecordInvoice, type RecordInvoices } from '@parking/contract';
import { invoicePayments, operationLogs, parkingLots, parkingRecords, payments, systemMessages, tenants } from '../../db/schema/index.js';
import { appSecret } from '../../shared/app-secret.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';
import { signRecordToken } from '../parking/scan-token.js';
import { sandboxInvoiceProvider } from './invoice-sandbox-provider.js';

const clock = fixedClock('2026-03-10T02:00:00Z');
const creditCode = '91350100M000100Y43';
let t: TestApp;
let demoId: string;
let mwId: string;
let lotId: string;
let admin: string;
let secret: string;
let sequence = 0;

type Answer<T = unknown> = { code: number; msg: string; data: T };
const withId = (path: string, id: string) => path.replace(':id', id);
// each call from its own address: the public routes are rate-limited per address
const address = () => `10.8.${Math.floor(sequence / 200)}.${(sequence += 1) % 200}`;
const tokenOf = (recordId: string, tenant = demoId, at = clock.now()) => signRecordToken(secret, { id: recordId, tenant, lane: null }, at, 30 * 60_000);
const buyer = { buyerType: 'personal', buyerTitle: '李四', email: 'li@example.com' };

const ask = async <T = RecordInvoice>(o: string, body: object = buyer) => {
  const response = await t.app.inject({ method: 'POST', url: invoicePaths.record, remoteAddress: address(), payload: { o, ...body } });
  return { status: response.statusCode, body: response.json<Answer<T>>() };
};
const look = async (o: string) => {
  const response = await t.app.inject({ method: 'GET', url: `${invoicePaths.record}?o=${encodeURIComponent(o)}`, remoteAddress: address() });
  return { status: response.statusCode, body: response.json<Answer<RecordInvoices>>() };
};
const pdfOf = (o: string, id: string) => t.app.inject({ method: 'GET', url: `${withId(invoicePaths.recordPdf, id)}?o=${encodeURIComponent(o)}`, remoteAddress: address() });
const kaipiaoCount = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/system/systemMessage/getCount?status=0', headers: { authorization: admin } })).json<Answer<{ kaipiaoCount: number }>>().data.kaipiaoCount;

/** a stay of the demo tenant and its payments (fen, channel); none makes it unpaid */
const stay = async (paid: { amount: number; channel?: 'wechat' | 'cash' | 'sandbox' }[] = [{ amount: 1200 }]) => {
  sequence += 1;
  const total = paid.reduce((sum, p) => sum + p.amount, 0);
  const [record] = await t.database.db
    .insert(parkingRecords)
    .values({
      tenantId: demoId,
      lotId,
      plateNumber: `粤D${String(sequence).padStart(4, '0')}K`,
      enteredAt: new Date('2026-03-08T01:00:00Z'),
      exitedAt: new Date('2026-03-08T05:00:00Z'),
      state: total > 0 ? 'paid' : 'awaiting_payment',
      amountDue: total > 0 ? total : 1000,
      paid: total,
      unpaid: total > 0 ? 0 : 1000,
    })
    .returning();
  const paymentIds: string[] = [];
  for (const p of paid) {
    sequence += 1;
    const [row] = await t.database.db
      .insert(payments)
      .values({
        tenantId: demoId,
        recordId: record!.id,
        channel: p.channel ?? 'wechat',
        amount: p.amount,
        idempotencyKey: `record-invoice-${sequence}`,
        paidAt: new Date('2026-03-08T05:01:00Z'),
      })
      .returning();
    paymentIds.push(row!.id);
  }
  return { recordId: record!.id, plateNumber: record!.plateNumber, paymentIds, o: tokenOf(record!.id) };
};

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, invoices: { provider: sandboxInvoiceProvider({ delayMs: 30_000 }), mail: { send: async () => undefined } } });
  admin = await signIn(t.app);
  const db = t.database.db;
  demoId = (await db.select().from(tenants).where(eq(tenants.code, 'demo')))[0]!.id;
  mwId = (await db.select().from(tenants).where(eq(tenants.code, 'mw')))[0]!.id;
  secret = await appSecret(db, 'qr');
  lotId = (await db.insert(parkingLots).values({ tenantId: demoId, name: '订单开票停车场', type: 1, kind: 'lane', totalSpaces: 10, freeCount: 10 }).returning())[0]!.id;
});
afterAll(() => t.close());

describe("the driver's order page asks for an e-invoice", () => {
  it("invoices the record's paid online payments as one request, the same type 9 message as an owner's, and answers a double submit with the same invoice", async () => {
    const { o, recordId, plateNumber, paymentIds } = await stay([{ amount: 800 }, { amount: 400, channel: 'sandbox' }, { amount: 500, channel: 'cash' }]);
    expect((await look(o)).body.data).toEqual({ invoiceable: 1200, invoices: [] });
    const before = await kaipiaoCount();

    const answer = await ask(o, { buyerType: 'company', buyerTitle: '某某科技有限公司', taxNumber: creditCode.toLowerCase(), email: 'fp@example.com' });
    expect(answer.body.code, answer.body.msg).toBe(200);
    expect(answer.body.msg).toBe('开票申请已提交');
    expect(answer.body.data).toMatchObject({ state: 'pending', amount: 1200, buyerType: 'company', buyerTitle: '某某科技有限公司', invoiceNo: null, hasPdf: false });
    expect(await kaipiaoCount()).toBe(before + 1);
    const [message] = await t.database.db.select().from(systemMessages).where(eq(systemMessages.businessId, answer.body.data.id));
    expect(message).toMatchObject({ messageType: 9, messageName: '开票申请', status: 0, messageText: `订单 ${plateNumber} 申请开票：某某科技有限公司（单位）12.00 元` });
    // the cash payment is not the phone's to invoice
    const held = await t.database.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, answer.body.data.id));
    expect(held.map((h) => h.paymentId).sort()).toEqual(paymentIds.slice(0, 2).sort());
    const [log] = await t.database.db.select().from(operationLogs).where(eq(operationLogs.targetId, answer.body.data.id));
    expect(log).toMatchObject({ account: `订单 ${plateNumber}`, summary: `订单 ${plateNumber} 申请开票「某某科技有限公司」12.00 元` });

    // staff see it in 开票记录 with the stay's plate, no owner
    const staffView = await t.app.inject({ method: 'GET', url: withId(invoicePaths.item, answer.body.data.id), headers: { authorization: admin } });
    expect(staffView.json<Answer<Invoice>>().data).toMatchObject({ phone: '', taxNumber: creditCode, email: 'fp@example.com', lotName: '订单开票停车场' });
    expect(staffView.json<Answer<Invoice>>().data.items.map((i) => i.recordId)).toEqual([recordId, recordId]);

    // the page now shows it; a second tap of the same form is the same request
    expect((await look(o)).body.data).toEqual({ invoiceable: 0, invoices: [answer.body.data] });
    const again = await ask(o, { buyerType: 'company', buyerTitle: '某某科技有限公司', taxNumber: creditCode, email: 'fp@example.com' });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(answer.body.data.id);
    expect(await kaipiaoCount()).toBe(before + 1);
  });

  it('two submits at once make one invoice and one message', async () => {
    const { o } = await stay([{ amount: 600 }]);
    const before = await kaipiaoCount();
    const [first, second] = await Promise.all([ask(o), ask(o)]);
    expect([first.status, second.status], `${first.body.msg} ${second.body.msg}`).toEqual([200, 200]);
    expect(first.body.data.id).toBe(second.body.data.id);
    expect(await kaipiaoCount()).toBe(before + 1);
  });

  it('refuses an unpaid stay, a cash-only stay, and a stay already invoiced under another title', async () => {
    const unpaid = await stay([]);
    const refused = await ask(unpaid.o);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('本订单没有可开票的支付（未支付、已全额退款或已开票）');
    expect((await look(unpaid.o)).body.data).toEqual({ invoiceable: 0, invoices: [] });

    const cash = await stay([{ amount: 500, channel: 'cash' }]);
    expect((await ask(cash.o)).status).toBe(409);

    const invoiced = await stay([{ amount: 700 }]);
    expect((await ask(invoiced.o)).status).toBe(200);
    const other = await ask(invoiced.o, { ...buyer, buyerTitle: '王五' });
    expect(other.status).toBe(409);
    expect(other.body.msg).toBe('本订单没有可开票的支付（未支付、已全额退款或已开票）');
  });

  it("takes the record from the token alone: a body naming payments is refused, and another record's invoice is not found", async () => {
    const mine = await stay([{ amount: 300 }]);
    const theirs = await stay([{ amount: 900 }]);
    const named = await ask(mine.o, { ...buyer, paymentIds: theirs.paymentIds });
    expect(named.status).toBe(400);
    const sneaked = await ask(mine.o, { ...buyer, tenantId: mwId });
    expect(sneaked.status).toBe(400);
    const theirInvoice = (await ask(theirs.o)).body.data;
    // asking on my page invoices only my payment; theirs stays theirs
    const mineInvoice = (await ask(mine.o)).body.data;
    expect(mineInvoice.amount).toBe(300);
    expect((await look(mine.o)).body.data.invoices.map((i) => i.id)).toEqual([mineInvoice.id]);
    const foreign = await pdfOf(mine.o, theirInvoice.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toBe('开票记录不存在');
  });

  it('refuses a token of another tenant, a forged or expired token', async () => {
    const { recordId, o } = await stay([{ amount: 400 }]);
    const otherTenant = await ask(tokenOf(recordId, mwId));
    expect(otherTenant.status).toBe(404);
    expect(otherTenant.body.msg).toBe('订单不存在或已结束，请重新扫码');
    const forged = await ask(`${o.slice(0, -2)}xx`);
    expect(forged.status).toBe(400);
    expect(forged.body.msg).toBe('二维码无效或已被篡改，请重新扫码');
    const expired = await ask(tokenOf(recordId, demoId, new Date(clock.now().getTime() - 3_600_000)));
    expect(expired.status).toBe(400);
    expect(expired.body.msg).toBe('订单二维码已过期，请重新扫码');
    expect((await look(tokenOf(recordId, mwId))).status).toBe(404);
  });

  it('says in Chinese what is wrong with the form', async () => {
    const { o } = await stay([{ amount: 400 }]);
    const cases: [object, string][] = [
      [{ ...buyer, buyerType: 'company', buyerTitle: '某公司', taxNumber: '123' }, '纳税人识别号应为18位统一社会信用代码（数字和大写字母，校验位正确）'],
      [{ ...buyer, buyerType: 'company', buyerTitle: '某公司' }, '纳税人识别号应为18位统一社会信用代码（数字和大写字母，校验位正确）'],
      [{ ...buyer, email: 'not-an-email' }, '邮箱'],
      [{ ...buyer, buyerTitle: '  ' }, '请填写发票抬头'],
      [{ ...buyer, buyerType: 'other' }, '抬头类型只能是个人或单位'],
    ];
    for (const [body, words] of cases) {
      const refused = await ask(o, body);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain(words);
    }
    const noToken = await t.app.inject({ method: 'POST', url: invoicePaths.record, remoteAddress: address(), payload: buyer });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().msg).toContain('缺少订单参数');
    expect((await look(o)).body.data.invoices).toEqual([]);
  });

  it('shows the state as staff move it, and the issued PDF downloads with the token', async () => {
    const { o } = await stay([{ amount: 1500 }]);
    const invoice = (await ask(o)).body.data;
    const early = await pdfOf(o, invoice.id);
    expect(early.statusCode).toBe(400);
    expect(early.json().msg).toBe('发票尚未开具，暂无PDF');

    await t.app.inject({ method: 'POST', url: withId(invoicePaths.issue, invoice.id), headers: { authorization: admin } });
    expect((await look(o)).body.data.invoices[0]!.state).toBe('issuing');
    clock.advance(30_000);
    await t.app.inject({ method: 'POST', url: withId(invoicePaths.query, invoice.id), headers: { authorization: admin } });
    const shown = (await look(o)).body.data.invoices[0]!;
    expect(shown).toMatchObject({ state: 'issued', hasPdf: true });
    expect(shown.invoiceNo).toMatch(/^\d{20}$/);
    const pdf = await pdfOf(o, invoice.id);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // the driver's page never learns the payments' ids
    const [paymentId] = (await t.database.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id))).map((h) => h.paymentId);
    expect(JSON.stringify((await look(o)).body.data)).not.toContain(paymentId);
  });
});
