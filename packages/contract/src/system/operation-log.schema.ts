import { z } from 'zod';
import { pagedList } from '../common/paging.js';

export const operationActions = ['create', 'update', 'delete', 'login', 'logout', 'export', 'other'] as const;
export const operationActionNames: Readonly<Record<(typeof operationActions)[number], string>> = {
  create: '新增',
  update: '修改',
  delete: '删除',
  login: '登录',
  logout: '退出',
  export: '导出',
  other: '其他',
};

const dateTimeText = z.iso.datetime({ offset: true, error: '时间格式应为 ISO 8601，如 2026-11-20T08:00:00+08:00' });

export const operationLogQuery = z.strictObject({
  currentPage: z.coerce.number().int('页码必须是整数').min(1, '页码最小为1').default(1),
  pageSize: z.coerce.number().int('每页条数必须是整数').min(1, '每页条数最小为1').max(1000, '每页条数最大为1000').default(10),
  sidx: z.enum(['createdAt', 'account', 'module', 'action'], { error: '不支持的排序字段' }).optional(),
  sort: z.enum(['asc', 'desc'], { error: '排序方向只能是 asc 或 desc' }).optional(),
  account: z.string().trim().max(64).optional(),
  module: z.string().trim().max(32).optional(),
  action: z.enum(operationActions, { error: '不支持的操作类型' }).optional(),
  target: z.string().trim().max(64).optional(),
  targetId: z.string().trim().max(64).optional(),
  keyword: z.string().trim().max(64).optional(),
  startTime: dateTimeText.optional(),
  endTime: dateTimeText.optional(),
});
export type OperationLogQuery = z.input<typeof operationLogQuery>;

export const operationLog = z.object({
  id: z.string(),
  account: z.string(),
  module: z.string(),
  action: z.string(),
  target: z.string(),
  targetId: z.string(),
  /** the target's current name (or the name the entry logged, for one deleted since); '' when it has none */
  targetName: z.string(),
  summary: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /** id → name of every object the entry refers to (its target, and the id fields of before and after), read within the tenant */
  names: z.record(z.string(), z.string()),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
});
export type OperationLog = z.infer<typeof operationLog>;
export const operationLogPage = pagedList(operationLog);

export const operationLogPaths = {
  list: '/api/system/log',
  export: '/api/system/log/Actions/Export',
} as const;
