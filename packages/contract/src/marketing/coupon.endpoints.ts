import { endpoint, idParams, itemEndpoints, listEndpoints } from '../common/endpoint.js';
import {
  coupon,
  couponDailyPage,
  couponDailyReportQuery,
  couponIssueInput,
  couponListQuery,
  couponMonthlyBillPage,
  couponMonthlyBillQuery,
  couponPage,
  couponPaths,
  couponRevokeInput,
  couponTemplate,
  couponTemplateInput,
  couponTemplateListQuery,
  couponTemplatePage,
  couponTemplatePaths,
} from './coupon.schema.js';

export const couponTemplateEndpoints = {
  ...listEndpoints(couponTemplatePaths, couponTemplateListQuery, couponTemplatePage),
  ...itemEndpoints(couponTemplatePaths, { params: idParams('优惠券编号格式不正确'), body: couponTemplateInput, answer: couponTemplate }),
};

const params = idParams('券编号格式不正确');

export const couponEndpoints = {
  ...listEndpoints(couponPaths, couponListQuery, couponPage),
  detail: endpoint({ method: 'GET', path: couponPaths.item, params, answer: coupon }),
  issue: endpoint({ method: 'POST', path: couponPaths.issue, body: couponIssueInput, answer: coupon }),
  revoke: endpoint({ method: 'POST', path: couponPaths.revoke, params, body: couponRevokeInput, answer: coupon }),
  dailyReport: endpoint({ method: 'GET', path: couponPaths.dailyReport, query: couponDailyReportQuery, answer: couponDailyPage }),
  dailyReportExport: endpoint({ method: 'GET', path: couponPaths.dailyReportExport, query: couponDailyReportQuery, answer: 'file' }),
  monthlyBill: endpoint({ method: 'GET', path: couponPaths.monthlyBill, query: couponMonthlyBillQuery, answer: couponMonthlyBillPage }),
  monthlyBillExport: endpoint({ method: 'GET', path: couponPaths.monthlyBillExport, query: couponMonthlyBillQuery, answer: 'file' }),
};
