import { endpoint, idParams, listEndpoints } from '../common/endpoint.js';
import {
  phoneChangeCodeInput,
  phoneChangeCodeResult,
  phoneChangeDetail,
  phoneChangeListQuery,
  phoneChangePage,
  phoneChangePaths,
  phoneChangeRejectInput,
  phoneChangeRequest,
  phoneChangeSubmitQuery,
  phoneChangeSubmitted,
} from './phone-change.schema.js';

const params = idParams('手机号变更申请编号格式不正确');

/** 手机号变更审核 for staff of the page; the phone page's 申请人工变更 (code and submit) open to anyone, rate-limited. */
export const phoneChangeEndpoints = {
  ...listEndpoints(phoneChangePaths, phoneChangeListQuery, phoneChangePage),
  detail: endpoint({ method: 'GET', path: phoneChangePaths.item, params, answer: phoneChangeDetail }),
  photo: endpoint({ method: 'GET', path: phoneChangePaths.photo, params, answer: 'file' }),
  approve: endpoint({ method: 'POST', path: phoneChangePaths.approve, params, answer: phoneChangeRequest }),
  reject: endpoint({ method: 'POST', path: phoneChangePaths.reject, params, body: phoneChangeRejectInput, answer: phoneChangeRequest }),
  code: endpoint({ method: 'POST', path: phoneChangePaths.code, body: phoneChangeCodeInput, answer: phoneChangeCodeResult }),
  /** the photo is the multipart field `file`, read from the stream, not declared */
  submit: endpoint({ method: 'POST', path: phoneChangePaths.submit, query: phoneChangeSubmitQuery, answer: phoneChangeSubmitted }),
};
