import { paymentPaths, refundPaths, type Payment, type Refund, type RefundDecisionValues, type RefundInput } from '@parking/contract';
import { requestData } from '../../shared/http/http-client';

/** Query-key roots of 支付记录 and 退款: a refund changes what a payment shows as refunded, so both are refreshed. */
export const paymentResourceKey = 'payment';
export const refundResourceKey = 'refund';

const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

export const requestRefund = (input: RefundInput) => requestData<Refund>({ method: 'POST', url: refundPaths.list, data: input });

export const decideRefund = (id: string, decision: 'approve' | 'reject', values: RefundDecisionValues) =>
  requestData<Refund>({ method: 'POST', url: withId(refundPaths[decision], id), data: values });

export const listRecordPayments = (recordId: string) =>
  requestData<{ list: Payment[] }>({ method: 'GET', url: paymentPaths.list, params: { recordId, currentPage: 1, pageSize: 100, sidx: 'paidAt', sort: 'asc' } });
