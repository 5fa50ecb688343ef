import { z } from 'zod';
import { endpoint, idParams } from '../common/endpoint.js';
import { menuAdminItem, menuAdminNode, menuAdminPaths, menuInput } from './menu-admin.schema.js';

const params = idParams('菜单编号格式不正确');

export const menuAdminEndpoints = {
  tree: endpoint({ method: 'GET', path: menuAdminPaths.list, answer: z.array(menuAdminNode) }),
  detail: endpoint({ method: 'GET', path: menuAdminPaths.item, params, answer: menuAdminItem }),
  create: endpoint({ method: 'POST', path: menuAdminPaths.list, body: menuInput, answer: menuAdminItem }),
  update: endpoint({ method: 'PUT', path: menuAdminPaths.item, params, body: menuInput, answer: menuAdminItem }),
  remove: endpoint({ method: 'DELETE', path: menuAdminPaths.item, params, answer: z.null() }),
};
