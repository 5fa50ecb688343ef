import { z } from 'zod';
import { endpoint, idParams } from '../common/endpoint.js';
import { selectorQuery } from '../common/paging.js';
import { position, positionInput, positionListQuery, positionPage, positionPaths, positionSelectorItem } from './position.schema.js';

const params = idParams('岗位编号格式不正确');

export const positionEndpoints = {
  list: endpoint({ method: 'GET', path: positionPaths.list, query: positionListQuery, answer: positionPage }),
  selector: endpoint({ method: 'GET', path: positionPaths.selector, query: selectorQuery, answer: z.array(positionSelectorItem) }),
  detail: endpoint({ method: 'GET', path: positionPaths.item, params, answer: position }),
  create: endpoint({ method: 'POST', path: positionPaths.list, body: positionInput, answer: position }),
  update: endpoint({ method: 'PUT', path: positionPaths.item, params, body: positionInput, answer: position }),
  remove: endpoint({ method: 'DELETE', path: positionPaths.item, params, answer: z.null() }),
};
