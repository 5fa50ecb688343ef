import { buyerTypeNames, formatAmount, invoiceEndpoints as endpoints, invoiceStateNames, maskMobile, type Invoice } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest, fieldRefused } from '../../plugins/app-error.js';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { invoiceMessages, invoiceUploadFields } from '@parking/contract';
import { asOwner } from '../customers/index.js';
import { recordOfInvoiceToken } from './record-invoice-token.js';
import { checkInvoicePdf, maxInvoicePdfBytes } from './invoice-file.js';
import {
  getInvoice,
  invoiceablePayments,
  invoicePdfForOwner,
  invoicePdfForRecord,
  recordInvoicesOf,
  requestRecordInvoice,
  invoiceNotified,
  invoicePdfForStaff,
  issueInvoice,
  listInvoices,
  ownerInvoices,
  queryInvoice,
  redFlushInvoice,
  requestOwnerInvoice,
  uploadInvoicePdf,
  type InvoiceDeps,
} from './invoice.service.js';

const tags = ['finance'];
/** the seeded 开票记录 page (FinancialManagement/invoiceRecord) */
const permission = 'invoiceRecord';
const when = (at: string | null) => (at ? shanghaiDateTime(new Date(at)) : '');

const sendPdf = (reply: FastifyReply, pdf: { bytes: Buffer; name: string }) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(pdf.name)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(pdf.bytes);

const uploadFieldNames = new Set(['invoiceNo', 'invoiceCode', 'issuedOn']);

/** Reads the one PDF of a multipart request (field `file`) and the invoice's number and date typed with it. */
const readUpload = async (request: FastifyRequest) => {
  if (!request.isMultipart()) throw badRequest(invoiceMessages.notMultipart);
  const fields: Record<string, string> = {};
  let bytes: Buffer | undefined;
  for await (const part of request.parts({ limits: { fileSize: maxInvoicePdfBytes, files: 1, fields: uploadFieldNames.size, parts: uploadFieldNames.size + 1, fieldSize: 200 } })) {
    if (part.type === 'field') {
      if (uploadFieldNames.has(part.fieldname)) fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== 'file') {
      part.file.resume();
      throw badRequest(invoiceMessages.wrongField);
    }
    if (bytes) throw badRequest(invoiceMessages.oneFile);
    bytes = await part.toBuffer().catch((error: unknown) => {
      if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') return undefined;
      throw error;
    });
    if (!bytes || part.file.truncated) throw badRequest(invoiceMessages.tooLarge);
  }
  if (!bytes) throw badRequest(invoiceMessages.empty);
  const pdf = checkInvoicePdf(bytes);
  const checked = invoiceUploadFields.safeParse(fields);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw fieldRefused(String(issue.path[0] ?? 'invoiceNo'), issue.message);
  }
  return { pdf, fields: checked.data };
};

/** 开票记录 under /api/system/Invoice, for staff of the page. */
export const invoiceRoutes: FastifyPluginAsyncZod<{ deps: InvoiceDeps }> = async (app, { deps }) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '开票记录列表（按状态、停车场、关键字筛选）', permission, replicaSafe: true }),
    handler: async (request) => ok(await listInvoices(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出开票记录（xlsx，手机号打码，筛选同列表）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<Invoice>(reply, {
        fileName: '开票记录',
        sheetName: '开票记录',
        columns: [
          { header: '申请时间', width: 20, value: (i) => when(i.requestedAt) },
          { header: '开票流水号', width: 28, value: (i) => i.orderNo },
          { header: '停车场', width: 16, value: (i) => i.lotName },
          { header: '车主手机号', width: 14, value: (i) => maskMobile(i.phone) },
          { header: '抬头类型', width: 8, value: (i) => buyerTypeNames[i.buyerType] },
          { header: '发票抬头', width: 24, value: (i) => i.buyerTitle },
          { header: '纳税人识别号', width: 22, value: (i) => i.taxNumber },
          { header: '开票金额（元）', width: 12, value: (i) => formatAmount(i.amount) },
          { header: '状态', width: 8, value: (i) => invoiceStateNames[i.state] },
          { header: '发票号码', width: 22, value: (i) => i.invoiceNo ?? '' },
          { header: '开票时间', width: 20, value: (i) => when(i.issuedAt) },
          { header: '原因', width: 30, value: (i) => i.cause },
        ],
        batches: pages(async (currentPage, pageSize) => (await listInvoices(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '开票记录详情（含所开支付）', permission }),
    handler: async (request) => ok(await getInvoice(request.db, requireAuth(request).tenantId, request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.issue, { tags, summary: '开票或重试：待开票、开票失败的发票以原流水号提交开票平台', permission }),
    handler: async (request) => ok(await issueInvoice(request.db, requireAuth(request), request.params.id, deps), '已提交开票'),
  });

  app.route({
    ...routeOf(endpoints.query, { tags, summary: '向开票平台查询开票中的发票结果', permission }),
    handler: async (request) => ok(await queryInvoice(request.db, requireAuth(request).tenantId, request.params.id, deps)),
  });

  app.route({
    ...routeOf(endpoints.redFlush, { tags, summary: '红冲已开票或待红冲的发票；退款引起的待红冲按余额重新申请开票', permission }),
    handler: async (request) => ok(await redFlushInvoice(request.db, requireAuth(request), request.params.id, deps), '已红冲'),
  });

  app.route({
    ...routeOf(endpoints.upload, {
      tags,
      summary: '上传发票PDF（multipart 字段 file，不超过5MB，及 invoiceNo 发票号码、invoiceCode 发票代码、issuedOn 开票日期）开具待开票或开票失败的发票，或更正上传开具的发票',
      consumes: ['multipart/form-data'],
      permission,
    }),
    handler: async (request) => {
      const upload = await readUpload(request);
      return ok(await uploadInvoicePdf(request.db, requireAuth(request), request.params.id, upload, deps), '已上传发票');
    },
  });

  app.route({
    ...routeOf(endpoints.pdf, { tags, summary: '下载发票PDF（仅本租户有该页面权限的员工）', permission }),
    handler: async (request, reply) => sendPdf(reply, await invoicePdfForStaff(request.db, requireAuth(request).tenantId, request.params.id, deps.dataDir)),
  });
};

/** The owner's invoices under /api/open/owner/invoices, with the owner's token. */
export const ownerInvoiceRoutes: FastifyPluginAsyncZod<{ deps: InvoiceDeps }> = async (app, { deps }) => {
  const owned = { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } } as const;
  const originOf = (request: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

  app.route({
    ...routeOf(endpoints.ownerList, { tags: ['public'], summary: '车主：我的发票', ...owned }),
    handler: async (request) => ok(await asOwner(app.db, request, app.now(), (tx, owner) => ownerInvoices(tx, owner))),
  });

  app.route({
    ...routeOf(endpoints.ownerPayments, { tags: ['public'], summary: '车主：可开票的支付（已认证车辆的已支付、未全额退款、未开票的支付）', ...owned }),
    handler: async (request) => ok(await asOwner(app.db, request, app.now(), (tx, owner) => invoiceablePayments(tx, owner))),
  });

  app.route({
    ...routeOf(endpoints.ownerRequest, { tags: ['public'], summary: '车主：为同一停车场的一笔或多笔支付申请电子发票', ...owned }),
    handler: async (request) => ok(await asOwner(app.db, request, app.now(), (tx, owner) => requestOwnerInvoice(tx, owner, request.body, originOf(request), app.now())), '开票申请已提交'),
  });

  app.route({
    ...routeOf(endpoints.ownerPdf, { tags: ['public'], summary: '车主：下载本人已开具的发票PDF', ...owned }),
    handler: async (request, reply) => sendPdf(reply, await asOwner(app.db, request, app.now(), (tx, owner) => invoicePdfForOwner(tx, owner, request.params.id, deps.dataDir))),
  });

  app.route({
    ...routeOf(endpoints.notify, {
      tags: ['public'],
      summary: '开票平台回调：按开票流水号向平台查询结果（回调本身不可信，只触发查询）',
      public: true,
      rateLimit: { max: 120, timeWindow: '1 minute' },
    }),
    handler: async (request) => {
      await invoiceNotified(app.db, request.body.orderNo, deps);
      return ok(null, '已接收');
    },
  });
};

/**
 * The driver's order page under /api/open/payments/records/invoices: no sign-in, the signed record
 * token alone says which tenant and record; rate-limited as the other driver routes are.
 */
export const recordInvoiceRoutes: FastifyPluginAsyncZod<{ deps: InvoiceDeps; secret: string }> = async (app, { deps, secret }) => {
  const perMinute = (max: number) => ({ public: true, rateLimit: { max, timeWindow: '1 minute' } }) as const;
  const originOf = (request: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

  app.route({
    ...routeOf(endpoints.recordList, { tags: ['public'], summary: '订单页面：本订单可开票金额及在此申请的发票（凭订单令牌，无需登录）', ...perMinute(60) }),
    handler: async (request) => ok(await recordOfInvoiceToken(app.db, secret, request.query.o, app.now(), (tx, record) => recordInvoicesOf(tx, record.tenantId, record.id))),
  });

  app.route({
    ...routeOf(endpoints.recordRequest, { tags: ['public'], summary: '订单页面：为本订单已支付、未开票的线上支付申请电子发票（凭订单令牌，重复提交答复同一申请）', ...perMinute(10) }),
    handler: async (request) => {
      const { o, ...buyer } = request.body;
      const ask = () => recordOfInvoiceToken(app.db, secret, o, app.now(), (tx, record) => requestRecordInvoice(tx, record, buyer, originOf(request), app.now()));
      // a double tap racing the first: its transaction lost to the first's hold, and a second look answers the first's invoice
      const invoice = await ask().catch((error: unknown) => {
        if (error instanceof AppError && error.statusCode === 409) return ask();
        throw error;
      });
      return ok(invoice, '开票申请已提交');
    },
  });

  app.route({
    ...routeOf(endpoints.recordPdf, { tags: ['public'], summary: '订单页面：下载在此申请并已开具的发票PDF（凭订单令牌）', ...perMinute(30) }),
    handler: async (request, reply) =>
      sendPdf(
        reply,
        await recordOfInvoiceToken(app.db, secret, request.query.o, app.now(), (tx, record) => invoicePdfForRecord(tx, record.tenantId, record.id, request.params.id, deps.dataDir)),
      ),
  });
};
