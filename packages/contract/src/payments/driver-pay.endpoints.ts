import { z } from 'zod';
import { endpoint, idParams } from '../common/endpoint.js';
import { specialBillOpenPaths, specialBillPayInput, specialBillPayResult } from '../marketing/special-bill.schema.js';
import {
  driverOrder,
  driverPayPaths,
  exitLaneInfo,
  exitLaneQuery,
  findOrderInput,
  orderQuery,
  orderToken,
  payOrderInput,
  payOrderResult,
  recordPayQrCode,
  recordPayQrCodePath,
  sandboxNoticeResult,
  sandboxSignatureHeader,
} from './driver-pay.schema.js';

/** The driver's phone, signed out; the tokens come from the scanned codes. */
export const driverPayEndpoints = {
  exitLane: endpoint({ method: 'GET', path: driverPayPaths.exitLane, query: exitLaneQuery, answer: exitLaneInfo }),
  findOrder: endpoint({ method: 'POST', path: driverPayPaths.findOrder, body: findOrderInput, answer: orderToken }),
  order: endpoint({ method: 'GET', path: driverPayPaths.order, query: orderQuery, answer: driverOrder }),
  pay: endpoint({ method: 'POST', path: driverPayPaths.pay, body: payOrderInput, answer: payOrderResult }),
  /** 特殊账单 立即支付: opens a payment of the bill the token names */
  specialBillPay: endpoint({ method: 'POST', path: specialBillOpenPaths.pay, body: specialBillPayInput, answer: specialBillPayResult }),
  /** the console's 支付二维码 of one record */
  recordPayQrCode: endpoint({ method: 'GET', path: recordPayQrCodePath, params: idParams('停车记录编号格式不正确'), answer: recordPayQrCode }),
};

/** Posted by the sandbox provider, not the console: the body stays unparsed because the signature covers its exact bytes. */
export const sandboxGatewayEndpoints = {
  notify: endpoint({
    method: 'POST',
    path: driverPayPaths.sandboxNotify,
    headers: z.looseObject({ [sandboxSignatureHeader]: z.string().max(128).optional() }),
    body: z.unknown(),
    answer: sandboxNoticeResult,
  }),
};
