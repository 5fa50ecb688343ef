import { endpoint } from '../common/endpoint.js';
import { newDataViewPaths, newDataViewQuery, newDataViewSnapshot } from './new-data-view.schema.js';

export const newDataViewEndpoints = {
  snapshot: endpoint({ method: 'GET', path: newDataViewPaths.snapshot, query: newDataViewQuery, answer: newDataViewSnapshot }),
};
