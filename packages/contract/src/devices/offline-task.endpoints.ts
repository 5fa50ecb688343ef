import { endpoint } from '../common/endpoint.js';
import { deviceOfflineTaskPaths, offlineTaskListQuery, offlineTaskPage } from './offline-task.schema.js';

export const deviceOfflineTaskEndpoints = {
  list: endpoint({ method: 'GET', path: deviceOfflineTaskPaths.list, query: offlineTaskListQuery, answer: offlineTaskPage }),
  export: endpoint({ method: 'GET', path: deviceOfflineTaskPaths.export, query: offlineTaskListQuery, answer: 'file' }),
};
