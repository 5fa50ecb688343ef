import { driverPayEndpoints } from '@parking/contract';
import { call } from '../../shared/http/call';
import { fetchFile } from '../../shared/resource/export-download';

// the phone pages say what went wrong themselves: the console's error toasts stay quiet
export const driverPayApi = {
  exitLane: (t: string) => call(driverPayEndpoints.exitLane, { query: { t }, silent: true }),
  findByPlate: (t: string, plateNumber: string) => call(driverPayEndpoints.findByPlate, { body: { t, plateNumber }, silent: true }),
  record: (o: string) => call(driverPayEndpoints.record, { query: { o }, silent: true }),
  pay: (o: string) => call(driverPayEndpoints.pay, { body: { o }, silent: true }),
  /** 商户优惠码 of a car still in: the merchant page's address it holds, and when it expires */
  stayCode: (o: string) => call(driverPayEndpoints.stayCode, { query: { o }, silent: true }),
  /** the same code as a PNG blob */
  stayCodePng: async (o: string) => (await fetchFile(driverPayEndpoints.stayCodePng.path, { o }, '商户优惠码.png')).blob,
};

/** Where the browser goes to pay (the provider's cashier); a seam for tests. */
export const goToCashier = { assign: (url: string) => window.location.assign(url) };
