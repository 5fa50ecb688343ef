import { couponEndpoints, type CouponDailyReportQuery, type CouponDailyRow, type CouponMonthlyBillQuery, type CouponMonthlyBillRow } from '@parking/contract';
import { defineResource } from '../../shared/resource/resource-types';
import { MerchantSelect } from './components/merchant-select';
import { MonthInput } from './components/month-input';
import { couponDailyReportKey, couponMonthlyBillKey } from './coupon-api';

/** A day's row of one merchant: the day and the merchant together name it. */
export type CouponDailyReportRow = CouponDailyRow & { rowId: string };
export const withRowIds = (rows: readonly CouponDailyRow[]): CouponDailyReportRow[] => rows.map((row) => ({ ...row, rowId: `${row.day}/${row.merchantId}` }));

/** 每日发券与使用: per merchant per Shanghai day, the coupons issued (at their price) and used (what they took off). */
export const couponDailyResource = defineResource<CouponDailyReportRow, CouponDailyReportQuery>({
  resource: couponDailyReportKey,
  name: '每日发券与使用',
  endpoints: { list: couponEndpoints.dailyReport, export: couponEndpoints.dailyReportExport },
  rowKey: 'rowId',
  actions: { export: true },
  columns: [
    { dataIndex: 'day', key: 'from', title: '开始日期', valueType: 'date', hideInTable: true, search: { param: 'from', placeholder: '开始日期' } },
    { dataIndex: 'day', key: 'to', title: '结束日期', valueType: 'date', hideInTable: true, search: { param: 'to', placeholder: '结束日期' } },
    { dataIndex: 'day', title: '日期', priority: 'key', width: 110, hideInSearch: true },
    { dataIndex: 'merchantName', title: '商户', priority: 'key', width: 160, search: { param: 'merchantId' }, input: () => <MerchantSelect place="search" /> },
    { dataIndex: 'issued', title: '发券张数', width: 90, hideInSearch: true },
    { dataIndex: 'issuedAmount', title: '发券金额（元）', width: 120, valueType: 'money', hideInSearch: true },
    { dataIndex: 'used', title: '使用张数', width: 90, hideInSearch: true },
    { dataIndex: 'discount', title: '抵扣金额（元）', width: 120, valueType: 'money', hideInSearch: true },
  ],
});

/** 后付商户月账单: what each 后付 merchant owes for the coupons used in a month, at their price. */
export const couponMonthlyBillResource = defineResource<CouponMonthlyBillRow, CouponMonthlyBillQuery>({
  resource: couponMonthlyBillKey,
  name: '后付商户月账单',
  endpoints: { list: couponEndpoints.monthlyBill, export: couponEndpoints.monthlyBillExport },
  rowKey: 'merchantId',
  actions: { export: true },
  columns: [
    { dataIndex: 'month', title: '月份', priority: 'key', width: 100, input: () => <MonthInput /> },
    { dataIndex: 'merchantName', title: '商户', priority: 'key', width: 160, search: { param: 'merchantId' }, input: () => <MerchantSelect place="search" settlement="postpaid" /> },
    { dataIndex: 'used', title: '使用张数', width: 90, hideInSearch: true },
    { dataIndex: 'amount', title: '应结金额（元）', width: 120, valueType: 'money', hideInSearch: true },
    { dataIndex: 'discount', title: '抵扣金额（元）', width: 120, valueType: 'money', hideInSearch: true },
  ],
});
