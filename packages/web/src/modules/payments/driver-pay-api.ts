import { driverPayPaths, type DriverOrder, type ExitLaneInfo, type OrderTokenAnswer, type PayOrderResult } from '@parking/contract';
import { requestData } from '../../shared/http/http-client';

// the phone pages say what went wrong themselves: the console's error toasts stay quiet
export const driverPayApi = {
  exitLane: (t: string) => requestData<ExitLaneInfo>({ method: 'GET', url: driverPayPaths.exitLane, params: { t }, silent: true }),
  findOrder: (t: string, plateNumber: string) =>
    requestData<OrderTokenAnswer>({ method: 'POST', url: driverPayPaths.findOrder, data: { t, plateNumber }, silent: true }),
  order: (o: string) => requestData<DriverOrder>({ method: 'GET', url: driverPayPaths.order, params: { o }, silent: true }),
  pay: (o: string) => requestData<PayOrderResult>({ method: 'POST', url: driverPayPaths.pay, data: { o }, silent: true }),
};

/** Where the browser goes to pay (the provider's cashier); a seam for tests. */
export const goToCashier = { assign: (url: string) => window.location.assign(url) };
