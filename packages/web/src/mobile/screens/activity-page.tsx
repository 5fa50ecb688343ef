import { ReloadOutlined } from '@ant-design/icons';
import { activityLevelNames, activityPlacementNames, type ActivityHour, type ActivityLot, type ActivityStats } from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { activityApi } from '../../modules/screens';
import { ApiError } from '../../shared/http/api-error';
import { formatBusiness } from '../../shared/time/business-time';
import '../mobile.css';
import './activity.css';

/** The page asks again every minute while it is open. */
export const activityRefreshMs = 60_000;

const shanghaiHour = (iso: string) => Number(formatBusiness(iso, 'H'));

/** The chart's top: an even round number at or above the busiest hour, so the middle line is whole too. */
export const chartTop = (max: number) => {
  const half = Math.max(1, Math.ceil(max / 2));
  const magnitude = 10 ** Math.floor(Math.log10(half));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((n) => n >= half) ?? half;
  return step * 2;
};

function SummaryCard({ label, value, unit, tone }: { label: string; value: number; unit: string; tone?: 'free' | 'parked' }) {
  return (
    <div className={`activity-summary__card${tone ? ` activity-summary__card--${tone}` : ''}`}>
      <div className="activity-summary__label">{label}</div>
      <div className="activity-summary__value" aria-label={`${label} ${value}${unit}`}>
        {value.toLocaleString('zh-CN')}
        <span className="activity-summary__unit">{unit}</span>
      </div>
    </div>
  );
}

function LotItem({ lot }: { lot: ActivityLot }) {
  const place = [lot.areaName, lot.address].filter(Boolean).join(' · ');
  return (
    <li className="activity-lot" aria-label={lot.name}>
      <div className="activity-lot__main">
        <div className="activity-lot__head">
          <span className="activity-lot__name">{lot.name}</span>
          <span className={`activity-lot__placement activity-lot__placement--${lot.placement}`}>{activityPlacementNames[lot.placement]}</span>
        </div>
        {place && <div className="activity-lot__place">{place}</div>}
        <div className="activity-lot__bar" role="progressbar" aria-label={`${lot.name} 占用率`} aria-valuenow={lot.occupancyPercent} aria-valuemin={0} aria-valuemax={100}>
          <div className={`activity-lot__fill activity-lot__fill--${lot.level}`} style={{ width: `${lot.occupancyPercent}%` }} />
        </div>
        <div className="activity-lot__facts">
          <span>占用率 {lot.occupancyPercent}%</span>
          <span>
            在场 {lot.parked} / 共 {lot.totalSpaces} 位
          </span>
        </div>
      </div>
      <div className={`activity-lot__free activity-lot__free--${lot.level}`}>
        <div className="activity-lot__free-count" data-testid="lot-free">
          {lot.freeSpaces}
        </div>
        <div className="activity-lot__free-label">空闲泊位</div>
        <span className={`activity-lot__level activity-lot__level--${lot.level}`}>{activityLevelNames[lot.level]}</span>
      </div>
    </li>
  );
}

/** 24 bars, one per clock hour; plain CSS, labelled every third hour in Shanghai time. */
function EntriesChart({ hours, total }: { hours: ActivityHour[]; total: number }) {
  const max = chartTop(Math.max(0, ...hours.map((h) => h.entries)));
  const busiest = hours.reduce<ActivityHour | undefined>((best, h) => (h.entries > (best?.entries ?? 0) ? h : best), undefined);
  return (
    <>
      <div className="activity-chart__caption">
        共 <b>{total.toLocaleString('zh-CN')}</b> 车次
        {busiest && (
          <span>
            ，{shanghaiHour(busiest.start)}时最多（{busiest.entries} 车次）
          </span>
        )}
        <span className="activity-chart__legend">
          <i /> 当前小时
        </span>
      </div>
      <div className="activity-chart" role="img" aria-label={`近24小时入场 ${total} 车次`}>
        <div className="activity-chart__scale" aria-hidden>
          <span>{max}</span>
          <span>{max / 2}</span>
          <span>0</span>
        </div>
        {total === 0 && <div className="activity-chart__empty">近24小时暂无入场记录</div>}
        <ol className="activity-chart__bars">
          {hours.map((h, i) => {
            const hour = shanghaiHour(h.start);
            return (
              <li key={h.start} className="activity-chart__slot" title={`${hour}时 入场 ${h.entries} 车次`} data-entries={h.entries}>
                <div className="activity-chart__track">
                  <div
                    className={`activity-chart__bar${i === hours.length - 1 ? ' activity-chart__bar--now' : ''}`}
                    style={{ height: `${h.entries === 0 ? 0 : Math.max(3, (h.entries / max) * 100)}%` }}
                  />
                </div>
                <span className="activity-chart__hour">{hour % 3 === 0 ? String(hour).padStart(2, '0') : ''}</span>
              </li>
            );
          })}
        </ol>
      </div>
    </>
  );
}

function Hero({ tenantTitle, children }: { tenantTitle?: string | undefined; children?: ReactNode }) {
  return (
    <header className="activity__hero">
      <div className="activity__tenant">{tenantTitle ?? '\u00a0'}</div>
      <h1 className="activity__title">停车统计</h1>
      {children}
    </header>
  );
}

function ActivityBody({ data, onRefresh, refreshing, staleError }: { data: ActivityStats; onRefresh: () => void; refreshing: boolean; staleError: string | null }) {
  const { totals } = data;
  return (
    <>
      <Hero tenantTitle={data.tenantTitle}>
        <div className="activity__updated">
          <span>更新于 {formatBusiness(data.updatedAt)}</span>
          <Button size="small" type="text" className="activity__refresh" icon={<ReloadOutlined spin={refreshing} />} onClick={onRefresh} aria-label="刷新" />
        </div>
      </Hero>
      <div className="activity__content">
        <section className="activity-summary" aria-label="汇总">
          <SummaryCard label="停车场" value={totals.lots} unit="个" />
          <SummaryCard label="总泊位" value={totals.totalSpaces} unit="位" />
          <SummaryCard label="空闲泊位" value={totals.freeSpaces} unit="位" tone="free" />
          <SummaryCard label="在场车辆" value={totals.parked} unit="辆" tone="parked" />
        </section>
        {staleError && <Alert type="warning" showIcon className="activity__stale" title={`刷新失败：${staleError}，显示的是上次的数据`} />}
        <div className="activity__columns">
          <section className="activity__panel" aria-label="停车场空闲泊位">
            <div className="activity__panel-head">
              <h2>各停车场空闲泊位</h2>
              <span>按空闲泊位排序</span>
            </div>
            {data.lots.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无对外开放的停车场" />
            ) : (
              <ul className="activity-lots">
                {data.lots.map((lot) => (
                  <LotItem key={lot.name} lot={lot} />
                ))}
              </ul>
            )}
          </section>
          <section className="activity__panel" aria-label="近24小时入场车次">
            <div className="activity__panel-head">
              <h2>近24小时入场车次</h2>
              <span>按小时</span>
            </div>
            <EntriesChart hours={data.hours} total={totals.entries24h} />
          </section>
        </div>
        <footer className="activity__footer">数据每 60 秒自动刷新 · 空闲泊位仅供参考，以现场为准</footer>
      </div>
    </>
  );
}

/**
 * /activity: a tenant's public parking statistics for drivers, signed out. `?tenant=`
 * names the tenant; without it the server takes the account cookie, as the console's branding does.
 */
export function ActivityPage() {
  const [search] = useSearchParams();
  const tenant = search.get('tenant')?.trim() ?? '';
  const stats = useQuery({
    queryKey: ['activityOpen', tenant],
    retry: false,
    refetchInterval: activityRefreshMs,
    queryFn: () => activityApi.stats(tenant),
  });

  const body = (() => {
    if (stats.isPending)
      return (
        <>
          <Hero />
          <div className="activity__loading">
            <Spin size="large" />
            <div>正在加载停车统计…</div>
          </div>
        </>
      );
    if (stats.isError && !stats.data) {
      const unknown = stats.error instanceof ApiError && (stats.error.code === 404 || stats.error.code === 400);
      return (
        <>
          <Hero />
          <div className="activity__content activity__content--alone">
            <Result
              status={unknown ? 'warning' : 'error'}
              title={unknown ? '未找到该停车运营单位' : '停车统计加载失败'}
              subTitle={unknown ? `${stats.error.message}，请确认链接是否完整` : stats.error.message}
              extra={
                <Button type="primary" onClick={() => void stats.refetch()}>
                  重新加载
                </Button>
              }
            />
          </div>
        </>
      );
    }
    return <ActivityBody data={stats.data!} onRefresh={() => void stats.refetch()} refreshing={stats.isFetching} staleError={stats.isError ? stats.error.message : null} />;
  })();

  return <main className="mobile-page activity">{body}</main>;
}
