import { z } from 'zod';
import { endpoint, idParams, listEndpoints } from '../common/endpoint.js';
import { deviceOfflinePage, deviceOfflineQuery, messageCountQuery, messageCounts, messageListQuery, messagePaths, systemMessagePage } from './messages.schema.js';

export const messageEndpoints = {
  count: endpoint({ method: 'GET', path: messagePaths.count, query: messageCountQuery, answer: messageCounts }),
  alertCount: endpoint({ method: 'GET', path: messagePaths.alertCount, query: messageCountQuery, answer: messageCounts }),
  refresh: endpoint({ method: 'GET', path: messagePaths.refresh, answer: messageCounts }),
  ...listEndpoints(messagePaths, messageListQuery, systemMessagePage),
  remove: endpoint({ method: 'DELETE', path: messagePaths.remove, params: idParams('消息编号格式不正确'), answer: z.null() }),
  deviceOffline: endpoint({ method: 'GET', path: messagePaths.deviceOffline, query: deviceOfflineQuery, answer: deviceOfflinePage }),
};
