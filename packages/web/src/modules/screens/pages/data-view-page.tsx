import { dataViewRefreshSeconds, type DataViewSnapshot } from '@parking/contract';
import { Button, Spin } from 'antd';
import { ChannelMix } from '../components/channel-mix';
import { DataViewHeader } from '../components/data-view-header';
import { HourlyFlow } from '../components/hourly-flow';
import { KpiStrip } from '../components/kpi-strip';
import { LatestMovements } from '../components/latest-movements';
import { LotPlan } from '../components/lot-plan';
import { RankList } from '../components/rank-list';
import { ScreenStage } from '../components/screen-stage';
import { useDataViewSnapshot } from '../data-view-api';
import { dayOf, hourOf, yuanText } from '../data-view-format';
import type { ReactNode } from 'react';
import '../data-view.css';

const systemClock = () => new Date();

function Panel({ title, className, children }: { title: string; className: string; children: ReactNode }) {
  return (
    <section className={`data-view-panel ${className}`} aria-label={title}>
      <h2 className="data-view-panel__title">{title}</h2>
      <div className="data-view-panel__body">{children}</div>
    </section>
  );
}

function Wall({ snapshot, stale, now, scale }: { snapshot: DataViewSnapshot; stale: boolean; now: () => Date; scale: number }) {
  // the hours after the snapshot's own are still to come, when the snapshot's today is the day it was read
  const currentHour = dayOf(snapshot.updatedAt) === snapshot.today ? hourOf(snapshot.updatedAt) : 23;
  return (
    <div className="data-view">
      <DataViewHeader tenantTitle={snapshot.tenantTitle} updatedAt={snapshot.updatedAt} stale={stale} now={now} />
      <KpiStrip kpis={snapshot.kpis} />
      <div className="data-view-grid">
        <Panel title="营收排行 TOP10" className="data-view-grid__revenue">
          <RankList label="营收排行" tone="revenue" rows={snapshot.topRevenue.map((row) => ({ name: row.lotName, value: row.amount, text: `${yuanText(row.amount)} 元` }))} />
        </Panel>
        <Panel title="停车场分布" className="data-view-grid__plan">
          <LotPlan lots={snapshot.lots} scale={scale} />
        </Panel>
        <Panel title="实时进出" className="data-view-grid__latest">
          <LatestMovements latest={snapshot.latest} />
        </Panel>
        <Panel title="占用率排行 TOP10" className="data-view-grid__occupancy">
          <RankList
            label="占用率排行"
            tone="occupancy"
            max={100}
            rows={snapshot.topOccupancy.map((row) => ({ name: row.lotName, value: row.occupancyPercent, text: `${row.occupancyPercent}%` }))}
          />
        </Panel>
        <Panel title="今日进出场（按小时）" className="data-view-grid__hours">
          <HourlyFlow hours={snapshot.hours} currentHour={currentHour} scale={scale} />
        </Panel>
        <Panel title="今日收款渠道" className="data-view-grid__channels">
          <ChannelMix channels={snapshot.channels} scale={scale} />
        </Panel>
      </div>
    </div>
  );
}

export interface DataViewPageProps {
  /** the header clock's source; tests pass a fixed moment */
  now?: () => Date;
  refreshSeconds?: number;
}

/** 数据大屏 (/dataView): the tenant's parking on one wall, refreshed every dataViewRefreshSeconds. */
export function DataViewPage({ now = systemClock, refreshSeconds = dataViewRefreshSeconds }: DataViewPageProps) {
  const snapshot = useDataViewSnapshot(refreshSeconds);
  return (
    <ScreenStage>
      {(scale) =>
        snapshot.data ? (
          <Wall snapshot={snapshot.data} stale={snapshot.isError} now={now} scale={scale} />
        ) : snapshot.isError ? (
          <div className="data-view data-view--message" role="alert">
            <p className="data-view-message">数据加载失败</p>
            <Button type="primary" size="large" loading={snapshot.isFetching} onClick={() => void snapshot.refetch()}>
              重试
            </Button>
          </div>
        ) : (
          <div className="data-view data-view--message">
            <Spin size="large" />
            <p className="data-view-message">加载中…</p>
          </div>
        )
      }
    </ScreenStage>
  );
}
