import { deviceOfflinePage, messageCounts, messageEndpoints, systemMessagePage, type DeviceOfflineTask, type MessageCounts, type SystemMessage } from '@parking/contract';
import { call } from '../../../shared/http/call';

/** List sizes of the message dialog. */
export const messagePageSize = 50;
export const devicePageSize = 100;
/** The state of an unread message. */
const unread = 0;

export const messageCenterKeys = {
  alertCount: ['messages', 'alertCount'] as const,
  counts: ['messages', 'counts'] as const,
  lists: ['messages', 'list'] as const,
  list: (types: readonly number[] | null) => ['messages', 'list', { types }] as const,
  deviceOffline: (parkingType: 0 | 1) => ['messages', 'deviceOffline', { parkingType }] as const,
};

/** The endpoint polled every 10 s. Silent: a failed poll must not raise a toast every 10 s. */
export const fetchAlertCounts = async (): Promise<MessageCounts> => messageCounts.parse(await call(messageEndpoints.alertCount, { query: { status: unread }, silent: true }));

export const fetchCounts = async (): Promise<MessageCounts> => messageCounts.parse(await call(messageEndpoints.count, { query: { status: unread } }));

export const refreshCounts = async (): Promise<MessageCounts> => messageCounts.parse(await call(messageEndpoints.refresh));

/** Unread system messages of the given types; null means every type the user may see. */
export async function fetchMessages(types: readonly number[] | null): Promise<SystemMessage[]> {
  const query = { status: unread, pageSize: messagePageSize, currentPage: 1, ...(types ? { messageTypeList: types.join(',') } : {}) };
  return systemMessagePage.parse(await call(messageEndpoints.list, { query })).list;
}

export const deleteMessage = (id: string): Promise<unknown> => call(messageEndpoints.remove, { params: { id } });

/** Silent: users without the device pages get a 403, which here means "nothing to show", not /401. */
export async function fetchOfflineTasks(parkingType: 0 | 1): Promise<DeviceOfflineTask[]> {
  const query = { currentPage: 1, pageSize: devicePageSize, parkingType };
  return deviceOfflinePage.parse(await call(messageEndpoints.deviceOffline, { query, silent: true })).list;
}
