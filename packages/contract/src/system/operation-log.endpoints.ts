import { listEndpoints } from '../common/endpoint.js';
import { operationLogPage, operationLogPaths, operationLogQuery } from './operation-log.schema.js';

export const operationLogEndpoints = {
  ...listEndpoints(operationLogPaths, operationLogQuery, operationLogPage),
};
