import { z } from 'zod';
import { endpoint, idParams, listEndpoints } from '../common/endpoint.js';
import {
  invoice,
  invoiceablePayment,
  invoiceListQuery,
  invoicePage,
  invoiceNotifyInput,
  invoicePaths,
  invoiceRequestInput,
  recordInvoice,
  recordInvoiceInput,
  recordInvoiceQuery,
  recordInvoices,
} from './invoice.schema.js';

const params = idParams('发票编号格式不正确');

/** 开票记录 for staff of the page; the owner's own invoice requests with the owner's token. */
export const invoiceEndpoints = {
  ...listEndpoints(invoicePaths, invoiceListQuery, invoicePage),
  detail: endpoint({ method: 'GET', path: invoicePaths.item, params, answer: invoice }),
  issue: endpoint({ method: 'POST', path: invoicePaths.issue, params, answer: invoice }),
  query: endpoint({ method: 'POST', path: invoicePaths.query, params, answer: invoice }),
  redFlush: endpoint({ method: 'POST', path: invoicePaths.redFlush, params, answer: invoice }),
  /** the PDF is the multipart field `file` */
  upload: endpoint({ method: 'POST', path: invoicePaths.upload, params, answer: invoice }),
  pdf: endpoint({ method: 'GET', path: invoicePaths.pdf, params, answer: 'file' }),
  ownerList: endpoint({ method: 'GET', path: invoicePaths.owner, answer: z.array(invoice) }),
  ownerPayments: endpoint({ method: 'GET', path: invoicePaths.ownerPayments, answer: z.array(invoiceablePayment) }),
  ownerRequest: endpoint({ method: 'POST', path: invoicePaths.owner, body: invoiceRequestInput, answer: invoice }),
  ownerPdf: endpoint({ method: 'GET', path: invoicePaths.ownerPdf, params, answer: 'file' }),
  /** the driver's order page, authorised by its record token `o` alone */
  recordList: endpoint({ method: 'GET', path: invoicePaths.record, query: recordInvoiceQuery, answer: recordInvoices }),
  recordRequest: endpoint({ method: 'POST', path: invoicePaths.record, body: recordInvoiceInput, answer: recordInvoice }),
  recordPdf: endpoint({ method: 'GET', path: invoicePaths.recordPdf, params, query: recordInvoiceQuery, answer: 'file' }),
  notify: endpoint({ method: 'POST', path: invoicePaths.notify, body: invoiceNotifyInput, answer: z.null() }),
};
