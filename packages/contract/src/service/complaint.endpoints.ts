import { z } from 'zod';
import { endpoint, idParams, listEndpoints } from '../common/endpoint.js';
import {
  complaint,
  complaintCompleteInput,
  complaintDetail,
  complaintInput,
  complaintListQuery,
  complaintPage,
  complaintPaths,
  complaintReplyInput,
  complaintSettings,
  complaintSettingsInput,
  ownerComplaint,
  ownerComplaintInput,
  recordComplaintFiled,
  recordComplaintInput,
} from './complaint.schema.js';

const params = idParams('投诉编号格式不正确');

/** 客户投诉 for staff of the page; the owner's own complaints with the owner's token. */
export const complaintEndpoints = {
  ...listEndpoints(complaintPaths, complaintListQuery, complaintPage),
  detail: endpoint({ method: 'GET', path: complaintPaths.item, params, answer: complaintDetail }),
  create: endpoint({ method: 'POST', path: complaintPaths.list, body: complaintInput, answer: complaint }),
  reply: endpoint({ method: 'POST', path: complaintPaths.reply, params, body: complaintReplyInput, answer: complaintDetail }),
  complete: endpoint({ method: 'POST', path: complaintPaths.complete, params, body: complaintCompleteInput, answer: complaintDetail }),
  settings: endpoint({ method: 'GET', path: complaintPaths.settings, answer: complaintSettings }),
  updateSettings: endpoint({ method: 'PUT', path: complaintPaths.settings, body: complaintSettingsInput, answer: complaintSettings }),
  ownerList: endpoint({ method: 'GET', path: complaintPaths.owner, answer: z.array(ownerComplaint) }),
  ownerFile: endpoint({ method: 'POST', path: complaintPaths.owner, body: ownerComplaintInput, answer: ownerComplaint }),
  ownerReply: endpoint({ method: 'POST', path: complaintPaths.ownerReply, params, body: complaintReplyInput, answer: ownerComplaint }),
  /** open to anyone holding the order page's record token, rate-limited */
  recordFile: endpoint({ method: 'POST', path: complaintPaths.record, body: recordComplaintInput, answer: recordComplaintFiled }),
};
