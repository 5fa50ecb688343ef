// The public face of finance: 开票记录 (invoices), 对账 and 对账差错 (reconciliation), 营收报表 (revenue report).
import { afterRefundApproved } from '../payments/index.js';
import { invoicesAfterRefund } from './invoice.service.js';

export { invoiceRoutes, ownerInvoiceRoutes, recordInvoiceRoutes } from './invoice.routes.js';
export { invoiceDeps, invoiceSyncJob } from './invoice-deps.js';
export type { InvoiceMailSender, InvoiceProvider } from './invoice-provider.js';
// the demo seeds its invoices through the same service owners and staff use
// service's upheld appeals mark invoices too; the app wires that, since service and finance do not import each other
export { invoicesAfterAppeal } from './invoice.service.js';
export { issueInvoice, queryInvoice, redFlushInvoice, requestOwnerInvoice, uploadInvoicePdf, type InvoiceDeps } from './invoice.service.js';
export { reconciliationRoutes } from './reconciliation.routes.js';
export { reconcileDay } from './reconciliation.service.js';
export { reconciliationJob } from './reconciliation.job.js';
export { revenueReportRoutes } from './revenue-report.routes.js';

// an approved refund of an invoiced payment marks its invoice 待红冲, in the refund's transaction
afterRefundApproved(invoicesAfterRefund);
// the month's simulation holds the kept report rows equal to their recomputation
export { revenueDrift } from './revenue-report.repository.js';
