import { z } from 'zod';
import { pagedList, pageQuery } from '../common/paging.js';
import { deviceOfflineTask } from '../messages/messages.schema.js';
import { parkingTypeFilter } from './device.schema.js';

export const deviceOfflineTaskPaths = {
  list: '/api/system/DeviceOfflineTask',
  export: '/api/system/DeviceOfflineTask/Actions/Export',
} as const;

/** taskTypeName of the tasks the offline check opens */
export const deviceOfflineTaskType = '设备离线';

export const offlineTaskStates = ['open', 'closed'] as const;
export type OfflineTaskState = (typeof offlineTaskStates)[number];
export const offlineTaskStateNames: Readonly<Record<OfflineTaskState, string>> = { open: '未恢复', closed: '已恢复' };

export const offlineTaskFilter = z.object({
  state: z.enum(offlineTaskStates, { error: '任务状态只能是 open（未恢复）或 closed（已恢复）' }).optional(),
  parkingType: parkingTypeFilter.optional(),
  deviceNo: z.string().trim().max(64, '设备编号最长64位').optional(),
});
export type OfflineTaskFilterValues = z.output<typeof offlineTaskFilter>;

export const offlineTaskListQuery = z.strictObject({
  ...pageQuery.shape,
  sidx: z.enum(['creatorTime', 'deviceSn'], { error: '不支持的排序字段' }).optional(),
  ...offlineTaskFilter.shape,
});
export type OfflineTaskListQuery = z.input<typeof offlineTaskListQuery>;
export type OfflineTaskListValues = z.output<typeof offlineTaskListQuery>;

export const offlineTask = deviceOfflineTask.extend({ closedAt: z.string().nullable() });
export type OfflineTask = z.infer<typeof offlineTask>;
export const offlineTaskPage = pagedList(offlineTask);
