import { randomBytes } from 'node:crypto';
import {
  businessDay,
  buyerTypeNames,
  formatAmount,
  invoiceStateNames,
  maskMobile,
  messageTypes,
  type Invoice,
  type InvoiceablePayment,
  type InvoiceListValues,
  type InvoiceBuyerValues,
  type InvoiceRequestValues,
  type RecordInvoice,
  type RecordInvoices,
  type InvoiceState,
  type InvoiceUploadFieldsValues,
} from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, fieldRefused, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import { shanghaiDateTime } from '../../shared/xlsx-export.js';
import type { AuthContext } from '../../types.js';
import { historyVisibleIn, ownerPlates, type OwnerContext } from '../customers/index.js';
import { markMessagesHandled, raiseMessage } from '../messages/index.js';
import { findTenant, recordOperation } from '../system/index.js';
import { readInvoicePdf, removeInvoicePdf, storeInvoicePdf } from './invoice-file.js';
import type { InvoiceMailSender, InvoiceProvider, InvoiceResult, InvoiceSubmission } from './invoice-provider.js';
import {
  findInvoiceByOrderNo,
  findListedInvoice,
  holdPayments,
  insertInvoice,
  invoicesHoldingPayment,
  invoicesHoldingRecord,
  issuingInvoices,
  itemsOf,
  lockInvoice,
  pageInvoices,
  invoiceNumberTaken,
  invoicesOfRecordPage,
  paymentsOfPlates,
  paymentsOfRecord,
  refundsHeldOf,
  releasePayments,
  setHeldAmount,
  updateInvoice,
  type InvoiceRow,
  type ListedInvoiceRow,
} from './invoice.repository.js';

export const invoiceTarget = 'invoice';
const messageName = '开票申请';
const notFoundMessage = '开票记录不存在';

/** What issuing needs from outside: the platform, the mail sender, where files lie, and the time. */
export interface InvoiceDeps {
  provider: InvoiceProvider;
  mail: InvoiceMailSender;
  dataDir: string;
  now: () => Date;
}
type Actor = Pick<AuthContext, 'tenantId' | 'account' | 'ip' | 'userAgent'> & { userId: string | null };
type Origin = { ip: string; userAgent: string };

const iso = (d: Date | null) => d?.toISOString() ?? null;
const yuan = (fen: number) => `${formatAmount(fen)} 元`;
/** ours, unguessable, and short enough for any platform's order-no field */
const newOrderNo = (now: Date) => `FP${shanghaiDateTime(now).replace(/\D/g, '').slice(0, 8)}${randomBytes(8).toString('hex').toUpperCase()}`;

const toInvoices = async (db: Db, tenantId: string, rows: ListedInvoiceRow[]): Promise<Invoice[]> => {
  const items = await itemsOf(
    db,
    tenantId,
    rows.map((r) => r.invoice.id),
  );
  return rows.map(({ invoice: i, lotName }) => ({
    id: i.id,
    orderNo: i.orderNo,
    lotId: i.lotId,
    lotName: lotName ?? '',
    phone: i.phone,
    buyerType: i.buyerType,
    buyerTitle: i.buyerTitle,
    taxNumber: i.taxNumber,
    email: i.email,
    amount: i.amount,
    state: i.state,
    provider: i.provider,
    invoiceNo: i.invoiceNo,
    invoiceCode: i.invoiceCode,
    cause: i.cause,
    hasPdf: i.pdfPath !== null,
    reissueOf: i.reissueOf,
    requestedAt: i.requestedAt.toISOString(),
    issuedAt: iso(i.issuedAt),
    redFlushedAt: iso(i.redFlushedAt),
    items: items
      .filter((item) => item.invoiceId === i.id)
      .map((item) => ({ paymentId: item.paymentId, recordId: item.recordId, plateNumber: item.plateNumber, amount: item.amount, paidAt: item.paidAt.toISOString() })),
  }));
};

export const listInvoices = async (db: Db, auth: Pick<AuthContext, 'tenantId'>, query: InvoiceListValues) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageInvoices(db, auth.tenantId, filter, page);
  const list = await toInvoices(db, auth.tenantId, rows);
  return pageAnswer(list, page, total);
};

export const getInvoice = async (db: Db, tenantId: string, id: string): Promise<Invoice> => {
  const row = await findListedInvoice(db, tenantId, id);
  if (!row) throw notFound(notFoundMessage);
  return (await toInvoices(db, tenantId, [row]))[0]!;
};

/** The owner's succeeded payments of verified plates, with what is left of each after refunds (given or waiting). */
const ownerPayments = async (db: Db, owner: OwnerContext, paymentIds?: string[]) =>
  (await paymentsOfPlates(db, owner.tenantId, await ownerPlates(db, owner.tenantId, owner.customerId, historyVisibleIn), paymentIds)).map((p) => ({ ...p, left: p.amount - p.refunded }));

/** 可开票: paid, not refunded in full, not held by an invoice. */
export const invoiceablePayments = async (db: Db, owner: OwnerContext): Promise<InvoiceablePayment[]> =>
  (await ownerPayments(db, owner))
    .filter((p) => p.status === 'succeeded' && p.left > 0 && !p.invoiced)
    .map((p) => ({ paymentId: p.paymentId, recordId: p.recordId, plateNumber: p.plateNumber, lotId: p.lotId, lotName: p.lotName, amount: p.left, paidAt: p.paidAt.toISOString() }));

/** The owner's invoices, newest first. */
export const ownerInvoices = async (db: Db, owner: OwnerContext): Promise<Invoice[]> => {
  const { rows } = await pageInvoices(db, owner.tenantId, { customerId: owner.customerId }, { currentPage: 1, pageSize: 200 });
  return toInvoices(db, owner.tenantId, rows);
};

const ownerActor = (owner: OwnerContext, origin: Origin): Actor => ({
  tenantId: owner.tenantId,
  userId: null,
  account: `车主 ${maskMobile(owner.phone)}`,
  ip: origin.ip,
  userAgent: origin.userAgent,
});

/** Who asks for an invoice: a signed-in owner, or the driver on a record's order page (no owner, no phone). */
interface Requester {
  actor: Actor;
  customerId: string | null;
  phone: string;
  /** who the message and the log name: 车主 138****0000, or 订单 粤B12345 */
  name: string;
}
type FoundPayment = Awaited<ReturnType<typeof ownerPayments>>[number];

/**
 * 申请开票 over payments found for the requester, all of one lot, each paid, not refunded in full and
 * not in another invoice; raises the type 9 message for 开票记录 and logs the request.
 */
const requestInvoice = async (db: Db, who: Requester, found: FoundPayment[], input: InvoiceBuyerValues, now: Date): Promise<Invoice> => {
  const tenantId = who.actor.tenantId;
  if (found.some((p) => p.status !== 'succeeded')) throw fieldRefused('paymentIds', '只能为已支付的记录开票');
  if (found.some((p) => p.left <= 0)) throw fieldRefused('paymentIds', '所选支付已全额退款（或退款审核中），不能开票');
  if (found.some((p) => p.invoiced)) throw conflict('所选支付已开票或正在开票，不能重复申请', 'paymentIds');
  if (new Set(found.map((p) => p.lotId)).size > 1) throw fieldRefused('paymentIds', '一张发票只能包含同一停车场的支付，请分别申请');
  const amount = found.reduce((sum, p) => sum + p.left, 0);
  const row = await insertInvoice(db, {
    tenantId,
    orderNo: newOrderNo(now),
    customerId: who.customerId,
    phone: who.phone,
    lotId: found[0]!.lotId,
    buyerType: input.buyerType,
    buyerTitle: input.buyerTitle,
    taxNumber: input.taxNumber,
    email: input.email,
    amount,
    requestedAt: now,
    updatedAt: now,
  });
  // the partial unique index settles two requests over the same payment at once
  const held = await holdPayments(
    db,
    found.map((p) => ({ tenantId, invoiceId: row.id, paymentId: p.paymentId, amount: p.left })),
  );
  if (!held) throw conflict('所选支付已开票或正在开票，不能重复申请', 'paymentIds');
  await raiseMessage(db, {
    tenantId,
    messageName,
    messageText: `${who.name} 申请开票：${input.buyerTitle}（${buyerTypeNames[input.buyerType]}）${yuan(amount)}`,
    messageType: messageTypes.invoice,
    businessId: row.id,
  });
  const invoice = await getInvoice(db, tenantId, row.id);
  await recordOperation(db, who.actor, {
    module: 'finance',
    action: 'create',
    target: invoiceTarget,
    targetId: row.id,
    summary: `${who.name} 申请开票「${input.buyerTitle}」${yuan(amount)}`,
    after: invoice,
  });
  return invoice;
};

/** 申请开票 by the owner over payments of their own verified plates. */
export const requestOwnerInvoice = async (db: Db, owner: OwnerContext, input: InvoiceRequestValues, origin: Origin, now: Date): Promise<Invoice> => {
  const found = await ownerPayments(db, owner, input.paymentIds);
  if (found.length !== input.paymentIds.length) throw fieldRefused('paymentIds', '所选支付记录不存在');
  const who = { actor: ownerActor(owner, origin), customerId: owner.customerId, phone: owner.phone, name: `车主 ${maskMobile(owner.phone)}` };
  return requestInvoice(db, who, found, input, now);
};

/** The channels a driver pays on the phone; cash and balance are invoiced at the booth or on top-up. */
const onlineChannels: readonly string[] = ['wechat', 'alipay', 'sandbox'];
const recordPayments = async (db: Db, tenantId: string, recordId: string) =>
  (await paymentsOfRecord(db, tenantId, recordId)).map((p) => ({ ...p, left: p.amount - p.refunded })).filter((p) => onlineChannels.includes(p.channel));
const invoiceableOf = (found: FoundPayment[]) => found.filter((p) => p.status === 'succeeded' && p.left > 0 && !p.invoiced);
const sameBuyer = (row: InvoiceRow, input: InvoiceBuyerValues) =>
  row.buyerType === input.buyerType && row.buyerTitle === input.buyerTitle && row.taxNumber === input.taxNumber && row.email === input.email;

const toRecordInvoice = (row: InvoiceRow): RecordInvoice => ({
  id: row.id,
  buyerType: row.buyerType,
  buyerTitle: row.buyerTitle,
  amount: row.amount,
  state: row.state,
  invoiceNo: row.invoiceNo,
  invoiceCode: row.invoiceCode,
  hasPdf: row.pdfPath !== null,
  requestedAt: row.requestedAt.toISOString(),
  issuedAt: iso(row.issuedAt),
});

/** The order page's 电子发票: fen still invoiceable of the record's paid online payments, and the invoices asked for there. */
export const recordInvoicesOf = async (db: Db, tenantId: string, recordId: string): Promise<RecordInvoices> => ({
  invoiceable: invoiceableOf(await recordPayments(db, tenantId, recordId)).reduce((sum, p) => sum + p.left, 0),
  invoices: (await invoicesOfRecordPage(db, tenantId, recordId)).map(toRecordInvoice),
});

/**
 * 申请电子发票 on the driver's order page: every paid, not yet invoiced online payment of the record its
 * token names, as one invoice (one record is one lot). The same request again (a double tap) answers
 * the invoice it made rather than a refusal.
 */
export const requestRecordInvoice = async (
  db: Db,
  record: { tenantId: string; id: string; plateNumber: string },
  input: InvoiceBuyerValues,
  origin: Origin,
  now: Date,
): Promise<RecordInvoice> => {
  const earlier = (await invoicesOfRecordPage(db, record.tenantId, record.id)).find((row) => row.state === 'pending' && sameBuyer(row, input));
  const found = invoiceableOf(await recordPayments(db, record.tenantId, record.id));
  if (found.length === 0) {
    if (earlier) return toRecordInvoice(earlier);
    throw conflict('本订单没有可开票的支付（未支付、已全额退款或已开票）');
  }
  const name = `订单 ${record.plateNumber}`;
  const who = { actor: { tenantId: record.tenantId, userId: null, account: name, ip: origin.ip, userAgent: origin.userAgent }, customerId: null, phone: '', name };
  const invoice = await requestInvoice(db, who, found, input, now);
  return toRecordInvoice((await findListedInvoice(db, record.tenantId, invoice.id))!.invoice);
};

/** The PDF of an invoice asked for on the record's order page. */
export const invoicePdfForRecord = async (db: Db, tenantId: string, recordId: string, id: string, dataDir: string) => {
  const row = (await invoicesOfRecordPage(db, tenantId, recordId)).find((r) => r.id === id);
  if (!row) throw notFound(notFoundMessage);
  if (row.state !== 'issued' && row.state !== 'redPending') throw badRequest('发票尚未开具，暂无PDF');
  return { bytes: await readInvoicePdf(dataDir, row.pdfPath), name: `发票${row.invoiceNo ?? row.orderNo}.pdf` };
};

const submissionOf = async (db: Db, invoice: InvoiceRow): Promise<InvoiceSubmission> => {
  const tenant = await findTenant(db, invoice.tenantId);
  const items = await itemsOf(db, invoice.tenantId, [invoice.id]);
  return {
    orderNo: invoice.orderNo,
    seller: { name: tenant?.name ?? '' },
    buyer: { type: invoice.buyerType, title: invoice.buyerTitle, taxNumber: invoice.taxNumber, email: invoice.email },
    items: items.filter((item) => item.holds).map((item) => ({ name: '*经营租赁*停车服务费', detail: `${item.plateNumber} ${shanghaiDateTime(item.paidAt)}`, amount: item.amount })),
    amount: invoice.amount,
  };
};

const logged = async (db: Db, auth: Actor, id: string, summary: string, before: Invoice) => {
  const after = await getInvoice(db, auth.tenantId, id);
  await recordOperation(db, auth, { module: 'finance', action: 'update', target: invoiceTarget, targetId: id, summary, before, after });
  return after;
};

/** The invoice locked in state `from`, or the refusal that says what state it is in. */
const lockedIn = async (tx: Db, tenantId: string, id: string, from: readonly InvoiceState[], refusal: string) => {
  const row = await lockInvoice(tx, tenantId, id);
  if (!row) throw notFound(notFoundMessage);
  if (!from.includes(row.state)) throw conflict(`${refusal}（当前状态：${invoiceStateNames[row.state]}）`);
  return row;
};

/**
 * 开票 / 重试: a 待开票 or 开票失败 invoice goes to the platform under its own order no (a retry is the
 * same order there) and waits 开票中 for the result. The request's message leaves the bell's count.
 */
export const issueInvoice = async (db: Db, auth: AuthContext, id: string, deps: InvoiceDeps): Promise<Invoice> => {
  const now = deps.now();
  const before = await db.transaction(async (tx) => {
    const row = await lockedIn(tx, auth.tenantId, id, ['pending', 'failed'], '只有待开票或开票失败的发票可以开票');
    if (!(await itemsOf(tx, auth.tenantId, [id])).some((i) => i.holds)) throw conflict('所含支付已全额退款，不能开票');
    const before = await getInvoice(tx, auth.tenantId, id);
    await updateInvoice(tx, auth.tenantId, id, { state: 'issuing', provider: deps.provider.name, cause: '', submittedAt: now, updatedAt: now });
    await markMessagesHandled(tx, auth.tenantId, messageTypes.invoice, id, now);
    return { before, submission: await submissionOf(tx, row), retry: row.state === 'failed' };
  });
  // the platform is called outside the transaction: it may be slow, and a retry is harmless
  try {
    await deps.provider.submit(before.submission, now, db);
  } catch (error) {
    const cause = `提交开票平台失败：${error instanceof Error ? error.message : String(error)}`;
    await updateInvoice(db, auth.tenantId, id, { state: 'failed', cause, updatedAt: now });
  }
  const after = await logged(db, auth, id, `${before.retry ? '重试开票' : '开票'}「${before.before.buyerTitle}」${yuan(before.before.amount)}`, before.before);
  return after;
};

/**
 * Applies the platform's answer to an invoice still 开票中; the issued PDF is kept and mailed to the
 * buyer. A PDF the answer came too late for is not kept, and one a reissue replaces goes once the new
 * one is in.
 */
const applyResult = async (db: Db, tenantId: string, id: string, result: InvoiceResult, deps: InvoiceDeps) => {
  const now = deps.now();
  if (result.state === 'issuing' || result.state === 'unknown' || result.state === 'redFlushed') return false;
  const pdfPath = result.state === 'issued' ? await storeInvoicePdf(deps.dataDir, tenantId, result.pdf) : null;
  const applied = await keepingFile(deps.dataDir, pdfPath, () =>
    db.transaction(async (tx) => {
      const row = await lockInvoice(tx, tenantId, id);
      if (row?.state !== 'issuing') return { value: undefined, kept: false, replaced: [] };
      if (result.state === 'failed') return { value: await updateInvoice(tx, tenantId, id, { state: 'failed', cause: result.cause, updatedAt: now }), kept: false, replaced: [] };
      const value = await updateInvoice(tx, tenantId, id, { state: 'issued', invoiceNo: result.invoiceNo, issuedAt: result.issuedAt, pdfPath, cause: '', updatedAt: now });
      return { value, kept: true, replaced: [row.pdfPath, ...(await letGoOfReissued(tx, row))] };
    }),
  );
  if (applied?.state === 'issued' && result.state === 'issued') {
    // a mail that does not go out leaves the invoice issued; the buyer downloads it from the phone page
    await deps.mail
      .send({
        to: applied.email,
        subject: `电子发票 ${result.invoiceNo}`,
        text: `您好，${applied.buyerTitle} 的停车费电子发票（${yuan(applied.amount)}）已开具，见附件。`,
        attachment: { name: `发票${result.invoiceNo}.pdf`, bytes: result.pdf },
      })
      .catch((error: unknown) => updateInvoice(db, tenantId, id, { cause: `发票邮件发送失败：${error instanceof Error ? error.message : String(error)}` }));
  }
  return applied !== undefined;
};

/**
 * Runs `work`, which stores the freshly written file `stored` (or does not: `kept` false) and names the
 * files it replaced. Once it has committed, the replaced files are deleted; a file not kept, or one
 * whose transaction failed, is deleted too, so nothing is left that no invoice points at.
 */
const keepingFile = async <T>(dataDir: string, stored: string | null, work: () => Promise<{ value: T; kept: boolean; replaced: (string | null)[] }>): Promise<T> => {
  let done;
  try {
    done = await work();
  } catch (error) {
    await removeInvoicePdf(dataDir, stored);
    throw error;
  }
  const gone = done.kept ? done.replaced.filter((path) => path !== stored) : [stored];
  for (const path of gone) await removeInvoicePdf(dataDir, path);
  return done.value;
};

/** An invoice reissued after a 红冲 now has its own PDF: the reversed original's is let go (answered, to delete after commit). */
const letGoOfReissued = async (tx: Db, row: InvoiceRow) => {
  if (!row.reissueOf) return [];
  const original = await lockInvoice(tx, row.tenantId, row.reissueOf);
  if (original?.state !== 'redFlushed' || !original.pdfPath) return [];
  await updateInvoice(tx, row.tenantId, original.id, { pdfPath: null });
  return [original.pdfPath];
};

/** 查询结果: asks the platform about one 开票中 invoice now (the job does this for all of them). */
export const queryInvoice = async (db: Db, tenantId: string, id: string, deps: InvoiceDeps): Promise<Invoice> => {
  const row = await findListedInvoice(db, tenantId, id);
  if (!row) throw notFound(notFoundMessage);
  if (row.invoice.state === 'issuing') await applyResult(db, tenantId, id, await deps.provider.query(row.invoice.orderNo, deps.now(), db), deps);
  return getInvoice(db, tenantId, id);
};

/**
 * The platform's callback: it names an order, and the result is asked of the platform itself, so a
 * forged callback can only make us ask early.
 */
export const invoiceNotified = async (db: Db, orderNo: string, deps: InvoiceDeps) => {
  const found = await findInvoiceByOrderNo(db, orderNo);
  if (!found) throw notFound('开票流水号不存在');
  await queryInvoice(db, found.tenantId, found.id, deps);
};

/** One pass of the job: every 开票中 invoice's result, as the platform has it now. */
export const syncIssuingInvoices = async (db: Db, deps: InvoiceDeps, limit = 100) => {
  let settled = 0;
  for (const { tenantId, id } of await issuingInvoices(db, limit)) {
    const row = await findListedInvoice(db, tenantId, id);
    if (row && (await applyResult(db, tenantId, id, await deps.provider.query(row.invoice.orderNo, deps.now(), db), deps))) settled += 1;
  }
  return { settled };
};

/**
 * 红冲: an issued (or 待红冲) invoice is reversed at the platform and its payments are free again. One
 * marked 待红冲 by a refund is reissued at once for what is left of its payments, as a new 待开票 request.
 */
export const redFlushInvoice = async (db: Db, auth: AuthContext, id: string, deps: InvoiceDeps): Promise<Invoice> => {
  const now = deps.now();
  const found = await findListedInvoice(db, auth.tenantId, id);
  if (!found) throw notFound(notFoundMessage);
  if (!['issued', 'redPending'].includes(found.invoice.state)) throw conflict(`只有已开票或待红冲的发票可以红冲（当前状态：${invoiceStateNames[found.invoice.state]}）`);
  // marked while still at the platform: learn how that ended before reversing it
  if (found.invoice.state === 'redPending' && !found.invoice.invoiceNo && found.invoice.provider !== '') {
    const result = await deps.provider.query(found.invoice.orderNo, now, db);
    if (result.state === 'issuing') throw conflict('发票仍在开票中，请稍后再红冲');
    if (result.state === 'issued') {
      const pdfPath = await storeInvoicePdf(deps.dataDir, auth.tenantId, result.pdf);
      await keepingFile(deps.dataDir, pdfPath, async () => {
        await updateInvoice(db, auth.tenantId, id, { invoiceNo: result.invoiceNo, issuedAt: result.issuedAt, pdfPath });
        return { value: undefined, kept: true, replaced: [found.invoice.pdfPath] };
      });
    }
  }
  const current = (await findListedInvoice(db, auth.tenantId, id))!.invoice;
  // an invoice the platform never issued (or one staff uploaded) has nothing to reverse there
  if (current.invoiceNo && current.provider === deps.provider.name) {
    const answer = await deps.provider.redFlush(current.orderNo, now, db);
    if (!answer.done) throw conflict(`红冲失败：${answer.cause}`);
  }
  return db.transaction(async (tx) => {
    const row = await lockedIn(tx, auth.tenantId, id, ['issued', 'redPending'], '只有已开票或待红冲的发票可以红冲');
    const before = await getInvoice(tx, auth.tenantId, id);
    await updateInvoice(tx, auth.tenantId, id, { state: 'redFlushed', redFlushedAt: now, updatedAt: now });
    await releasePayments(tx, auth.tenantId, id);
    let reissued = '';
    if (row.state === 'redPending') {
      const left = await paymentsLeft(tx, row);
      if (left.length > 0) {
        const amount = left.reduce((sum, p) => sum + p.left, 0);
        const again = await insertInvoice(tx, { ...reissueOf(row), orderNo: newOrderNo(now), amount, requestedAt: now, updatedAt: now });
        await holdPayments(
          tx,
          left.map((p) => ({ tenantId: row.tenantId, invoiceId: again.id, paymentId: p.paymentId, amount: p.left })),
        );
        await raiseMessage(tx, {
          tenantId: row.tenantId,
          messageName,
          messageText: `退款后重开发票：${row.buyerTitle} ${yuan(amount)}`,
          messageType: messageTypes.invoice,
          businessId: again.id,
        });
        reissued = `，已按余额 ${yuan(amount)} 重新申请开票`;
      }
    }
    return logged(tx, auth, id, `红冲发票「${row.buyerTitle}」${yuan(row.amount)}${reissued}`, before);
  });
};

const reissueOf = (row: InvoiceRow) => ({
  tenantId: row.tenantId,
  customerId: row.customerId,
  phone: row.phone,
  lotId: row.lotId,
  buyerType: row.buyerType,
  buyerTitle: row.buyerTitle,
  taxNumber: row.taxNumber,
  email: row.email,
  reissueOf: row.id,
});

/** What is left of an invoice's payments after the refunds given or waiting. */
const paymentsLeft = async (tx: Db, row: InvoiceRow) => {
  const items = await itemsOf(tx, row.tenantId, [row.id]);
  const held = await refundsHeldOf(
    tx,
    row.tenantId,
    items.map((i) => i.paymentId),
  );
  return items.map((i) => ({ paymentId: i.paymentId, left: i.paymentAmount - (held.get(i.paymentId) ?? 0) })).filter((p) => p.left > 0);
};

/**
 * 上传PDF: staff issue a 待开票 or 开票失败 invoice themselves with a PDF made elsewhere and its number
 * and date as the paper says them; an invoice staff uploaded may be uploaded again to correct it, and
 * the file it replaces is deleted once the new one is in.
 */
export const uploadInvoicePdf = async (
  db: Db,
  auth: AuthContext,
  id: string,
  upload: { pdf: Buffer; fields: InvoiceUploadFieldsValues },
  deps: Pick<InvoiceDeps, 'dataDir' | 'now'>,
): Promise<Invoice> => {
  const now = deps.now();
  const { invoiceNo, invoiceCode, issuedOn } = upload.fields;
  if (issuedOn > businessDay(now)) throw fieldRefused('issuedOn', '开票日期不能晚于今天');
  const pdfPath = await storeInvoicePdf(deps.dataDir, auth.tenantId, upload.pdf);
  return keepingFile(deps.dataDir, pdfPath, () =>
    db.transaction(async (tx) => {
      const row = await lockInvoice(tx, auth.tenantId, id);
      if (!row) throw notFound(notFoundMessage);
      const again = row.state === 'issued' && row.provider === 'upload';
      if (!['pending', 'failed'].includes(row.state) && !again) throw conflict(`只有待开票、开票失败或上传开具的发票可以上传PDF（当前状态：${invoiceStateNames[row.state]}）`);
      if (issuedOn < businessDay(row.requestedAt)) throw fieldRefused('issuedOn', `开票日期不能早于申请日期（${businessDay(row.requestedAt)}）`);
      if (await invoiceNumberTaken(tx, auth.tenantId, id, invoiceCode, invoiceNo)) throw conflict('该发票号码已用于另一张发票', 'invoiceNo');
      const before = await getInvoice(tx, auth.tenantId, id);
      // dated as the paper is: today's upload at the moment it came, an earlier day at its first minute
      const issuedAt = issuedOn === businessDay(now) ? now : new Date(`${issuedOn}T00:00:00+08:00`);
      await updateInvoice(tx, auth.tenantId, id, { state: 'issued', provider: 'upload', invoiceNo, invoiceCode, pdfPath, cause: '', issuedAt, updatedAt: now });
      await markMessagesHandled(tx, auth.tenantId, messageTypes.invoice, id, now);
      const replaced = [row.pdfPath, ...(await letGoOfReissued(tx, row))];
      const number = invoiceCode ? `${invoiceCode} ${invoiceNo}` : invoiceNo;
      const value = await logged(tx, auth, id, `${again ? '重新上传' : '上传'}发票PDF「${before.buyerTitle}」${yuan(before.amount)}，发票号码 ${number}`, before);
      return { value, kept: true, replaced };
    }),
  );
};

/**
 * Called by payments in the refund's transaction: an invoice holding the refunded payment that is
 * issued (or at the platform) is marked 待红冲 with the cause; one not yet issued is cut to what is
 * left, or its payment let go when nothing is.
 */
export const invoicesAfterRefund = async (tx: Db, tenantId: string, paymentId: string, refunded: number, now: Date) => {
  for (const { invoice } of await invoicesHoldingPayment(tx, tenantId, paymentId)) {
    if (invoice.state === 'issued' || invoice.state === 'issuing') {
      await updateInvoice(tx, tenantId, invoice.id, { state: 'redPending', cause: `支付已退款 ${yuan(refunded)}，需红冲后按余额重开`, updatedAt: now });
    } else if (invoice.state === 'pending' || invoice.state === 'failed') {
      const [left] = await paymentsLeft(tx, { ...invoice, id: invoice.id }).then((all) => all.filter((p) => p.paymentId === paymentId));
      await setHeldAmount(tx, tenantId, invoice.id, paymentId, left?.left ?? 0);
      const amount = (await itemsOf(tx, tenantId, [invoice.id])).filter((i) => i.holds).reduce((sum, i) => sum + i.amount, 0);
      await updateInvoice(
        tx,
        tenantId,
        invoice.id,
        amount > 0
          ? { amount, cause: `支付已退款 ${yuan(refunded)}，开票金额改为 ${yuan(amount)}`, updatedAt: now }
          : { state: 'failed', cause: '所含支付已全额退款，无需开票', updatedAt: now },
      );
    }
  }
};

/**
 * Called by service in an upheld appeal's transaction: a corrected plate or money going back makes the
 * stay's issued invoice wrong, so it is marked 待红冲 with the appeal's result.
 */
export const invoicesAfterAppeal = async (tx: Db, tenantId: string, upheld: { recordId: string; outcome: string; result: string }, now: Date) => {
  if (upheld.outcome !== 'plate' && upheld.outcome !== 'refund') return;
  for (const { invoice } of await invoicesHoldingRecord(tx, tenantId, upheld.recordId)) {
    if (invoice.state === 'issued' || invoice.state === 'issuing') {
      await updateInvoice(tx, tenantId, invoice.id, { state: 'redPending', cause: `申诉通过（${upheld.result}），需红冲后重开`, updatedAt: now });
    }
  }
};

/** The PDF of an invoice for staff of the page. */
export const invoicePdfForStaff = async (db: Db, tenantId: string, id: string, dataDir: string) => {
  const row = await findListedInvoice(db, tenantId, id);
  if (!row) throw notFound(notFoundMessage);
  return { bytes: await readInvoicePdf(dataDir, row.invoice.pdfPath), name: `发票${row.invoice.invoiceNo ?? row.invoice.orderNo}.pdf` };
};

/** The PDF of one of the owner's own invoices; another owner's is not found. */
export const invoicePdfForOwner = async (db: Db, owner: OwnerContext, id: string, dataDir: string) => {
  const row = await findListedInvoice(db, owner.tenantId, id);
  if (row?.invoice.customerId !== owner.customerId) throw notFound(notFoundMessage);
  if (row.invoice.state !== 'issued' && row.invoice.state !== 'redPending') throw badRequest('发票尚未开具，暂无PDF');
  return { bytes: await readInvoicePdf(dataDir, row.invoice.pdfPath), name: `发票${row.invoice.invoiceNo ?? row.invoice.orderNo}.pdf` };
};
