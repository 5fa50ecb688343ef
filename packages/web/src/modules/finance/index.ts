/** The finance module's public face: the drivers' 开票 phone pages call the owner's side of 开票记录; its console pages are reached through app/page-registry. */
export { ownerInvoiceApi, recordInvoiceApi } from './invoice-api';
export { revenueReportKey } from './revenue-report-api';
export { invoiceStateBadges } from './invoice-options';
