import { endpoint } from '../common/endpoint.js';
import { parkingCounterParams, parkingCounterPaths, parkingCounters } from './counter.schema.js';

export const parkingCounterEndpoints = {
  counter: endpoint({ method: 'GET', path: parkingCounterPaths.counter, params: parkingCounterParams, answer: parkingCounters }),
};
