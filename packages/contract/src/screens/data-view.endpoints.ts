import { endpoint } from '../common/endpoint.js';
import { dataViewPaths, dataViewSnapshot } from './data-view.schema.js';

export const dataViewEndpoints = {
  snapshot: endpoint({ method: 'GET', path: dataViewPaths.snapshot, answer: dataViewSnapshot }),
};
