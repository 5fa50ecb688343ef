import { formatAmount, merchantReportQuery, type MerchantReport, type MerchantReportDay } from '@parking/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Empty, Spin } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { businessToday } from '../../shared/time/business-time';
import { merchantApi, merchantOpenKey } from './merchant-api';
import { MerchantLayout, MerchantLoad } from './merchant-layout';

const monthFormat = 'YYYY-MM';
const yuan = (fen: number) => `¥${formatAmount(fen)}`;

/** The month after (+1) or before (-1) a "YYYY-MM". */
export const shiftMonth = (month: string, by: 1 | -1) => dayjs(`${month}-01T00:00:00`).add(by, 'month').format(monthFormat);

/** 后付: what the month is billed, the price of each coupon used in it; 预付 paid at issue. */
function SettlementCard({ report }: { report: MerchantReport }) {
  return (
    <section className="merchant-card merchant-report__bill">
      {report.billAmount === null ? (
        <div className="merchant-hint">预付商户：发券时已从余额扣除结算价，作废的券已退回</div>
      ) : (
        <>
          <div className="merchant-figure__label">本月应结算（后付）</div>
          <div className="merchant-balance__amount" data-testid="merchant-report-bill">
            {yuan(report.billAmount)}
          </div>
          <div className="merchant-hint">按本月已使用的券的结算价合计，由停车场运营方按月结算</div>
        </>
      )}
    </section>
  );
}

function Row({ label, figures, total = false }: { label: string; figures: Omit<MerchantReportDay, 'day'>; total?: boolean }) {
  const Cell = total ? 'th' : 'td';
  return (
    <tr className={total ? 'merchant-report__total' : undefined}>
      <Cell>{label}</Cell>
      <Cell>{figures.issued}</Cell>
      <Cell>{formatAmount(figures.issuedAmount)}</Cell>
      <Cell>{figures.used}</Cell>
      <Cell>{formatAmount(figures.discount)}</Cell>
    </tr>
  );
}

/** Each day of the month that had a coupon issued or used, and the month's totals. */
function DaysTable({ report }: { report: MerchantReport }) {
  if (report.days.length === 0) return <Empty description="本月没有发券或用券" />;
  return (
    <table className="merchant-report__table" data-testid="merchant-report-table">
      <thead>
        <tr>
          <th>日期</th>
          <th>发券</th>
          <th>发券金额</th>
          <th>使用</th>
          <th>抵扣</th>
        </tr>
      </thead>
      <tbody>
        {report.days.map((day) => (
          <Row key={day.day} label={day.day.slice(5)} figures={day} />
        ))}
      </tbody>
      <tfoot>
        <Row label="合计" figures={report.total} total />
      </tfoot>
    </table>
  );
}

/**
 * 发券报表 (/merchant/report?month=YYYY-MM): the merchant's own coupons per day of a month, issued
 * (at their price, in 元) and used (what they took off stays), with the month's totals and, for a 后付
 * merchant, its bill. Without a month it shows the current one of `now` (the clock unless a test fixes it).
 */
export function MerchantReportPage({ now }: { now?: number }) {
  const [params, setParams] = useSearchParams();
  const [thisMonth] = useState(() => businessToday(now).format(monthFormat));
  const asked = merchantReportQuery.safeParse({ month: params.get('month') });
  const month = asked.success ? asked.data.month : thisMonth;
  const report = useQuery({ queryKey: [merchantOpenKey, 'report', month], queryFn: () => merchantApi.report({ month }), placeholderData: keepPreviousData, retry: false });
  const show = (next: string) => setParams({ month: next }, { replace: true });
  return (
    <MerchantLayout title="发券报表">
      <section className="merchant-card merchant-report__month">
        <Button aria-label="上个月" onClick={() => show(shiftMonth(month, -1))} disabled={month <= '2000-01'}>
          ‹
        </Button>
        <DatePicker
          picker="month"
          format={monthFormat}
          inputReadOnly
          allowClear={false}
          aria-label="月份"
          value={dayjs(`${month}-01T00:00:00`)}
          minDate={dayjs('2000-01-01T00:00:00')}
          maxDate={dayjs('2099-12-31T00:00:00')}
          onChange={(picked) => picked && show(picked.format(monthFormat))}
        />
        <Button aria-label="下个月" onClick={() => show(shiftMonth(month, 1))} disabled={month >= '2099-12'}>
          ›
        </Button>
      </section>
      <MerchantLoad pending={report.isPending} error={report.error}>
        {() =>
          report.data && (
            <Spin spinning={report.isFetching && report.isPlaceholderData}>
              <SettlementCard report={report.data} />
              <section className="merchant-card">
                <div className="merchant-card__title">
                  每日发券与使用<span className="merchant-hint--inline">金额单位：元</span>
                </div>
                <DaysTable report={report.data} />
              </section>
            </Spin>
          )
        }
      </MerchantLoad>
    </MerchantLayout>
  );
}
