import { endpoint, idParams } from '../common/endpoint.js';
import { parkingRecord } from '../orders/parking-record.schema.js';
import {
  abnormalReleaseInput,
  abnormalReleasePath,
  arrearsReminder,
  arrearsReminderInput,
  unpaidOrderDetail,
  unpaidOrderListQuery,
  unpaidOrderPage,
  unpaidOrderPaths,
  unpaidOrderPlateParams,
} from './unpaid-order.schema.js';

export const unpaidOrderEndpoints = {
  list: endpoint({ method: 'GET', path: unpaidOrderPaths.list, query: unpaidOrderListQuery, answer: unpaidOrderPage }),
  export: endpoint({ method: 'GET', path: unpaidOrderPaths.export, query: unpaidOrderListQuery, answer: 'file' }),
  detail: endpoint({ method: 'GET', path: unpaidOrderPaths.item, params: unpaidOrderPlateParams, answer: unpaidOrderDetail }),
  reminders: endpoint({ method: 'POST', path: unpaidOrderPaths.reminders, params: unpaidOrderPlateParams, body: arrearsReminderInput, answer: arrearsReminder }),
  /** 异常放行 of one record */
  abnormalRelease: endpoint({ method: 'POST', path: abnormalReleasePath, params: idParams('停车记录编号格式不正确'), body: abnormalReleaseInput, answer: parkingRecord }),
};
