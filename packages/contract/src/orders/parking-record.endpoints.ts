import { endpoint, idParams, listEndpoints } from '../common/endpoint.js';
import { parkingRecordDetail, parkingRecordListQuery, parkingRecordPage, parkingRecordPaths, parkingRecordPhotoParams } from './parking-record.schema.js';

export const parkingRecordEndpoints = {
  ...listEndpoints(parkingRecordPaths, parkingRecordListQuery, parkingRecordPage),
  detail: endpoint({ method: 'GET', path: parkingRecordPaths.item, params: idParams('停车记录编号格式不正确'), answer: parkingRecordDetail }),
  /** the entry or exit photo (image bytes) */
  photo: endpoint({ method: 'GET', path: parkingRecordPaths.photo, params: parkingRecordPhotoParams, answer: 'file' }),
};
