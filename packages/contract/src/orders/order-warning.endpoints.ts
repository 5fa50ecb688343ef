import { endpoint, idParams, itemEndpoints, listEndpoints } from '../common/endpoint.js';
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

export const orderWarningEndpoints = {
  ...listEndpoints(orderWarningPaths, orderWarningListQuery, orderWarningPage),
  detail: endpoint({ method: 'GET', path: orderWarningPaths.item, params, answer: orderWarning }),
  handle: endpoint({ method: 'POST', path: orderWarningPaths.handle, params, body: orderWarningHandleInput, answer: orderWarning }),
};

/** 黑名单车辆, the plates whose arrival raises a warning */
export const plateBlacklistEndpoints = {
  list: endpoint({ method: 'GET', path: orderWarningPaths.blacklist, query: plateBlacklistListQuery, answer: plateBlacklistPage }),
  ...itemEndpoints(
    { list: orderWarningPaths.blacklist, item: orderWarningPaths.blacklistItem },
    { params: idParams('黑名单编号格式不正确'), body: plateBlacklistInput, answer: plateBlacklistEntry },
  ),
};
