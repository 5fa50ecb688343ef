import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useResourceList, listQueryOptions } from '../../../shared/resource/use-resource';
import { dayText } from '../../../shared/time/business-time';
import { couponDailyResource, couponMonthlyBillResource, withRowIds } from '../coupon-report.resource';
import { ListPanel } from './list-panel';
import { useLocalListState } from '../list-state';

/** The last 7 days up to today; a search without days falls back to them. */
function DailyReport({ today }: { today: Dayjs }) {
  const state = useLocalListState(couponDailyResource, { from: dayText(today.subtract(6, 'day')), to: dayText(today) });
  const list = useQuery({
    ...listQueryOptions(couponDailyResource, state.query),
    placeholderData: keepPreviousData,
    select: (page) => ({ ...page, list: withRowIds(page.list) }),
  });
  return <ListPanel descriptor={couponDailyResource} state={state} list={list} />;
}

/** This month's bill until another month is picked. */
function MonthlyBill({ today }: { today: Dayjs }) {
  const state = useLocalListState(couponMonthlyBillResource, { month: today.format('YYYY-MM') });
  const list = useResourceList(couponMonthlyBillResource, state.query);
  return <ListPanel descriptor={couponMonthlyBillResource} state={state} list={list} />;
}

/** 优惠券 > 报表: coupons issued and used per merchant per day, and what each 后付 merchant owes per month. */
export function CouponReports({ today }: { today: Dayjs }) {
  return (
    <>
      <Typography.Title level={5}>每日发券与使用</Typography.Title>
      <DailyReport today={today} />
      <Typography.Title level={5} className="coupon-report__title">
        后付商户月账单
      </Typography.Title>
      <MonthlyBill today={today} />
    </>
  );
}
