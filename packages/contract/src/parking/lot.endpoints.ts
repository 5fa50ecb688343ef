import { endpoint, idParams, itemEndpoints, listEndpoints } from '../common/endpoint.js';
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
  ...listEndpoints(parkingLotPaths, parkingLotListQuery, parkingLotPage),
  options: endpoint({ method: 'GET', path: parkingLotPaths.options, query: parkingLotOptionsQuery, answer: parkingLotOptionPage }),
  sum: endpoint({ method: 'GET', path: parkingLotPaths.sum, query: parkingLotFilter, answer: parkingLotSum }),
  operationLogs: endpoint({ method: 'GET', path: parkingLotPaths.operationLogs, query: parkingLotLogQuery, answer: operationLogPage }),
  bindIf: endpoint({ method: 'GET', path: parkingLotPaths.bindIf, params, answer: parkingLotBindings }),
  freeCount: endpoint({ method: 'PUT', path: parkingLotPaths.freeCount, params, body: parkingLotFreeCountInput, answer: parkingLot }),
  longRentalSpaceLeave: endpoint({ method: 'PUT', path: parkingLotPaths.longRentalSpaceLeave, params, body: parkingLotSpaceLeaveInput, answer: parkingLot }),
  ...itemEndpoints(parkingLotPaths, { params, body: parkingLotInput, answer: parkingLot }),
};
