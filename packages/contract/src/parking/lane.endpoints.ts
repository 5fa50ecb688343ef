import { z } from 'zod';
import { endpoint, idParams } from '../common/endpoint.js';
import { parkingLane, parkingLaneInput, parkingLaneListQuery, parkingLanePage, parkingLanePaths } from './lane.schema.js';

const params = idParams('车道编号格式不正确');

export const parkingLaneEndpoints = {
  list: endpoint({ method: 'GET', path: parkingLanePaths.list, query: parkingLaneListQuery, answer: parkingLanePage }),
  export: endpoint({ method: 'GET', path: parkingLanePaths.export, query: parkingLaneListQuery, answer: 'file' }),
  detail: endpoint({ method: 'GET', path: parkingLanePaths.item, params, answer: parkingLane }),
  create: endpoint({ method: 'POST', path: parkingLanePaths.list, body: parkingLaneInput, answer: parkingLane }),
  update: endpoint({ method: 'PUT', path: parkingLanePaths.item, params, body: parkingLaneInput, answer: parkingLane }),
  remove: endpoint({ method: 'DELETE', path: parkingLanePaths.item, params, answer: z.null() }),
};
