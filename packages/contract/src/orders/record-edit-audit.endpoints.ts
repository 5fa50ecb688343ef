import { endpoint, idParams, listEndpoints, reviewEndpoints } from '../common/endpoint.js';
import { recordEditAuditPaths, recordEditDecision, recordEditInput, recordEditListQuery, recordEditPage, recordEditRequest } from './record-edit-audit.schema.js';

const params = idParams('订单修改申请编号格式不正确');

export const recordEditAuditEndpoints = {
  ...listEndpoints(recordEditAuditPaths, recordEditListQuery, recordEditPage),
  detail: endpoint({ method: 'GET', path: recordEditAuditPaths.item, params, answer: recordEditRequest }),
  create: endpoint({ method: 'POST', path: recordEditAuditPaths.list, body: recordEditInput, answer: recordEditRequest }),
  ...reviewEndpoints(recordEditAuditPaths, { params, body: recordEditDecision, answer: recordEditRequest }),
};
