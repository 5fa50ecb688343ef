import { z } from 'zod';
import { endpoint, idParams } from '../common/endpoint.js';
import { longRental, longRentalInput, longRentalListQuery, longRentalLots, longRentalPage, longRentalPaths } from './long-rental.schema.js';

const params = idParams('长租车位编号格式不正确');

export const longRentalEndpoints = {
  list: endpoint({ method: 'GET', path: longRentalPaths.list, query: longRentalListQuery, answer: longRentalPage }),
  export: endpoint({ method: 'GET', path: longRentalPaths.export, query: longRentalListQuery, answer: 'file' }),
  lots: endpoint({ method: 'GET', path: longRentalPaths.lots, answer: longRentalLots }),
  detail: endpoint({ method: 'GET', path: longRentalPaths.item, params, answer: longRental }),
  create: endpoint({ method: 'POST', path: longRentalPaths.list, body: longRentalInput, answer: longRental }),
  update: endpoint({ method: 'PUT', path: longRentalPaths.item, params, body: longRentalInput, answer: longRental }),
  remove: endpoint({ method: 'DELETE', path: longRentalPaths.item, params, answer: z.null() }),
};
