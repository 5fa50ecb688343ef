import { z } from 'zod';
import { endpoint, idParams, itemEndpoints } from '../common/endpoint.js';
import { selectorQuery } from '../common/paging.js';
import { menuAdminNode } from './menu-admin.schema.js';
import { roleDetail, roleInput, roleListQuery, roleMenusInput, rolePage, rolePaths, roleSelectorItem } from './role.schema.js';

const params = idParams('角色编号格式不正确');

export const roleEndpoints = {
  list: endpoint({ method: 'GET', path: rolePaths.list, query: roleListQuery, answer: rolePage }),
  selector: endpoint({ method: 'GET', path: rolePaths.selector, query: selectorQuery, answer: z.array(roleSelectorItem) }),
  menuCatalogue: endpoint({ method: 'GET', path: rolePaths.menuCatalogue, answer: z.array(menuAdminNode) }),
  ...itemEndpoints(rolePaths, { params, body: roleInput, answer: roleDetail }),
  setMenus: endpoint({ method: 'PUT', path: rolePaths.menus, params, body: roleMenusInput, answer: roleDetail }),
};
