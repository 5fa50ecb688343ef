import { endpoint, idParams } from '../common/endpoint.js';
import { parkingRecordDetail, parkingRecordListQuery, parkingRecordPage, parkingRecordPaths, parkingRecordPhotoParams } from './parking-record.schema.js';

export const parkingRecordEndpoints = {
  list: endpoint({ method: 'GET', path: parkingRecordPaths.list, query: parkingRecordListQuery, answer: parkingRecordPage }),
  export: endpoint({ method: 'GET', path: parkingRecordPaths.export, query: parkingRecordListQuery, answer: 'file' }),
  detail: endpoint({ method: 'GET', path: parkingRecordPaths.item, params: idParams('停车记录编号格式不正确'), answer: parkingRecordDetail }),
  /** the entry or exit photo (image bytes) */
  photo: endpoint({ method: 'GET', path: parkingRecordPaths.photo, params: parkingRecordPhotoParams, answer: 'file' }),
};
