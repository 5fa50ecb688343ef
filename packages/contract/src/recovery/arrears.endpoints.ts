import { endpoint, idParams, listEndpoints } from '../common/endpoint.js';
import { parkingRecord } from '../orders/parking-record.schema.js';
import {
  abnormalReleaseInput,
  abnormalReleasePath,
  arrearsReminder,
  arrearsReminderInput,
  arrearsDetail,
  arrearsListQuery,
  arrearsPage,
  arrearsPaths,
  arrearsPlateParams,
} from './arrears.schema.js';

export const arrearsEndpoints = {
  ...listEndpoints(arrearsPaths, arrearsListQuery, arrearsPage),
  detail: endpoint({ method: 'GET', path: arrearsPaths.item, params: arrearsPlateParams, answer: arrearsDetail }),
  reminders: endpoint({ method: 'POST', path: arrearsPaths.reminders, params: arrearsPlateParams, body: arrearsReminderInput, answer: arrearsReminder }),
  /** 异常放行 of one record */
  abnormalRelease: endpoint({ method: 'POST', path: abnormalReleasePath, params: idParams('停车记录编号格式不正确'), body: abnormalReleaseInput, answer: parkingRecord }),
};
