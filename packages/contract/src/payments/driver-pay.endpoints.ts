import { z } from 'zod';
import { endpoint, idParams } from '../common/endpoint.js';
import { specialBillOpenPaths, specialBillPayInput, specialBillPayResult } from '../marketing/special-bill.schema.js';
import {
  driverRecord,
  driverPayPaths,
  exitLaneInfo,
  exitLaneQuery,
  findRecordInput,
  recordQuery,
  recordToken,
  payRecordInput,
  payRecordResult,
  recordPayQrCode,
  recordPayQrCodePath,
  sandboxNoticeResult,
  sandboxSignatureHeader,
  stayCode,
} from './driver-pay.schema.js';

/** The driver's phone, signed out; the tokens come from the scanned codes. */
export const driverPayEndpoints = {
  exitLane: endpoint({ method: 'GET', path: driverPayPaths.exitLane, query: exitLaneQuery, answer: exitLaneInfo }),
  findByPlate: endpoint({ method: 'POST', path: driverPayPaths.findByPlate, body: findRecordInput, answer: recordToken }),
  record: endpoint({ method: 'GET', path: driverPayPaths.record, query: recordQuery, answer: driverRecord }),
  pay: endpoint({ method: 'POST', path: driverPayPaths.pay, body: payRecordInput, answer: payRecordResult }),
  /** 商户优惠码 of a car still in: the address it holds, and the code as a PNG */
  stayCode: endpoint({ method: 'GET', path: driverPayPaths.stayCode, query: recordQuery, answer: stayCode }),
  stayCodePng: endpoint({ method: 'GET', path: driverPayPaths.stayCodePng, query: recordQuery, answer: 'file' }),
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
