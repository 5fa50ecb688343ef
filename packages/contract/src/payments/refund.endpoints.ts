import { endpoint, idParams, listEndpoints } from '../common/endpoint.js';
import { refund, refundDecision, refundInput, refundListQuery, refundPage, refundPaths } from './refund.schema.js';

const params = idParams('退款记录编号格式不正确');

export const refundEndpoints = {
  ...listEndpoints(refundPaths, refundListQuery, refundPage),
  detail: endpoint({ method: 'GET', path: refundPaths.item, params, answer: refund }),
  create: endpoint({ method: 'POST', path: refundPaths.list, body: refundInput, answer: refund }),
  approve: endpoint({ method: 'POST', path: refundPaths.approve, params, body: refundDecision, answer: refund }),
  reject: endpoint({ method: 'POST', path: refundPaths.reject, params, body: refundDecision, answer: refund }),
};
