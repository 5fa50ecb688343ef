import { z } from 'zod';
import { endpoint, idParams, itemEndpoints } from '../common/endpoint.js';
import { menuAdminItem, menuAdminNode, menuAdminPaths, menuInput } from './menu-admin.schema.js';

export const menuAdminEndpoints = {
  tree: endpoint({ method: 'GET', path: menuAdminPaths.list, answer: z.array(menuAdminNode) }),
  ...itemEndpoints(menuAdminPaths, { params: idParams('菜单编号格式不正确'), body: menuInput, answer: menuAdminItem }),
};
