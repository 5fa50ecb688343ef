import { endpoint } from '../common/endpoint.js';
import { operationViewPaths, operationViewSnapshot } from './operation-view.schema.js';

export const operationViewEndpoints = {
  snapshot: endpoint({ method: 'GET', path: operationViewPaths.snapshot, answer: operationViewSnapshot }),
};
