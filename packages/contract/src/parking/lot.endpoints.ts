import { z } from 'zod';
import { endpoint, idParams } from '../common/endpoint.js';
import { operationLogPage } from '../system/operation-log.schema.js';
import {
  parkingLot,
  parkingLotBindings,
  parkingLotFilter,
  parkingLotFreeCountInput,
  parkingLotInput,
  parkingLotListQuery,
  parkingLotLogQuery,
  parkingLotOptionPage,
  parkingLotOptionsQuery,
  parkingLotPage,
  parkingLotPaths,
  parkingLotSpaceLeaveInput,
  parkingLotSum,
} from './lot.schema.js';

/** `{ id }` of a lot, for every sub-resource under /api/system/Parking/:id */
export const parkingLotParams = idParams('停车场编号格式不正确');
const params = parkingLotParams;

export const parkingLotEndpoints = {
  list: endpoint({ method: 'GET', path: parkingLotPaths.list, query: parkingLotListQuery, answer: parkingLotPage }),
  options: endpoint({ method: 'GET', path: parkingLotPaths.options, query: parkingLotOptionsQuery, answer: parkingLotOptionPage }),
  export: endpoint({ method: 'GET', path: parkingLotPaths.export, query: parkingLotListQuery, answer: 'file' }),
  sum: endpoint({ method: 'GET', path: parkingLotPaths.sum, query: parkingLotFilter, answer: parkingLotSum }),
  operationLogs: endpoint({ method: 'GET', path: parkingLotPaths.operationLogs, query: parkingLotLogQuery, answer: operationLogPage }),
  bindIf: endpoint({ method: 'GET', path: parkingLotPaths.bindIf, params, answer: parkingLotBindings }),
  freeCount: endpoint({ method: 'PUT', path: parkingLotPaths.freeCount, params, body: parkingLotFreeCountInput, answer: parkingLot }),
  longRentalSpaceLeave: endpoint({ method: 'PUT', path: parkingLotPaths.longRentalSpaceLeave, params, body: parkingLotSpaceLeaveInput, answer: parkingLot }),
  detail: endpoint({ method: 'GET', path: parkingLotPaths.item, params, answer: parkingLot }),
  create: endpoint({ method: 'POST', path: parkingLotPaths.list, body: parkingLotInput, answer: parkingLot }),
  update: endpoint({ method: 'PUT', path: parkingLotPaths.item, params, body: parkingLotInput, answer: parkingLot }),
  remove: endpoint({ method: 'DELETE', path: parkingLotPaths.item, params, answer: z.null() }),
};
