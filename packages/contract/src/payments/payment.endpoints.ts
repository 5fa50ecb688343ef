import { z } from 'zod';
import { endpoint, idParams, listEndpoints } from '../common/endpoint.js';
import { idempotencyKey, idempotencyKeyHeader, payment, paymentInput, paymentListQuery, paymentPage, paymentPaths } from './payment.schema.js';

export const paymentEndpoints = {
  ...listEndpoints(paymentPaths, paymentListQuery, paymentPage),
  detail: endpoint({ method: 'GET', path: paymentPaths.item, params: idParams('支付记录编号格式不正确'), answer: payment }),
  /** a repeated Idempotency-Key answers the first payment instead of charging twice */
  create: endpoint({
    method: 'POST',
    path: paymentPaths.list,
    headers: z.object({ [idempotencyKeyHeader]: idempotencyKey.optional() }),
    body: paymentInput,
    answer: payment,
  }),
};
