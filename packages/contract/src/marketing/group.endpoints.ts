import { endpoint, idParams, itemEndpoints, listEndpoints } from '../common/endpoint.js';
import { group, groupInput, groupListQuery, groupOptions, groupPage, groupPaths } from './group.schema.js';

export const groupEndpoints = {
  ...listEndpoints(groupPaths, groupListQuery, groupPage),
  options: endpoint({ method: 'GET', path: groupPaths.options, answer: groupOptions }),
  ...itemEndpoints(groupPaths, { params: idParams('集团编号格式不正确'), body: groupInput, answer: group }),
};
