import { endpoint } from '../common/endpoint.js';
import { activityPaths, activityQuery, activityStats } from './activity.schema.js';

export const activityEndpoints = {
  open: endpoint({ method: 'GET', path: activityPaths.open, query: activityQuery, answer: activityStats }),
};
