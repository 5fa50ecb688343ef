import {
  invoiceEndpoints,
  pathOf,
  type Envelope,
  type Invoice,
  type InvoiceRequestInput,
  type InvoiceUploadFieldsValues,
  type RecordInvoice,
  type RecordInvoiceInput,
} from '@parking/contract';
import { call } from '../../shared/http/call';
import { http } from '../../shared/http/http-client';
import { downloadFile, saveBlob } from '../../shared/resource/export-download';
import { asOwner } from '../customers';

/** Query-key root of 开票记录 */
export const invoiceResourceKey = 'invoice';

export const issueInvoice = (id: string) => call(invoiceEndpoints.issue, { params: { id } });
export const queryInvoice = (id: string) => call(invoiceEndpoints.query, { params: { id } });
export const redFlushInvoice = (id: string) => call(invoiceEndpoints.redFlush, { params: { id } });

/** 上传PDF: the number and date typed for it first, then the file as multipart field `file` */
export const uploadInvoicePdf = async (id: string, file: File, fields: InvoiceUploadFieldsValues) => {
  const body = new FormData();
  body.append('invoiceNo', fields.invoiceNo);
  if (fields.invoiceCode) body.append('invoiceCode', fields.invoiceCode);
  body.append('issuedOn', fields.issuedOn);
  body.append('file', file);
  // axios would turn FormData into JSON under the client's default JSON content type
  const response = await http.post<Envelope<Invoice>>(pathOf(invoiceEndpoints.upload, { id }), body, { headers: { 'Content-Type': 'multipart/form-data' } });
  return response.data;
};

export const downloadInvoicePdf = (invoice: Invoice) => downloadFile(pathOf(invoiceEndpoints.pdf, { id: invoice.id }), {}, `发票${invoice.invoiceNo ?? invoice.orderNo}.pdf`);

/** The owner's side, with the owner's token. */
export const ownerInvoiceApi = {
  list: () => call(invoiceEndpoints.ownerList, asOwner()),
  payments: () => call(invoiceEndpoints.ownerPayments, asOwner()),
  request: (body: InvoiceRequestInput) => call(invoiceEndpoints.ownerRequest, { body, ...asOwner() }),
  /** saves the issued PDF under the invoice's number */
  download: async (invoice: Invoice) => saveBlob(await call(invoiceEndpoints.ownerPdf, { params: { id: invoice.id }, ...asOwner() }), `发票${invoice.invoiceNo ?? invoice.orderNo}.pdf`),
};

/** The driver's order page: every call carries the page's record token `o`, nothing else says which stay. */
export const recordInvoiceApi = {
  list: (o: string) => call(invoiceEndpoints.recordList, { query: { o }, silent: true }),
  request: (body: RecordInvoiceInput) => call(invoiceEndpoints.recordRequest, { body, silent: true }),
  /** saves the issued PDF under the invoice's number */
  download: async (o: string, invoice: RecordInvoice) =>
    saveBlob(await call(invoiceEndpoints.recordPdf, { params: { id: invoice.id }, query: { o }, silent: true }), `发票${invoice.invoiceNo ?? invoice.id}.pdf`),
};
