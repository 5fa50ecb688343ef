import { z } from 'zod';
import { resourcePaths } from '../common/endpoint.js';
import { pagedList, pageQuery } from '../common/paging.js';
import { mobileMessage, mobilePattern } from '../common/rules.js';
import { enabledMarkFilter, parkingText } from '../parking/area.schema.js';

export const groupPaths = {
  ...resourcePaths('/api/system/Group'),
  /** every group of the tenant, id and name, for the 集团卡 pickers */
  options: '/api/system/Group/Selector',
} as const;

export const groupInput = z.object({
  name: z.string({ error: '请输入集团名称' }).trim().min(1, '请输入集团名称').max(64, '集团名称最长64位'),
  contact: z.string({ error: '请输入联系人' }).trim().min(1, '请输入联系人').max(32, '联系人最长32位'),
  phone: z.string({ error: '请输入联系电话' }).trim().min(1, '请输入联系电话').regex(mobilePattern, mobileMessage),
  remark: parkingText('备注', 200),
  enabled: z.boolean({ error: '启用状态只能是是或否' }).default(true),
});
export type GroupInput = z.input<typeof groupInput>;
export type GroupValues = z.output<typeof groupInput>;

/** filters shared by the list and its export */
export const groupFilter = z.strictObject({
  name: z.string().trim().max(64, '集团名称最长64位').optional(),
  contact: z.string().trim().max(32, '联系人最长32位').optional(),
  enabled: enabledMarkFilter().optional(),
});

export const groupListQuery = z.strictObject({
  ...pageQuery.shape,
  sidx: z.enum(['name', 'createdAt'], { error: '不支持的排序字段' }).optional(),
  ...groupFilter.shape,
});
export type GroupListQuery = z.input<typeof groupListQuery>;
export type GroupListValues = z.output<typeof groupListQuery>;

export const group = z.object({
  id: z.string(),
  name: z.string(),
  contact: z.string(),
  phone: z.string(),
  remark: z.string(),
  enabled: z.boolean(),
  /** how many cards the group holds: a group with cards cannot be deleted */
  cardCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Group = z.infer<typeof group>;
export const groupPage = pagedList(group);

export const groupOption = z.object({ id: z.string(), name: z.string(), enabled: z.boolean() });
export type GroupOption = z.infer<typeof groupOption>;
export const groupOptions = z.array(groupOption);
