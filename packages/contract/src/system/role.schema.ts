import { z } from 'zod';
import { pagedList, pageQuery } from '../common/paging.js';
import { identityCode, identityName } from './organization.schema.js';

export const rolePaths = {
  list: '/api/system/Permission/Role',
  item: '/api/system/Permission/Role/:id',
  menus: '/api/system/Permission/Role/:id/Menus',
  selector: '/api/system/Permission/Role/Selector',
  /** the whole menu catalogue to grant from, for holders of 角色 who may not hold 菜单 */
  menuCatalogue: '/api/system/Permission/Role/MenuCatalogue',
} as const;

export const roleInput = z.object({
  name: identityName('角色', 32),
  code: identityCode('角色'),
  description: z.string().trim().max(200, '角色说明最长200位').default(''),
});
export type RoleInput = z.input<typeof roleInput>;
/** what the server works with once the input has passed validation */
export type RoleValues = z.output<typeof roleInput>;

export const roleMenusInput = z.object({
  menuIds: z.array(z.uuid('菜单编号格式不正确'), { error: '请选择菜单 menuIds' }).max(1000, '菜单最多1000个'),
});
export type RoleMenusInput = z.infer<typeof roleMenusInput>;

export const roleListQuery = z.strictObject({
  ...pageQuery.shape,
  sidx: z.enum(['name', 'code', 'createdAt'], { error: '不支持的排序字段' }).optional(),
  keyword: z.string().trim().max(32).optional(),
});
export type RoleListQuery = z.input<typeof roleListQuery>;

export const role = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  description: z.string(),
  /** the default system role: every menu, never deleted */
  isSystem: z.boolean(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type Role = z.infer<typeof role>;
export const rolePage = pagedList(role);

export const roleDetail = role.extend({ menuIds: z.array(z.string()) });
export type RoleDetail = z.infer<typeof roleDetail>;

export const roleSelectorItem = z.object({ id: z.string(), name: z.string(), code: z.string() });
