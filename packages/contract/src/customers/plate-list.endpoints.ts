import { endpoint, idParams, listEndpoints } from '../common/endpoint.js';
import { plateListEntry, plateListInput, plateListPage, plateListPaths, plateListQuery, plateListRemoveInput } from './plate-list.schema.js';

const params = idParams('名单编号格式不正确');

/** 黑白名单: list, export, detail, 新增, 编辑, and 移除 with a reason (the entry stays as history). */
export const plateListEndpoints = {
  ...listEndpoints(plateListPaths, plateListQuery, plateListPage),
  detail: endpoint({ method: 'GET', path: plateListPaths.item, params, answer: plateListEntry }),
  create: endpoint({ method: 'POST', path: plateListPaths.list, body: plateListInput, answer: plateListEntry }),
  update: endpoint({ method: 'PUT', path: plateListPaths.item, params, body: plateListInput, answer: plateListEntry }),
  remove: endpoint({ method: 'POST', path: plateListPaths.remove, params, body: plateListRemoveInput, answer: plateListEntry }),
};
