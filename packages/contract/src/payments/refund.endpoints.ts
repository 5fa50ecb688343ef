import { endpoint, idParams, listEndpoints, reviewEndpoints } from '../common/endpoint.js';
import { refund, refundDecision, refundInput, refundListQuery, refundPage, refundPaths } from './refund.schema.js';

const params = idParams('退款记录编号格式不正确');

export const refundEndpoints = {
  ...listEndpoints(refundPaths, refundListQuery, refundPage),
  detail: endpoint({ method: 'GET', path: refundPaths.item, params, answer: refund }),
  create: endpoint({ method: 'POST', path: refundPaths.list, body: refundInput, answer: refund }),
  ...reviewEndpoints(refundPaths, { params, body: refundDecision, answer: refund }),
};
