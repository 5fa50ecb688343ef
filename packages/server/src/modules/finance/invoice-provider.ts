import type { BuyerType } from '@parking/contract';
import type { Db } from '../../db/client.js';

/** What we ask an invoice platform to issue: the seller is the tenant, one line per payment. */
export interface InvoiceSubmission {
  /** ours; the platform treats a second submit of the same order no as the first */
  orderNo: string;
  seller: { name: string };
  buyer: { type: BuyerType; title: string; taxNumber: string; email: string };
  items: { name: string; detail: string; amount: number }[];
  /** fen */
  amount: number;
}

/** The platform's answer to a query of our order no. */
export type InvoiceResult =
  | { state: 'issuing' }
  | { state: 'issued'; invoiceNo: string; issuedAt: Date; pdf: Buffer }
  | { state: 'failed'; cause: string }
  | { state: 'redFlushed'; invoiceNo: string }
  | { state: 'unknown' };

/**
 * An e-invoice platform (诺诺、百望、航信… have this shape): submit under our order no (idempotent),
 * the result later by query (or a callback that triggers one), and a red-flush of an issued invoice.
 */
export interface InvoiceProvider {
  name: string;
  submit: (submission: InvoiceSubmission, now: Date, via: Db) => Promise<void>;
  query: (orderNo: string, now: Date, via: Db) => Promise<InvoiceResult>;
  /** reverses an issued invoice with a red one; refused with a cause the staff can read */
  redFlush: (orderNo: string, now: Date, via: Db) => Promise<{ done: true } | { done: false; cause: string }>;
}
/*
 * `via` is the caller's database connection: only the sandbox, which keeps its side in our database,
 * uses it (a second connection would wait on the caller's transaction with the embedded database).
 */

/** Sends the issued invoice to the buyer's email. */
export interface InvoiceMailSender {
  send: (mail: { to: string; subject: string; text: string; attachment: { name: string; bytes: Buffer } }) => Promise<void>;
}

/** The default: says in the log what would have been sent. */
export const logOnlyInvoiceMail = (log: (details: object, message: string) => void): InvoiceMailSender => ({
  send: async (mail) => {
    log({ to: mail.to, subject: mail.subject, attachment: mail.attachment.name, bytes: mail.attachment.bytes.length }, '发票邮件（仅记录日志，未真正发送）');
  },
});
