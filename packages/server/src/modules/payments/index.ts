/**
 * The payments module's public face: its routes, the sandbox gateway's delivery hook, and taking a
 * payment (the demo history seeds paid stays through it). Other modules import payments only from here.
 */
export { driverPayRoutes } from './driver-pay.routes.js';
export { paymentRoutes } from './payment.routes.js';
export { refundRoutes } from './refund.routes.js';
export type { NoticeDelivery } from './gateway/sandbox-gateway.js';
export { recordPayment, type PaymentActor } from './payment.service.js';
// an upheld appeal asks for its refund through the same request the 退款 page approves
export { requestRefund } from './refund.service.js';
// finance marks an invoiced payment's invoice for red-flushing when its refund is approved
export { afterRefundApproved, type RefundFollowUp } from './refund-follow-up.js';
