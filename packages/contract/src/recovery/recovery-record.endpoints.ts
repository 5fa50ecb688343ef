import { listEndpoints } from '../common/endpoint.js';
import { recoveryRecordListQuery, recoveryRecordPage, recoveryRecordPaths } from './recovery-record.schema.js';

export const recoveryRecordEndpoints = {
  ...listEndpoints(recoveryRecordPaths, recoveryRecordListQuery, recoveryRecordPage),
};
