import { driverPayEndpoints, groupCardOpenEndpoints, specialBillOpenEndpoints } from '@parking/contract';
import { call } from '../../shared/http/call';

// the phone pages say what went wrong themselves: the console's error toasts stay quiet

/** A driver's 集团卡, named by the signed token of its printed code. */
export const groupCardOpenApi = {
  info: (t: string) => call(groupCardOpenEndpoints.info, { query: { t }, silent: true }),
  bindPlate: (t: string, plateNumber: string) => call(groupCardOpenEndpoints.plates, { body: { t, plateNumber }, silent: true }),
};

/** A driver's 特殊账单, named by the signed token of its printed code. */
export const specialBillOpenApi = {
  info: (t: string) => call(specialBillOpenEndpoints.info, { query: { t }, silent: true }),
  /**
   * 立即支付: asks the server to open a payment of the bill; the page sends the driver to the
   * provider's cashier (`payUrl`), which sends them back to the bill.
   */
  pay: (t: string) => call(driverPayEndpoints.specialBillPay, { body: { t }, silent: true }),
};
