/**
 * The payments module's public face: its routes, the sandbox gateway's delivery hook, and taking a
 * payment (the demo history seeds paid stays through it). Other modules import payments only from here.
 */
export { driverPayRoutes } from './driver-pay.routes.js';
export { paymentRoutes } from './payment.routes.js';
export { refundRoutes } from './refund.routes.js';
export { sandboxRefunder, type NoticeDelivery } from './gateway/sandbox-gateway.js';
export { recordPayment, type PaymentActor } from './payment.service.js';
// an upheld appeal asks for its refund through the same request the 退款 page approves
export { requestRefund } from './refund.service.js';
// finance marks an invoiced payment's invoice for red-flushing when its refund is approved
export { afterRefundApproved, type RefundFollowUp } from './refund-follow-up.js';
// reconciliation reads our side of a provider's bill and books a trade whose notice was lost
export { approvedGatewayRefunds, approvedRefundIds, bookBilledTrade, gatewayOrdersByNo, paidGatewayOrders, sandboxBills, type BillSource } from './reconciliation-source.js';
// reconciliation's resolutions: a payment the provider never took voided, the provider's extra booked or given back, a refund sent again
export { bookExtraPayment, refundDuplicate, resendRefund, voidGatewayPayment } from './reconciliation-resolve.js';
export { BillFormatError, parseBill, type Bill, type BillRow } from './gateway/wechat-bill.js';
export type { SandboxBillAdjustment } from './gateway/sandbox-bill.js';
// the demo's reconciliation days are paid through the path a provider's notice takes
export { settleGatewayOrder } from './driver-record.service.js';
export { approveRefund, refundAtProvider, type GatewayRefunder, type RefundChannel } from './refund.service.js';
