import { driverPayEndpoints } from '@parking/contract';
import { call } from '../../shared/http/call';

// the phone pages say what went wrong themselves: the console's error toasts stay quiet
export const driverPayApi = {
  exitLane: (t: string) => call(driverPayEndpoints.exitLane, { query: { t }, silent: true }),
  findByPlate: (t: string, plateNumber: string) => call(driverPayEndpoints.findByPlate, { body: { t, plateNumber }, silent: true }),
  record: (o: string) => call(driverPayEndpoints.record, { query: { o }, silent: true }),
  pay: (o: string) => call(driverPayEndpoints.pay, { body: { o }, silent: true }),
};

/** Where the browser goes to pay (the provider's cashier); a seam for tests. */
export const goToCashier = { assign: (url: string) => window.location.assign(url) };
