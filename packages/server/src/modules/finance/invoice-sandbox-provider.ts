import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sandboxInvoiceOrders } from '../../db/schema/index.js';
import { findCjkFont, noFontCause, renderInvoicePdf } from './invoice-pdf.js';
import type { InvoiceProvider, InvoiceSubmission } from './invoice-provider.js';

/** A buyer title with this in it is refused by the sandbox, to show 开票失败 and 重试. */
export const sandboxFailingTitle = '测试失败';

/**
 * The sandbox platform: keeps what it was asked in its own table, answers 开票中 until `delayMs` has
 * passed since the submit, then issues with a PDF made here (or fails with the cause: no CJK font, or
 * a buyer title it is told to refuse). A second submit of an order no it knows changes nothing.
 */
export const sandboxInvoiceProvider = (options: { delayMs: number; fontFile?: string | undefined; findFont?: () => string | undefined }): InvoiceProvider => {
  const find = async (db: Db, orderNo: string) => (await db.select().from(sandboxInvoiceOrders).where(eq(sandboxInvoiceOrders.orderNo, orderNo)).limit(1))[0];
  return {
    name: 'sandbox',
    submit: async (submission: InvoiceSubmission, now: Date, db: Db) => {
      const invoiceNo = `${now.getUTCFullYear()}${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e9)).padStart(9, '0')}`.slice(0, 20);
      await db
        .insert(sandboxInvoiceOrders)
        .values({ orderNo: submission.orderNo, invoiceNo, state: 'issuing', request: submission, readyAt: new Date(now.getTime() + options.delayMs), createdAt: now })
        .onConflictDoNothing();
      // a failed order submitted again is tried again, under the same number
      await db
        .update(sandboxInvoiceOrders)
        .set({ state: 'issuing', cause: '', request: submission, readyAt: new Date(now.getTime() + options.delayMs) })
        .where(and(eq(sandboxInvoiceOrders.orderNo, submission.orderNo), eq(sandboxInvoiceOrders.state, 'failed')));
    },
    query: async (orderNo, now, db) => {
      const order = await find(db, orderNo);
      if (!order) return { state: 'unknown' };
      if (order.state === 'redFlushed') return { state: 'redFlushed', invoiceNo: order.invoiceNo };
      if (order.state === 'failed') return { state: 'failed', cause: order.cause };
      if (order.readyAt.getTime() > now.getTime()) return { state: 'issuing' };
      const request = order.request as InvoiceSubmission;
      const fail = async (cause: string) => {
        await db.update(sandboxInvoiceOrders).set({ state: 'failed', cause }).where(eq(sandboxInvoiceOrders.orderNo, orderNo));
        return { state: 'failed', cause } as const;
      };
      if (request.buyer.title.includes(sandboxFailingTitle)) return fail('购买方名称未通过税务校验（沙箱模拟失败）');
      const font = options.findFont ? options.findFont() : findCjkFont(options.fontFile);
      if (!font) return fail(noFontCause);
      const issuedAt = order.readyAt;
      const pdf = await renderInvoicePdf({ ...request, invoiceNo: order.invoiceNo, issuedAt }, font);
      if (order.state !== 'issued') await db.update(sandboxInvoiceOrders).set({ state: 'issued' }).where(eq(sandboxInvoiceOrders.orderNo, orderNo));
      return { state: 'issued', invoiceNo: order.invoiceNo, issuedAt, pdf };
    },
    redFlush: async (orderNo, _now, db) => {
      const order = await find(db, orderNo);
      if (order?.state !== 'issued') return { done: false, cause: '开票平台没有该发票的已开票记录，无法红冲' };
      await db.update(sandboxInvoiceOrders).set({ state: 'redFlushed' }).where(eq(sandboxInvoiceOrders.orderNo, orderNo));
      return { done: true };
    },
  };
};
