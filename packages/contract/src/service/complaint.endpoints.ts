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
import { recordComplaintPhotoQuery, servicePhoto, servicePhotoParams } from './service-photo.schema.js';

const params = idParams('投诉编号格式不正确');
const photoParams = servicePhotoParams('投诉编号格式不正确');
const photos = z.array(servicePhoto);

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
  /** a photo is the multipart field `file` (read from the stream, not declared); each answers the complaint's photos after it */
  addPhoto: endpoint({ method: 'POST', path: complaintPaths.photos, params, answer: photos }),
  photo: endpoint({ method: 'GET', path: complaintPaths.photo, params: photoParams, answer: 'file' }),
  removePhoto: endpoint({ method: 'DELETE', path: complaintPaths.photo, params: photoParams, answer: photos }),
  ownerAddPhoto: endpoint({ method: 'POST', path: complaintPaths.ownerPhotos, params, answer: photos }),
  ownerPhoto: endpoint({ method: 'GET', path: complaintPaths.ownerPhoto, params: photoParams, answer: 'file' }),
  ownerRemovePhoto: endpoint({ method: 'DELETE', path: complaintPaths.ownerPhoto, params: photoParams, answer: photos }),
  recordAddPhoto: endpoint({ method: 'POST', path: complaintPaths.recordPhotos, params, query: recordComplaintPhotoQuery, answer: photos }),
  recordRemovePhoto: endpoint({ method: 'DELETE', path: complaintPaths.recordPhoto, params: photoParams, query: recordComplaintPhotoQuery, answer: photos }),
};
