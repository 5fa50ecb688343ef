import { z } from 'zod';
import { endpoint, idParams } from '../common/endpoint.js';
import { parkingSpace, parkingSpaceBatchInput, parkingSpaceBatchResult, parkingSpaceInput, parkingSpaceListQuery, parkingSpacePage, parkingSpacePaths } from './space.schema.js';

const params = idParams('泊位编号格式不正确');

export const parkingSpaceEndpoints = {
  list: endpoint({ method: 'GET', path: parkingSpacePaths.list, query: parkingSpaceListQuery, answer: parkingSpacePage }),
  export: endpoint({ method: 'GET', path: parkingSpacePaths.export, query: parkingSpaceListQuery, answer: 'file' }),
  detail: endpoint({ method: 'GET', path: parkingSpacePaths.item, params, answer: parkingSpace }),
  create: endpoint({ method: 'POST', path: parkingSpacePaths.list, body: parkingSpaceInput, answer: parkingSpace }),
  batch: endpoint({ method: 'POST', path: parkingSpacePaths.batch, body: parkingSpaceBatchInput, answer: parkingSpaceBatchResult }),
  update: endpoint({ method: 'PUT', path: parkingSpacePaths.item, params, body: parkingSpaceInput, answer: parkingSpace }),
  remove: endpoint({ method: 'DELETE', path: parkingSpacePaths.item, params, answer: z.null() }),
};
