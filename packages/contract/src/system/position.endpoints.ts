import { z } from 'zod';
import { endpoint, idParams, itemEndpoints } from '../common/endpoint.js';
import { selectorQuery } from '../common/paging.js';
import { position, positionInput, positionListQuery, positionPage, positionPaths, positionSelectorItem } from './position.schema.js';

const params = idParams('岗位编号格式不正确');

export const positionEndpoints = {
  list: endpoint({ method: 'GET', path: positionPaths.list, query: positionListQuery, answer: positionPage }),
  selector: endpoint({ method: 'GET', path: positionPaths.selector, query: selectorQuery, answer: z.array(positionSelectorItem) }),
  ...itemEndpoints(positionPaths, { params, body: positionInput, answer: position }),
};
