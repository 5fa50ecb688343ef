import { paymentEndpoints, refundEndpoints, type RefundDecisionValues, type RefundInput } from '@parking/contract';
import { call } from '../../shared/http/call';

/** Query-key roots of 支付记录 and 退款: a refund changes what a payment shows as refunded, so both are refreshed. */
export const paymentResourceKey = 'payment';
export const refundResourceKey = 'refund';

export const requestRefund = (input: RefundInput) => call(refundEndpoints.create, { body: input });

export const decideRefund = (id: string, decision: 'approve' | 'reject', values: RefundDecisionValues) => call(refundEndpoints[decision], { params: { id }, body: values });

export const listRecordPayments = (recordId: string) => call(paymentEndpoints.list, { query: { recordId, currentPage: 1, pageSize: 100, sidx: 'paidAt', sort: 'asc' } });
