import { idParams, itemEndpoints, listEndpoints } from '../common/endpoint.js';
import { parkingLane, parkingLaneInput, parkingLaneListQuery, parkingLanePage, parkingLanePaths } from './lane.schema.js';

export const parkingLaneEndpoints = {
  ...listEndpoints(parkingLanePaths, parkingLaneListQuery, parkingLanePage),
  ...itemEndpoints(parkingLanePaths, { params: idParams('车道编号格式不正确'), body: parkingLaneInput, answer: parkingLane }),
};
