import { devicePagePermission, isFinanceOnly, messageTabTypes, messageTypePermission, type DeviceOfflineTask, type MessageCounts, type SystemMessage } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { forbidden, notFound } from '../../plugins/app-error.js';
import { pageAnswer, type Page } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { firstPositionCode, permissionCodes, recordOperation } from '../system/index.js';
import { countMessagesByType, countOpenOfflineTasks, deleteMessage, findMessage, insertMessage, pageMessages, pageOpenOfflineTasks, type OfflineTaskRow } from './messages.repository.js';

const allTypes = Object.keys(messageTypePermission).map(Number);
const financeTypes = messageTabTypes[5]!;

/** What one user may see: message types by the pages they hold, devices by in/out-road pages. */
export interface MessageScope {
  types: number[];
  offline: { 0: boolean; 1: boolean };
}

export const messageScope = async (db: Db, auth: AuthContext): Promise<MessageScope> => {
  const codes = auth.isAdministrator ? undefined : await permissionCodes(db, auth);
  const holds = (code: string) => codes === undefined || codes.has(code);
  // in tenant mw a user whose first position is the finance one sees the finance warnings only
  const financeOnly = isFinanceOnly(auth.tenantCode, await firstPositionCode(db, auth.tenantId, auth.userId));
  const types = allTypes.filter((t) => holds(messageTypePermission[t]!) && (!financeOnly || financeTypes.includes(t)));
  return {
    types,
    offline: { 0: !financeOnly && holds(devicePagePermission[0]), 1: !financeOnly && holds(devicePagePermission[1]) },
  };
};

const sumOf = (byType: Map<number, number>, types: readonly number[]) => types.reduce((sum, type) => sum + (byType.get(type) ?? 0), 0);

export const messageCounts = async (db: Db, auth: AuthContext, status = 0): Promise<MessageCounts> => {
  const scope = await messageScope(db, auth);
  const byType = await countMessagesByType(db, auth.tenantId, status, scope.types);
  const offline = await countOpenOfflineTasks(db, auth.tenantId);
  const deviceOfflineInCount = scope.offline[0] ? (offline.get(0) ?? 0) : 0;
  const deviceOfflineOutCount = scope.offline[1] ? (offline.get(1) ?? 0) : 0;
  return {
    orderAlertcount: sumOf(byType, messageTabTypes[1]!),
    reviewAppealcount: sumOf(byType, messageTabTypes[2]!),
    deviceOfflineInCount,
    deviceOfflineOutCount,
    deviceOfflineCount: deviceOfflineInCount + deviceOfflineOutCount,
    kaipiaoCount: sumOf(byType, messageTabTypes[5]!),
  };
};

const toMessage = (row: Awaited<ReturnType<typeof findMessage>> & object): SystemMessage => ({
  id: row.id,
  messageName: row.messageName,
  messageText: row.messageText,
  messageType: row.messageType,
  businessId: row.businessId,
  status: row.status,
  creatorTime: row.creatorTime.toISOString(),
  lastModifyTime: row.lastModifyTime.toISOString(),
});

export const listMessages = async (db: Db, auth: AuthContext, query: Page & { status?: number | undefined; messageTypeList?: number[] | undefined }) => {
  const scope = await messageScope(db, auth);
  const types = query.messageTypeList ? scope.types.filter((t) => query.messageTypeList!.includes(t)) : scope.types;
  const page = { currentPage: query.currentPage, pageSize: query.pageSize };
  const { list, total } = types.length ? await pageMessages(db, auth.tenantId, { status: query.status, types }, page) : { list: [], total: 0 };
  return pageAnswer(list, page, total, toMessage);
};

export const removeMessage = async (db: Db, auth: AuthContext, id: string) => {
  const scope = await messageScope(db, auth);
  const message = await findMessage(db, auth.tenantId, id);
  // another tenant's id, or a type the user may not see, is as good as absent
  if (!message || !scope.types.includes(message.messageType)) throw notFound('消息不存在或已删除');
  await deleteMessage(db, auth.tenantId, id);
  await recordOperation(db, auth, {
    module: 'messages',
    action: 'delete',
    target: 'systemMessage',
    targetId: id,
    summary: `删除系统消息「${message.messageName}」`,
    before: message,
  });
};

/** A device offline task as the message center shows it; 设备离线任务 adds when it closed. */
export const toDeviceOfflineTask = (row: OfflineTaskRow): DeviceOfflineTask => ({
  id: row.id,
  taskTypeName: row.taskTypeName,
  content: row.content,
  deviceSn: row.deviceSn,
  parkingType: row.parkingType,
  creatorTime: row.creatorTime.toISOString(),
});

export const listOfflineTasks = async (db: Db, auth: AuthContext, query: Page & { parkingType: number }) => {
  const scope = await messageScope(db, auth);
  const parkingType = query.parkingType as 0 | 1;
  if (!scope.offline[parkingType]) throw forbidden(parkingType === 0 ? '没有查看路内设备离线任务的权限' : '没有查看路外设备离线任务的权限');
  const page = { currentPage: query.currentPage, pageSize: query.pageSize };
  const { list, total } = await pageOpenOfflineTasks(db, auth.tenantId, parkingType, page);
  return pageAnswer(list, page, total, toDeviceOfflineTask);
};

/** Producing modules call this; nothing else writes system messages. */
export const raiseMessage = insertMessage;
