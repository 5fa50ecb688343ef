import { z } from 'zod';
import { endpoint, idParams } from '../common/endpoint.js';
import { group, groupInput, groupListQuery, groupOptions, groupPage, groupPaths } from './group.schema.js';

const params = idParams('集团编号格式不正确');

export const groupEndpoints = {
  list: endpoint({ method: 'GET', path: groupPaths.list, query: groupListQuery, answer: groupPage }),
  export: endpoint({ method: 'GET', path: groupPaths.export, query: groupListQuery, answer: 'file' }),
  options: endpoint({ method: 'GET', path: groupPaths.options, answer: groupOptions }),
  detail: endpoint({ method: 'GET', path: groupPaths.item, params, answer: group }),
  create: endpoint({ method: 'POST', path: groupPaths.list, body: groupInput, answer: group }),
  update: endpoint({ method: 'PUT', path: groupPaths.item, params, body: groupInput, answer: group }),
  remove: endpoint({ method: 'DELETE', path: groupPaths.item, params, answer: z.null() }),
};
