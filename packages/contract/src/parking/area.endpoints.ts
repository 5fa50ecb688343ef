import { z } from 'zod';
import { endpoint, idParams } from '../common/endpoint.js';
import { parkingArea, parkingAreaInput, parkingAreaListQuery, parkingAreaPage, parkingAreaPaths } from './area.schema.js';

const params = idParams('片区编号格式不正确');

export const parkingAreaEndpoints = {
  list: endpoint({ method: 'GET', path: parkingAreaPaths.list, query: parkingAreaListQuery, answer: parkingAreaPage }),
  export: endpoint({ method: 'GET', path: parkingAreaPaths.export, query: parkingAreaListQuery, answer: 'file' }),
  detail: endpoint({ method: 'GET', path: parkingAreaPaths.item, params, answer: parkingArea }),
  create: endpoint({ method: 'POST', path: parkingAreaPaths.list, body: parkingAreaInput, answer: parkingArea }),
  update: endpoint({ method: 'PUT', path: parkingAreaPaths.item, params, body: parkingAreaInput, answer: parkingArea }),
  remove: endpoint({ method: 'DELETE', path: parkingAreaPaths.item, params, answer: z.null() }),
};
