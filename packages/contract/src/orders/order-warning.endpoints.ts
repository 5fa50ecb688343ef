import { endpoint, idParams, listEndpoints } from '../common/endpoint.js';
import { orderWarning, orderWarningHandleInput, orderWarningListQuery, orderWarningPage, orderWarningPaths } from './order-warning.schema.js';

const params = idParams('订单预警编号格式不正确');

export const orderWarningEndpoints = {
  ...listEndpoints(orderWarningPaths, orderWarningListQuery, orderWarningPage),
  detail: endpoint({ method: 'GET', path: orderWarningPaths.item, params, answer: orderWarning }),
  handle: endpoint({ method: 'POST', path: orderWarningPaths.handle, params, body: orderWarningHandleInput, answer: orderWarning }),
};
