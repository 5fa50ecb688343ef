import { mkdtempSync, readdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePaths, type Invoice, type RecordInvoice, type RecordInvoices } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { invoices, parkingLots, parkingRecords, payments, tenants } from '../../db/schema/index.js';
import { appSecret } from '../../shared/app-secret.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';
import { signRecordToken } from '../parking/scan-token.js';
import type { InvoiceProvider } from './invoice-provider.js';
import { sandboxInvoiceProvider } from './invoice-sandbox-provider.js';

// the app's clock, fixed: 2026-03-10 10:00 in Shanghai
const clock = fixedClock('2026-03-10T02:00:00Z');
const delayMs = 30_000;
// a real DATA_DIR of this file's own: what is stored and deleted is looked at on disk
const dataDir = mkdtempSync(join(tmpdir(), 'invoice-files-'));
const sandbox = sandboxInvoiceProvider({ delayMs });
/** runs once, between the platform's answer and its being applied, when a test sets it */
let beforeApplying: ((via: Db) => Promise<void>) | undefined;
const provider: InvoiceProvider = {
  ...sandbox,
  query: async (orderNo, now, via) => {
    const answer = await sandbox.query(orderNo, now, via);
    const hook = beforeApplying;
    beforeApplying = undefined;
    await hook?.(via);
    return answer;
  },
};
let t: TestApp;
let demoId: string;
let lotId: string;
let admin: string;
let secret: string;
let sequence = 0;

type Answer<T = unknown> = { code: number; msg: string; data: T };
const withId = (path: string, id: string) => path.replace(':id', id);
const address = () => `10.7.${Math.floor(sequence / 200)}.${(sequence += 1) % 200}`;
const files = () => {
  try {
    return readdirSync(join(dataDir, 'invoices', demoId)).sort();
  } catch {
    return [];
  }
};
const fileOf = async (id: string) => (await t.database.db.select().from(invoices).where(eq(invoices.id, id)))[0]!.pdfPath;
const staff = async <T = Invoice>(method: 'GET' | 'POST', url: string) => {
  const response = await t.app.inject({ method, url, headers: { authorization: admin } });
  return { status: response.statusCode, body: response.json<Answer<T>>() };
};
const pdfBytes = (note: string) => Buffer.from(`%PDF-1.4\n% ${note}\n%%EOF\n`);

/** A multipart body as the console's upload form sends it: the typed fields, then the PDF. */
const form = (fields: Record<string, string>, file: Buffer) => {
  const boundary = `----invoice${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fp.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(parts.join('')), Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};
const upload = async (id: string, fields: Record<string, string>, file = pdfBytes('upload')) => {
  const body = form(fields, file);
  const response = await t.app.inject({ method: 'POST', url: withId(invoicePaths.upload, id), headers: { authorization: admin, ...body.headers }, payload: body.payload });
  return { status: response.statusCode, body: response.json<Answer<Invoice>>() };
};
const staffPdf = async (id: string) => (await t.app.inject({ method: 'GET', url: withId(invoicePaths.pdf, id), headers: { authorization: admin } })).rawPayload;

/** a paid stay asked for on its order page: its token and the 待开票 invoice */
const requested = async () => {
  sequence += 1;
  const [record] = await t.database.db
    .insert(parkingRecords)
    .values({
      tenantId: demoId,
      lotId,
      plateNumber: `粤E${String(sequence).padStart(4, '0')}U`,
      enteredAt: new Date('2026-03-08T01:00:00Z'),
      exitedAt: new Date('2026-03-08T05:00:00Z'),
      state: 'paid',
      amountDue: 1000,
      paid: 1000,
      unpaid: 0,
    })
    .returning();
  await t.database.db
    .insert(payments)
    .values({ tenantId: demoId, recordId: record!.id, channel: 'wechat', amount: 1000, idempotencyKey: `invoice-upload-${sequence}`, paidAt: new Date('2026-03-08T05:01:00Z') });
  const o = signRecordToken(secret, { id: record!.id, tenant: demoId, lane: null }, clock.now(), 30 * 60_000);
  const response = await t.app.inject({
    method: 'POST',
    url: invoicePaths.record,
    remoteAddress: address(),
    payload: { o, buyerType: 'personal', buyerTitle: '赵六', email: 'zhao@example.com' },
  });
  const answer = response.json<Answer<RecordInvoice>>();
  expect(answer.code, answer.msg).toBe(200);
  return { o, invoice: answer.data };
};
const onPage = async (o: string) =>
  (await t.app.inject({ method: 'GET', url: `${invoicePaths.record}?o=${encodeURIComponent(o)}`, remoteAddress: address() })).json<Answer<RecordInvoices>>().data.invoices;

const digital = (n: number) => `2644${String(n).padStart(16, '0')}`;

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, config: { dataDir }, invoices: { provider, mail: { send: async () => undefined } } });
  admin = await signIn(t.app);
  demoId = (await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo')))[0]!.id;
  secret = await appSecret(t.database.db, 'qr');
  lotId = (await t.database.db.insert(parkingLots).values({ tenantId: demoId, name: '上传开票停车场', type: 1, kind: 'lane', totalSpaces: 10, freeCount: 10 }).returning())[0]!.id;
});
afterAll(() => t.close());

describe('staff issue by uploading a PDF with its number', () => {
  it('refuses a missing or malformed 发票号码, 发票代码 or 开票日期 in Chinese and keeps no file of the refused upload', async () => {
    const { invoice } = await requested();
    const before = files();
    const cases: [Record<string, string>, string][] = [
      [{ issuedOn: '2026-03-10' }, '请填写发票号码'],
      [{ invoiceNo: '1234', issuedOn: '2026-03-10' }, '发票号码应为20位数字（数电发票）或8位数字（电子普通发票）'],
      [{ invoiceNo: '12345678', issuedOn: '2026-03-10' }, '8位发票号码须同时填写发票代码'],
      [{ invoiceNo: '12345678', invoiceCode: '1234', issuedOn: '2026-03-10' }, '发票代码应为10位或12位数字'],
      [{ invoiceNo: digital(1), invoiceCode: '044001900111', issuedOn: '2026-03-10' }, '数电发票（20位号码）没有发票代码，请留空'],
      [{ invoiceNo: digital(1) }, '请填写开票日期'],
      [{ invoiceNo: digital(1), issuedOn: '2026-02-30' }, '开票日期格式应为YYYY-MM-DD'],
      [{ invoiceNo: digital(1), issuedOn: '2026-03-11' }, '开票日期不能晚于今天'],
      [{ invoiceNo: digital(1), issuedOn: '2026-03-09' }, '开票日期不能早于申请日期（2026-03-10）'],
    ];
    for (const [fields, message] of cases) {
      const refused = await upload(invoice.id, fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.body.msg).toBe(message);
    }
    expect(files()).toEqual(before);
    expect((await staff('GET', withId(invoicePaths.item, invoice.id))).body.data).toMatchObject({ state: 'pending', invoiceNo: null, hasPdf: false });
  });

  it('keeps the number and date: the list finds it by number, and the driver sees it', async () => {
    const { o, invoice } = await requested();
    const done = await upload(invoice.id, { invoiceNo: '00312345', invoiceCode: '044001900111', issuedOn: '2026-03-10' });
    expect(done.body.code, done.body.msg).toBe(200);
    expect(done.body.data).toMatchObject({ state: 'issued', provider: 'upload', invoiceNo: '00312345', invoiceCode: '044001900111', hasPdf: true, issuedAt: clock.now().toISOString() });
    const listed = (await staff<{ list: Invoice[] }>('GET', `${invoicePaths.list}?keyword=00312345`)).body.data.list;
    expect(listed.map((i) => i.id)).toEqual([invoice.id]);
    expect((await onPage(o))[0]).toMatchObject({ state: 'issued', invoiceNo: '00312345', invoiceCode: '044001900111' });

    // the same number on another invoice is refused, and that upload's file is not kept
    const other = await requested();
    const before = files();
    const taken = await upload(other.invoice.id, { invoiceNo: '00312345', invoiceCode: '044001900111', issuedOn: '2026-03-10' });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('该发票号码已用于另一张发票');
    expect(files()).toEqual(before);
  });

  it('an earlier 开票日期 is kept as that day', async () => {
    const { invoice } = await requested();
    await t.database.db
      .update(invoices)
      .set({ requestedAt: new Date('2026-03-05T02:00:00Z') })
      .where(eq(invoices.id, invoice.id));
    const done = (await upload(invoice.id, { invoiceNo: digital(2), issuedOn: '2026-03-06' })).body.data;
    expect(done.issuedAt).toBe('2026-03-05T16:00:00.000Z');
  });
});

describe('replaced PDFs are deleted from DATA_DIR', () => {
  it('a second upload of an uploaded invoice replaces its file on disk', async () => {
    const { invoice } = await requested();
    await upload(invoice.id, { invoiceNo: digital(10), issuedOn: '2026-03-10' }, pdfBytes('first'));
    const first = (await fileOf(invoice.id))!;
    expect(files()).toContain(first.split('/').pop());
    const again = await upload(invoice.id, { invoiceNo: digital(11), issuedOn: '2026-03-10' }, pdfBytes('corrected'));
    expect(again.body.data).toMatchObject({ state: 'issued', invoiceNo: digital(11) });
    const second = (await fileOf(invoice.id))!;
    expect(second).not.toBe(first);
    expect(files()).not.toContain(first.split('/').pop());
    expect(files()).toContain(second.split('/').pop());
    expect(await staffPdf(invoice.id)).toEqual(pdfBytes('corrected'));
    // an invoice the platform issued is not one staff replace by upload
    const platform = await requested();
    await staff('POST', withId(invoicePaths.issue, platform.invoice.id));
    clock.advance(delayMs);
    await staff('POST', withId(invoicePaths.query, platform.invoice.id));
    const before = files();
    const refused = await upload(platform.invoice.id, { invoiceNo: digital(12), issuedOn: '2026-03-10' });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('只有待开票、开票失败或上传开具的发票可以上传PDF（当前状态：已开票）');
    expect(files()).toEqual(before);
  });

  it("the reissue after a 红冲 lets go of the original's file once its own PDF is in, by the platform or by upload", async () => {
    for (const how of ['platform', 'upload'] as const) {
      const { o, invoice } = await requested();
      await upload(invoice.id, { invoiceNo: digital(how === 'platform' ? 20 : 21), issuedOn: '2026-03-10' }, pdfBytes(`original ${how}`));
      const original = (await fileOf(invoice.id))!;
      // a refund marked it 待红冲; the 红冲 asks again for the rest, keeping the original's file until then
      await t.database.db.update(invoices).set({ state: 'redPending' }).where(eq(invoices.id, invoice.id));
      expect((await staff('POST', withId(invoicePaths.redFlush, invoice.id))).body.data.state).toBe('redFlushed');
      const [reissue] = await t.database.db.select().from(invoices).where(eq(invoices.reissueOf, invoice.id));
      expect(files()).toContain(original.split('/').pop());

      if (how === 'platform') {
        await staff('POST', withId(invoicePaths.issue, reissue!.id));
        clock.advance(delayMs);
        expect((await staff('POST', withId(invoicePaths.query, reissue!.id))).body.data.state).toBe('issued');
      } else {
        expect((await upload(reissue!.id, { invoiceNo: digital(22), issuedOn: '2026-03-10' })).body.code).toBe(200);
      }
      const replacement = (await fileOf(reissue!.id))!;
      expect(files()).toContain(replacement.split('/').pop());
      expect(files()).not.toContain(original.split('/').pop());
      expect((await staff('GET', withId(invoicePaths.item, invoice.id))).body.data).toMatchObject({ state: 'redFlushed', hasPdf: false });
      expect((await onPage(o)).map((i) => [i.state, i.hasPdf])).toEqual(
        expect.arrayContaining([
          ['redFlushed', false],
          ['issued', true],
        ]),
      );
    }
  });

  it('a platform answer that comes after the invoice left 开票中 keeps no file', async () => {
    const { invoice } = await requested();
    await staff('POST', withId(invoicePaths.issue, invoice.id));
    clock.advance(delayMs);
    const before = files();
    // meanwhile the invoice was settled another way
    beforeApplying = async (via) => {
      await via.update(invoices).set({ state: 'failed', cause: '人工处理' }).where(eq(invoices.id, invoice.id));
    };
    expect((await staff('POST', withId(invoicePaths.query, invoice.id))).body.data).toMatchObject({ state: 'failed', hasPdf: false });
    expect(files()).toEqual(before);
  });
});
