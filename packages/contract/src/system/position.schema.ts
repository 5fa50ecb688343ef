import { z } from 'zod';
import { pagedList, pageQuery } from '../common/paging.js';
import { identityCode, identityName, sortCodeField } from './organization.schema.js';

export const positionPaths = {
  list: '/api/system/Permission/Position',
  item: '/api/system/Permission/Position/:id',
  selector: '/api/system/Permission/Position/Selector',
} as const;

export const positionInput = z.object({
  organizationId: z.uuid('组织编号格式不正确').nullable().default(null),
  name: identityName('岗位'),
  code: identityCode('岗位'),
  sortCode: sortCodeField,
});
export type PositionInput = z.input<typeof positionInput>;
/** what the server works with once the input has passed validation */
export type PositionValues = z.output<typeof positionInput>;

export const positionListQuery = z.strictObject({
  ...pageQuery.shape,
  sidx: z.enum(['name', 'code', 'sortCode', 'createdAt'], { error: '不支持的排序字段' }).optional(),
  keyword: z.string().trim().max(32).optional(),
  organizationId: z.uuid('组织编号格式不正确').optional(),
});
export type PositionListQuery = z.input<typeof positionListQuery>;

export const position = z.object({
  id: z.string(),
  organizationId: z.string().nullable(),
  organizationName: z.string(),
  name: z.string(),
  code: z.string(),
  sortCode: z.number().int(),
  /** how many users hold it; a position with holders cannot be deleted */
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type Position = z.infer<typeof position>;
export const positionPage = pagedList(position);

export const positionSelectorItem = z.object({ id: z.string(), name: z.string(), code: z.string() });
