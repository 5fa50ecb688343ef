import { listEndpoints } from '../common/endpoint.js';
import { deviceOfflineTaskPaths, offlineTaskListQuery, offlineTaskPage } from './offline-task.schema.js';

export const deviceOfflineTaskEndpoints = {
  ...listEndpoints(deviceOfflineTaskPaths, offlineTaskListQuery, offlineTaskPage),
};
