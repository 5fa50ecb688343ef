import { endpoint, idParams } from '../common/endpoint.js';
import { recordEditAuditPaths, recordEditDecision, recordEditInput, recordEditListQuery, recordEditPage, recordEditRequest } from './record-edit-audit.schema.js';

const params = idParams('订单修改申请编号格式不正确');

export const recordEditAuditEndpoints = {
  list: endpoint({ method: 'GET', path: recordEditAuditPaths.list, query: recordEditListQuery, answer: recordEditPage }),
  export: endpoint({ method: 'GET', path: recordEditAuditPaths.export, query: recordEditListQuery, answer: 'file' }),
  detail: endpoint({ method: 'GET', path: recordEditAuditPaths.item, params, answer: recordEditRequest }),
  create: endpoint({ method: 'POST', path: recordEditAuditPaths.list, body: recordEditInput, answer: recordEditRequest }),
  approve: endpoint({ method: 'POST', path: recordEditAuditPaths.approve, params, body: recordEditDecision, answer: recordEditRequest }),
  reject: endpoint({ method: 'POST', path: recordEditAuditPaths.reject, params, body: recordEditDecision, answer: recordEditRequest }),
};
