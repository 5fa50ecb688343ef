import { z } from 'zod';
import { endpoint, idParams } from '../common/endpoint.js';
import {
  orderWarning,
  orderWarningHandleInput,
  orderWarningListQuery,
  orderWarningPage,
  orderWarningPaths,
  plateBlacklistEntry,
  plateBlacklistInput,
  plateBlacklistListQuery,
  plateBlacklistPage,
} from './order-warning.schema.js';

const params = idParams('订单预警编号格式不正确');
const blacklistParams = idParams('黑名单编号格式不正确');

export const orderWarningEndpoints = {
  list: endpoint({ method: 'GET', path: orderWarningPaths.list, query: orderWarningListQuery, answer: orderWarningPage }),
  export: endpoint({ method: 'GET', path: orderWarningPaths.export, query: orderWarningListQuery, answer: 'file' }),
  detail: endpoint({ method: 'GET', path: orderWarningPaths.item, params, answer: orderWarning }),
  handle: endpoint({ method: 'POST', path: orderWarningPaths.handle, params, body: orderWarningHandleInput, answer: orderWarning }),
};

/** 黑名单车辆, the plates whose arrival raises a warning */
export const plateBlacklistEndpoints = {
  list: endpoint({ method: 'GET', path: orderWarningPaths.blacklist, query: plateBlacklistListQuery, answer: plateBlacklistPage }),
  create: endpoint({ method: 'POST', path: orderWarningPaths.blacklist, body: plateBlacklistInput, answer: plateBlacklistEntry }),
  detail: endpoint({ method: 'GET', path: orderWarningPaths.blacklistItem, params: blacklistParams, answer: plateBlacklistEntry }),
  update: endpoint({ method: 'PUT', path: orderWarningPaths.blacklistItem, params: blacklistParams, body: plateBlacklistInput, answer: plateBlacklistEntry }),
  remove: endpoint({ method: 'DELETE', path: orderWarningPaths.blacklistItem, params: blacklistParams, answer: z.null() }),
};
