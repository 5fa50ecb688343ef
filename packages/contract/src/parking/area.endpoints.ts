import { idParams, itemEndpoints, listEndpoints } from '../common/endpoint.js';
import { parkingArea, parkingAreaInput, parkingAreaListQuery, parkingAreaPage, parkingAreaPaths } from './area.schema.js';

export const parkingAreaEndpoints = {
  ...listEndpoints(parkingAreaPaths, parkingAreaListQuery, parkingAreaPage),
  ...itemEndpoints(parkingAreaPaths, { params: idParams('片区编号格式不正确'), body: parkingAreaInput, answer: parkingArea }),
};
