import { z } from 'zod';
import { endpoint, idParams } from '../common/endpoint.js';
import {
  merchantCoupon,
  merchantCouponListQuery,
  merchantCouponPage,
  merchantIssueInput,
  merchantOpenPaths,
  merchantProfile,
  merchantReport,
  merchantReportQuery,
  merchantRevokeInput,
  merchantSession,
  merchantSignInInput,
  merchantStay,
  merchantStayQuery,
} from './merchant-open.schema.js';

/** No staff sign-in: the merchant's phone, with the token of its own session (merchantTokenHeader). */
export const merchantOpenEndpoints = {
  signIn: endpoint({ method: 'POST', path: merchantOpenPaths.signIn, body: merchantSignInInput, answer: merchantSession }),
  signOut: endpoint({ method: 'POST', path: merchantOpenPaths.signOut, answer: z.null() }),
  me: endpoint({ method: 'GET', path: merchantOpenPaths.me, answer: merchantProfile }),
  coupons: endpoint({ method: 'GET', path: merchantOpenPaths.coupons, query: merchantCouponListQuery, answer: merchantCouponPage }),
  issue: endpoint({ method: 'POST', path: merchantOpenPaths.coupons, body: merchantIssueInput, answer: merchantCoupon }),
  revoke: endpoint({ method: 'POST', path: merchantOpenPaths.revoke, params: idParams('券编号格式不正确'), body: merchantRevokeInput, answer: merchantCoupon }),
  report: endpoint({ method: 'GET', path: merchantOpenPaths.report, query: merchantReportQuery, answer: merchantReport }),
  /** the car of a scanned 商户优惠码 */
  stay: endpoint({ method: 'GET', path: merchantOpenPaths.stay, query: merchantStayQuery, answer: merchantStay }),
};
