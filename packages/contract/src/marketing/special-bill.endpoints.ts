import { endpoint, idParams, listEndpoints } from '../common/endpoint.js';
import {
  specialBill,
  specialBillInput,
  specialBillListQuery,
  specialBillOpenPaths,
  specialBillPage,
  specialBillPaths,
  specialBillPublic,
  specialBillTokenQuery,
} from './special-bill.schema.js';

const params = idParams('特殊账单编号格式不正确');

export const specialBillEndpoints = {
  ...listEndpoints(specialBillPaths, specialBillListQuery, specialBillPage),
  /** PNG */
  qrcode: endpoint({ method: 'GET', path: specialBillPaths.qrcode, params, answer: 'file' }),
  detail: endpoint({ method: 'GET', path: specialBillPaths.item, params, answer: specialBill }),
  create: endpoint({ method: 'POST', path: specialBillPaths.list, body: specialBillInput, answer: specialBill }),
  cancel: endpoint({ method: 'POST', path: specialBillPaths.cancel, params, answer: specialBill }),
};

/** No sign-in: the driver's phone reads the bill with the token of its QR code (its payment is in contract payments). */
export const specialBillOpenEndpoints = {
  info: endpoint({ method: 'GET', path: specialBillOpenPaths.info, query: specialBillTokenQuery, answer: specialBillPublic }),
};
