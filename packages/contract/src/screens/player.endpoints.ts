import { endpoint } from '../common/endpoint.js';
import { playerPaths, playerStream, playerStreamInput, playerTree } from './player.schema.js';

export const playerEndpoints = {
  tree: endpoint({ method: 'GET', path: playerPaths.tree, answer: playerTree }),
  stream: endpoint({ method: 'POST', path: playerPaths.stream, body: playerStreamInput, answer: playerStream }),
};
