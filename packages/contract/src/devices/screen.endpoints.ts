import { endpoint } from '../common/endpoint.js';
import { screenListQuery, screenMessage, screenMessageInput, screenPage, screenPaths } from './screen.schema.js';

export const screenEndpoints = {
  list: endpoint({ method: 'GET', path: screenPaths.list, query: screenListQuery, answer: screenPage }),
  send: endpoint({ method: 'POST', path: screenPaths.send, body: screenMessageInput, answer: screenMessage }),
};
