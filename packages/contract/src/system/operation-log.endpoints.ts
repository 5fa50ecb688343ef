import { endpoint } from '../common/endpoint.js';
import { operationLogPage, operationLogPaths, operationLogQuery } from './operation-log.schema.js';

export const operationLogEndpoints = {
  list: endpoint({ method: 'GET', path: operationLogPaths.list, query: operationLogQuery, answer: operationLogPage }),
  export: endpoint({ method: 'GET', path: operationLogPaths.export, query: operationLogQuery, answer: 'file' }),
};
