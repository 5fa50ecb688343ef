import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appealPaths, invoicePaths, ownerPaths, ownerTokenHeader, refundPaths, type Invoice, type InvoiceablePayment } from '@parking/contract';
import { customerVehicles, invoicePayments, operationLogs, parkingLots, parkingRecords, payments, sandboxInvoiceOrders, systemMessages, tenants } from '../../db/schema/index.js';
import type { SmsSender } from '../auth/index.js';
import { md5Hex } from '../auth/passwords.js';
import { buildTestApp, fixedClock, multipartFile, sampleImages, signIn, type TestApp } from '../../test/test-app.js';
import { xlsxRows } from '../../test/xlsx-rows.js';
import type { InvoiceMailSender } from './invoice-provider.js';
import { sandboxInvoiceProvider } from './invoice-sandbox-provider.js';

// the app's clock, fixed: the sandbox platform answers 开票中 until its delay has passed on it
const clock = fixedClock('2026-03-10T02:00:00Z');
const delayMs = 30_000;
const sent: { mobile: string; code: string }[] = [];
const capturingSender: SmsSender = { name: 'test', send: async (message) => void sent.push(message) };
const mails: { to: string; subject: string; attachment: { name: string; bytes: Buffer } }[] = [];
const capturingMail: InvoiceMailSender = { send: async (mail) => void mails.push(mail) };
const creditCode = '91350100M000100Y43';
let t: TestApp;
let demoId: string;
let lots: { north: string; south: string };
let admin: string;
let reviewer: string;
let mwAdmin: string;
let sequence = 0;

type Answer<T = unknown> = { code: number; msg: string; data: T };
const withId = (path: string, id: string) => path.replace(':id', id);
const addressOf = new Map<string, string>();
const staff = async <T = Invoice>(method: 'GET' | 'POST', url: string, token = admin, payload?: object) => {
  const response = await t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json<Answer<T>>() };
};
const owned = async <T = Invoice>(method: 'GET' | 'POST', url: string, owner: string, payload?: object) => {
  const response = await t.app.inject({ method, url, remoteAddress: addressOf.get(owner), headers: { [ownerTokenHeader]: owner }, ...(payload ? { payload } : {}) });
  const json = response.headers['content-type']?.toString().startsWith('application/json');
  return { status: response.statusCode, body: (json ? response.json<Answer<T>>() : {}) as Answer<T>, raw: response };
};
const kaipiaoCount = async () => (await staff<{ kaipiaoCount: number }>('GET', '/api/system/systemMessage/getCount?status=0')).body.data.kaipiaoCount;

const signInOwner = async (phone: string) => {
  clock.advance(61_000);
  const remoteAddress = `10.9.${Math.floor(sequence / 200)}.${sequence % 200}`;
  await t.app.inject({ method: 'POST', url: ownerPaths.smsCode, remoteAddress, payload: { phone } });
  const code = [...sent].reverse().find((m) => m.mobile === phone)!.code;
  const signedIn = (await t.app.inject({ method: 'POST', url: ownerPaths.signIn, remoteAddress, payload: { phone, code } })).json();
  expect(signedIn.code, signedIn.msg).toBe(200);
  addressOf.set(signedIn.data.token, remoteAddress);
  return signedIn.data.token as string;
};

/** a fresh owner with one verified plate */
const newOwner = async () => {
  sequence += 1;
  const phone = `1372222${String(sequence).padStart(4, '0')}`;
  const plate = `粤C${String(sequence).padStart(4, '0')}F`;
  const owner = await signInOwner(phone);
  const bound = (await owned('POST', ownerPaths.vehicles, owner, { plateNumber: plate })).body;
  expect(bound.code, bound.msg).toBe(200);
  await t.database.db.update(customerVehicles).set({ state: 'verified' }).where(eq(customerVehicles.plateNumber, plate));
  return { owner, phone, plate };
};

/** a paid stay of the plate: the record and one payment of `amount` fen */
const paidStay = async (plate: string, amount: number, lotId = lots.north) => {
  sequence += 1;
  const [record] = await t.database.db
    .insert(parkingRecords)
    .values({
      tenantId: demoId,
      lotId,
      plateNumber: plate,
      enteredAt: new Date('2026-03-08T01:00:00Z'),
      exitedAt: new Date('2026-03-08T05:00:00Z'),
      state: 'paid',
      amountDue: amount,
      paid: amount,
      unpaid: 0,
    })
    .returning();
  const [payment] = await t.database.db
    .insert(payments)
    .values({ tenantId: demoId, recordId: record!.id, channel: 'wechat', amount, idempotencyKey: `invoice-test-${sequence}`, paidAt: new Date('2026-03-08T05:01:00Z') })
    .returning();
  return payment!.id;
};

const request = (owner: string, paymentIds: string[], body: object = {}) =>
  owned('POST', invoicePaths.owner, owner, { paymentIds, buyerType: 'personal', buyerTitle: '张三', email: 'zhang@example.com', ...body });

/** an owner's request for one paid payment, answered 待开票 */
const requested = async (amount = 1200, body: object = {}) => {
  const who = await newOwner();
  const paymentId = await paidStay(who.plate, amount);
  const answer = (await request(who.owner, [paymentId], body)).body;
  expect(answer.code, answer.msg).toBe(200);
  return { ...who, paymentId, invoice: answer.data };
};

/** 开票 by staff, then the platform's answer once its delay is over */
const issued = async (id: string) => {
  expect((await staff('POST', withId(invoicePaths.issue, id))).body.data.state).toBe('issuing');
  clock.advance(delayMs);
  const answer = (await staff('POST', withId(invoicePaths.query, id))).body;
  expect(answer.data.state, answer.data.cause).toBe('issued');
  return answer.data;
};

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, smsSender: capturingSender, invoices: { provider: sandboxInvoiceProvider({ delayMs }), mail: capturingMail } });
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  // a second user of the tenant who decides refunds on 退款 but does not hold 开票记录
  const menus = (await staff<{ enCode: string; id: string; children: { enCode: string; id: string }[] }[]>('GET', '/api/system/Permission/Menu')).body.data;
  const page = (enCode: string) => menus.flatMap((m) => m.children).find((m) => m.enCode === enCode)!.id;
  const role = (await staff<{ id: string }>('POST', '/api/system/Permission/Role', admin, { name: '退款审核员', code: 'refundReviewer' })).body.data;
  await t.app.inject({ method: 'PUT', url: `/api/system/Permission/Role/${role.id}/Menus`, headers: { authorization: admin }, payload: { menuIds: [page('refund')] } });
  await staff('POST', '/api/system/Permission/Users', admin, { account: 'refunder2', realName: '退款审核员乙', password: md5Hex('x1y2z3'), roleIds: [role.id] });
  reviewer = await signIn(t.app, 'refunder2', 'demo', md5Hex('x1y2z3'));
  const db = t.database.db;
  demoId = (await db.select().from(tenants).where(eq(tenants.code, 'demo')))[0]!.id;
  const lot = async (name: string) => (await db.insert(parkingLots).values({ tenantId: demoId, name, type: 1, kind: 'lane', totalSpaces: 10, freeCount: 10 }).returning())[0]!.id;
  lots = { north: await lot('开票北区停车场'), south: await lot('开票南区停车场') };
});
afterAll(() => t.close());

describe('a driver asks for an invoice', () => {
  it('lists the paid, not yet invoiced payments, and a request of them is a type 9 message counted in kaipiaoCount', async () => {
    const { owner, plate } = await newOwner();
    const first = await paidStay(plate, 800);
    const second = await paidStay(plate, 700);
    const listed = (await owned<InvoiceablePayment[]>('GET', invoicePaths.ownerPayments, owner)).body.data;
    expect(listed.map((p) => p.paymentId).sort()).toEqual([first, second].sort());
    expect(listed[0]).toMatchObject({ plateNumber: plate, lotName: '开票北区停车场' });

    const before = await kaipiaoCount();
    const answer = (await request(owner, [first, second], { buyerType: 'company', buyerTitle: '某某科技有限公司', taxNumber: creditCode.toLowerCase() })).body;
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data).toMatchObject({ state: 'pending', amount: 1500, buyerType: 'company', taxNumber: creditCode, lotName: '开票北区停车场', hasPdf: false });
    expect(answer.data.items.map((i) => i.amount).sort()).toEqual([700, 800]);
    expect(await kaipiaoCount()).toBe(before + 1);
    const [message] = await t.database.db.select().from(systemMessages).where(eq(systemMessages.businessId, answer.data.id));
    expect(message).toMatchObject({ messageType: 9, messageName: '开票申请', status: 0 });
    // held now: neither listed again nor asked for twice
    expect((await owned<InvoiceablePayment[]>('GET', invoicePaths.ownerPayments, owner)).body.data).toEqual([]);
    const again = await request(owner, [first]);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('所选支付已开票或正在开票，不能重复申请');
    expect((await owned<Invoice[]>('GET', invoicePaths.owner, owner)).body.data.map((i) => i.id)).toEqual([answer.data.id]);
  });

  it('refuses a company without a valid tax number, a bad email, payments of two lots and payments of another driver, naming the field', async () => {
    const { owner, plate } = await newOwner();
    const north = await paidStay(plate, 500);
    const south = await paidStay(plate, 500, lots.south);
    const noTax = await request(owner, [north], { buyerType: 'company', buyerTitle: '某公司', taxNumber: '123' });
    expect(noTax.status).toBe(400);
    expect(noTax.body.msg).toContain('纳税人识别号');
    const badMail = await request(owner, [north], { email: 'not-an-email' });
    expect(badMail.status).toBe(400);
    expect(badMail.body.msg).toContain('邮箱');
    const twoLots = await request(owner, [north, south]);
    expect(twoLots.status).toBe(400);
    expect(twoLots.body.msg).toBe('一张发票只能包含同一停车场的支付，请分别申请');
    const stranger = await newOwner();
    const theirs = await paidStay(stranger.plate, 500);
    const foreign = await request(owner, [theirs]);
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toBe('所选支付记录不存在');
  });
});

describe('staff issue through the sandbox platform', () => {
  it('开票 goes 开票中 until the platform answers, then 已开票 with a real PDF the driver downloads and receives by mail', async () => {
    const { owner, invoice } = await requested(1200, { email: 'driver@example.com' });
    const count = await kaipiaoCount();
    const issuing = (await staff('POST', withId(invoicePaths.issue, invoice.id))).body;
    expect(issuing.data).toMatchObject({ state: 'issuing', provider: 'sandbox' });
    // the request's message leaves the bell once staff act on it
    expect(await kaipiaoCount()).toBe(count - 1);
    expect((await staff('POST', withId(invoicePaths.query, invoice.id))).body.data.state).toBe('issuing');
    clock.advance(delayMs);
    const done = (await staff('POST', withId(invoicePaths.query, invoice.id))).body.data;
    expect(done).toMatchObject({ state: 'issued', hasPdf: true });
    expect(done.invoiceNo).toMatch(/^\d{20}$/);

    const pdf = await owned('GET', withId(invoicePaths.ownerPdf, invoice.id), owner);
    expect(pdf.raw.statusCode).toBe(200);
    expect(pdf.raw.headers['content-type']).toBe('application/pdf');
    expect(pdf.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // the Chinese text is drawn with an embedded CJK font subset
    expect(pdf.raw.rawPayload.toString('latin1')).toContain('WenQuanYiMicroHei');
    expect(mails.find((m) => m.to === 'driver@example.com')).toMatchObject({ subject: `电子发票 ${done.invoiceNo}`, attachment: { name: `发票${done.invoiceNo}.pdf` } });

    // another driver, and staff of another tenant, find nothing
    const stranger = await newOwner();
    expect((await owned('GET', withId(invoicePaths.ownerPdf, invoice.id), stranger.owner)).status).toBe(404);
    expect((await staff('GET', withId(invoicePaths.item, invoice.id), mwAdmin)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: withId(invoicePaths.pdf, invoice.id), headers: { authorization: admin } })).statusCode).toBe(200);
  });

  it("the platform's callback names the order and the result is asked of the platform", async () => {
    const { invoice } = await requested(700);
    await staff('POST', withId(invoicePaths.issue, invoice.id));
    clock.advance(delayMs);
    const unknown = await t.app.inject({ method: 'POST', url: invoicePaths.notify, payload: { orderNo: 'FP2026NOSUCHORDER0000' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('开票流水号不存在');
    const notified = await t.app.inject({ method: 'POST', url: invoicePaths.notify, payload: { orderNo: invoice.orderNo } });
    expect(notified.json()).toMatchObject({ code: 200, msg: '已接收' });
    expect((await staff('GET', withId(invoicePaths.item, invoice.id))).body.data).toMatchObject({ state: 'issued', hasPdf: true });
  });

  it('a second submit of the same order no is the same invoice at the platform', async () => {
    const { invoice } = await requested();
    await staff('POST', withId(invoicePaths.issue, invoice.id));
    const provider = sandboxInvoiceProvider({ delayMs });
    const submission = { orderNo: invoice.orderNo, seller: { name: 'x' }, buyer: { type: 'personal' as const, title: '张三', taxNumber: '', email: 'a@b.cn' }, items: [], amount: 1200 };
    await provider.submit(submission, clock.now(), t.database.db);
    const rows = await t.database.db.select().from(sandboxInvoiceOrders).where(eq(sandboxInvoiceOrders.orderNo, invoice.orderNo));
    expect(rows).toHaveLength(1);
    // 开票 again while 开票中 is refused with the state
    const twice = await staff('POST', withId(invoicePaths.issue, invoice.id));
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('只有待开票或开票失败的发票可以开票（当前状态：开票中）');
  });

  it('开票失败 carries the cause and a retry goes back to the platform under the same order no', async () => {
    const { invoice } = await requested(600, { buyerTitle: '测试失败公司' });
    await staff('POST', withId(invoicePaths.issue, invoice.id));
    clock.advance(delayMs);
    const failed = (await staff('POST', withId(invoicePaths.query, invoice.id))).body.data;
    expect(failed).toMatchObject({ state: 'failed', cause: '购买方名称未通过税务校验（沙箱模拟失败）', hasPdf: false });
    const retried = (await staff('POST', withId(invoicePaths.issue, invoice.id))).body.data;
    expect(retried).toMatchObject({ state: 'issuing', orderNo: invoice.orderNo, cause: '' });
    const [log] = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.targetId, invoice.id), eq(operationLogs.summary, '重试开票「测试失败公司」6.00 元')));
    expect(log).toBeDefined();
  });

  it('without a CJK font the platform fails with the cause instead of drawing boxes', async () => {
    const provider = sandboxInvoiceProvider({ delayMs: 0, findFont: () => undefined });
    const submission = {
      orderNo: `NOFONT${sequence}`,
      seller: { name: '演示' },
      buyer: { type: 'personal' as const, title: '张三', taxNumber: '', email: 'a@b.cn' },
      items: [],
      amount: 100,
    };
    await provider.submit(submission, clock.now(), t.database.db);
    expect(await provider.query(submission.orderNo, clock.now(), t.database.db)).toEqual({
      state: 'failed',
      cause: '服务器缺少中文字体，无法生成发票PDF：请安装 fonts-wqy-microhei 或以 INVOICE_FONT 指定字体文件后重试',
    });
  });

  it('staff issue by uploading a PDF; anything else is refused', async () => {
    const { owner, invoice } = await requested();
    const png = multipartFile(sampleImages.png, { filename: 'a.png' });
    const refused = await t.app.inject({ method: 'POST', url: withId(invoicePaths.upload, invoice.id), headers: { authorization: admin, ...png.headers }, payload: png.payload });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('只能上传PDF格式的发票');
    const bytes = Buffer.from('%PDF-1.4\n% staff upload\n%%EOF\n');
    const pdf = multipartFile(bytes, { filename: 'fp.pdf', contentType: 'application/pdf' });
    // the number the paper carries comes with it
    const unnumbered = await t.app.inject({ method: 'POST', url: withId(invoicePaths.upload, invoice.id), headers: { authorization: admin, ...pdf.headers }, payload: pdf.payload });
    expect(unnumbered.statusCode).toBe(400);
    expect(unnumbered.json().msg).toBe('请填写发票号码');
    const numbered = multipartFile(bytes, { filename: 'fp.pdf', contentType: 'application/pdf' });
    const boundary = numbered.headers['content-type'].split('boundary=')[1]!;
    const fields = Object.entries({ invoiceNo: '26440000000000009876', issuedOn: '2026-03-10' })
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: withId(invoicePaths.upload, invoice.id),
      headers: { authorization: admin, ...numbered.headers },
      payload: Buffer.concat([Buffer.from(fields), numbered.payload]),
    });
    expect(uploaded.json().data).toMatchObject({ state: 'issued', provider: 'upload', hasPdf: true, invoiceNo: '26440000000000009876', invoiceCode: '' });
    expect((await owned<Invoice[]>('GET', invoicePaths.owner, owner)).body.data[0]).toMatchObject({ invoiceNo: '26440000000000009876' });
    expect((await owned('GET', withId(invoicePaths.ownerPdf, invoice.id), owner)).raw.rawPayload).toEqual(bytes);
  });

  it('lists with filters and exports the list', async () => {
    const { phone, invoice } = await requested(900, { buyerTitle: '导出测试单位' });
    const listed = (await staff<{ list: Invoice[]; pagination: { total: number } }>('GET', `${invoicePaths.list}?keyword=${encodeURIComponent('导出测试')}&state=pending`)).body.data;
    expect(listed.list.map((i) => i.id)).toEqual([invoice.id]);
    const none = (await staff<{ list: Invoice[] }>('GET', `${invoicePaths.list}?keyword=${encodeURIComponent('导出测试')}&state=issued`)).body.data;
    expect(none.list).toEqual([]);
    const exported = await t.app.inject({ method: 'GET', url: `${invoicePaths.export}?keyword=${encodeURIComponent('导出测试')}`, headers: { authorization: admin } });
    const rows = await xlsxRows(exported);
    expect(rows[0]).toContain('发票抬头');
    expect(rows[1]).toEqual(expect.arrayContaining(['导出测试单位', '9.00', '待开票', `${phone.slice(0, 3)}****${phone.slice(7)}`]));
    // a user without the 开票记录 page is refused
    expect((await staff('GET', invoicePaths.list, reviewer)).status).toBe(403);
  });
});

describe('a refund of an invoiced payment', () => {
  it('marks the invoice 待红冲; 红冲 reverses it and asks again for what is left', async () => {
    const { owner, paymentId, invoice } = await requested(1000);
    await issued(invoice.id);
    const asked = (await staff<{ id: string }>('POST', refundPaths.list, admin, { paymentId, amount: 400, reason: '多收' })).body;
    expect(asked.code, asked.msg).toBe(200);
    // approved by another user of the tenant: the invoice is marked in the same transaction
    const approved = await staff('POST', withId(refundPaths.approve, asked.data.id), reviewer, {});
    expect(approved.body.code, approved.body.msg).toBe(200);
    const marked = (await staff('GET', withId(invoicePaths.item, invoice.id))).body.data;
    expect(marked.state).toBe('redPending');
    expect(marked.cause).toBe('支付已退款 4.00 元，需红冲后按余额重开');

    const flushed = (await staff('POST', withId(invoicePaths.redFlush, invoice.id))).body.data;
    expect(flushed).toMatchObject({ state: 'redFlushed' });
    const mine = (await owned<Invoice[]>('GET', invoicePaths.owner, owner)).body.data;
    const reissued = mine.find((i) => i.reissueOf === invoice.id)!;
    expect(reissued).toMatchObject({ state: 'pending', amount: 600, buyerTitle: invoice.buyerTitle });
    const holds = await t.database.db.select().from(invoicePayments).where(eq(invoicePayments.paymentId, paymentId));
    expect(holds.filter((h) => h.holds).map((h) => h.invoiceId)).toEqual([reissued.id]);
  });

  it("an appeal upheld with a corrected plate marks the stay's issued invoice 待红冲 as well", async () => {
    const { owner, paymentId, invoice } = await requested(900);
    await issued(invoice.id);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    const filed = (await owned<{ id: string }>('POST', appealPaths.owner, owner, { recordId: payment!.recordId, reason: 'wrong_plate', content: '车牌识别错误' })).body;
    expect(filed.code, filed.msg).toBe(200);
    const decided = (await staff('POST', withId(appealPaths.decide, filed.data.id), admin, { kind: 'plate', plateNumber: '粤C9999F', plateColour: 0 })).body;
    expect(decided.code, decided.msg).toBe(200);
    const marked = (await staff('GET', withId(invoicePaths.item, invoice.id))).body.data;
    expect(marked.state).toBe('redPending');
    expect(marked.cause).toBe('申诉通过（车牌更正为 粤C9999F），需红冲后重开');
  });
});
