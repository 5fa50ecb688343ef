import { endpoint, idParams, itemEndpoints, listEndpoints } from '../common/endpoint.js';
import { longRental, longRentalInput, longRentalListQuery, longRentalLots, longRentalPage, longRentalPaths } from './long-rental.schema.js';

export const longRentalEndpoints = {
  ...listEndpoints(longRentalPaths, longRentalListQuery, longRentalPage),
  lots: endpoint({ method: 'GET', path: longRentalPaths.lots, answer: longRentalLots }),
  ...itemEndpoints(longRentalPaths, { params: idParams('长租车位编号格式不正确'), body: longRentalInput, answer: longRental }),
};
