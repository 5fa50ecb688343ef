import type { OfflineTask, OfflineTaskListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { pageOfflineTaskHistory, toDeviceOfflineTask, type OfflineTaskRow } from '../messages/index.js';

const toOfflineTask = (row: OfflineTaskRow): OfflineTask => ({ ...toDeviceOfflineTask(row), closedAt: row.closedAt?.toISOString() ?? null });

/** 设备离线任务: every outage of the tenant's devices, open or closed. */
export const listOfflineTaskHistory = async (db: Db, auth: AuthContext, query: OfflineTaskListValues) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageOfflineTaskHistory(db, auth.tenantId, filter, page);
  return pageAnswer(rows, page, total, toOfflineTask);
};
