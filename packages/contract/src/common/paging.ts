import { z } from 'zod';

export const pageSizeOptions = [10, 15, 20, 50, 100, 200] as const;
export const defaultPageSize = 10;

/** Query fields every paged list accepts. Modules extend it with their filters. */
export const pageQuery = z.object({
  currentPage: z.coerce.number({ error: '页码必须是整数' }).int('页码必须是整数').min(1, '页码最小为1').default(1),
  pageSize: z.coerce.number({ error: '每页条数必须是整数' }).int('每页条数必须是整数').min(1, '每页条数最小为1').max(1000, '每页条数最大为1000').default(defaultPageSize),
  sidx: z.string().max(64).optional(),
  sort: z.enum(['asc', 'desc'], { error: '排序方向只能是 asc 或 desc' }).optional(),
});

export type PageQuery = z.infer<typeof pageQuery>;

export const pagination = z.object({
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

export const pagedList = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), pagination });

export type Paged<T> = { list: T[]; pagination: z.infer<typeof pagination> };

/** Query of a picker's options (用户、岗位、角色选择器): names matching a keyword. */
export const selectorQuery = z.strictObject({ keyword: z.string().trim().max(32).optional() });
