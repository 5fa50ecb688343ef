import { endpoint, idParams } from '../common/endpoint.js';
import { refund, refundDecision, refundInput, refundListQuery, refundPage, refundPaths } from './refund.schema.js';

const params = idParams('退款记录编号格式不正确');

export const refundEndpoints = {
  list: endpoint({ method: 'GET', path: refundPaths.list, query: refundListQuery, answer: refundPage }),
  export: endpoint({ method: 'GET', path: refundPaths.export, query: refundListQuery, answer: 'file' }),
  detail: endpoint({ method: 'GET', path: refundPaths.item, params, answer: refund }),
  create: endpoint({ method: 'POST', path: refundPaths.list, body: refundInput, answer: refund }),
  approve: endpoint({ method: 'POST', path: refundPaths.approve, params, body: refundDecision, answer: refund }),
  reject: endpoint({ method: 'POST', path: refundPaths.reject, params, body: refundDecision, answer: refund }),
};
