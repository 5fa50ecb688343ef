import type { OfflineTask, OfflineTaskListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../types.js';
import { pageOfflineTasks } from './offline-task.repository.js';

/** 设备离线任务: every outage of the tenant's devices, open or closed. */
export const listOfflineTaskHistory = async (db: Db, auth: AuthContext, query: OfflineTaskListValues) => {
  const { currentPage, pageSize, ...filter } = query;
  const { rows, total } = await pageOfflineTasks(db, auth.tenantId, filter, { currentPage, pageSize });
  const list: OfflineTask[] = rows.map((row) => ({
    id: row.id,
    taskTypeName: row.taskTypeName,
    content: row.content,
    deviceSn: row.deviceSn,
    parkingType: row.parkingType,
    creatorTime: row.creatorTime.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  }));
  return { list, pagination: { currentPage, pageSize, total } };
};
