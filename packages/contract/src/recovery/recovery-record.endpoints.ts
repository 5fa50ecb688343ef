import { endpoint } from '../common/endpoint.js';
import { recoveryRecordListQuery, recoveryRecordPage, recoveryRecordPaths } from './recovery-record.schema.js';

export const recoveryRecordEndpoints = {
  list: endpoint({ method: 'GET', path: recoveryRecordPaths.list, query: recoveryRecordListQuery, answer: recoveryRecordPage }),
  export: endpoint({ method: 'GET', path: recoveryRecordPaths.export, query: recoveryRecordListQuery, answer: 'file' }),
};
