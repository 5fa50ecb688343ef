import { endpoint, idParams, itemEndpoints, listEndpoints } from '../common/endpoint.js';
import { parkingSpace, parkingSpaceBatchInput, parkingSpaceBatchResult, parkingSpaceInput, parkingSpaceListQuery, parkingSpacePage, parkingSpacePaths } from './space.schema.js';

export const parkingSpaceEndpoints = {
  ...listEndpoints(parkingSpacePaths, parkingSpaceListQuery, parkingSpacePage),
  ...itemEndpoints(parkingSpacePaths, { params: idParams('泊位编号格式不正确'), body: parkingSpaceInput, answer: parkingSpace }),
  batch: endpoint({ method: 'POST', path: parkingSpacePaths.batch, body: parkingSpaceBatchInput, answer: parkingSpaceBatchResult }),
};
