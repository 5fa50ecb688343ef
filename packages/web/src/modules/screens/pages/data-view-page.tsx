import { dataViewRefreshSeconds, type CarLiveEvent, type DataViewLiveEvent, type DataViewMovement, type DataViewSnapshot } from '@parking/contract';
import { useCallback, useState } from 'react';
import { ChannelMix } from '../components/channel-mix';
import { DataViewHeader } from '../components/data-view-header';
import { HourlyFlow } from '../components/hourly-flow';
import { KpiStrip } from '../components/kpi-strip';
import { LatestMovements } from '../components/latest-movements';
import { LotMap } from '../components/lot-map';
import { RankList } from '../components/rank-list';
import { ScreenPanel } from '../components/screen-panel';
import { SnapshotStage } from '../components/screen-states';
import { useDataViewSnapshot } from '../data-view-api';
import { dayOf, hourOf, yuanText } from '../data-view-format';
import { isCarEvent, useLiveEvents, type LiveEventOptions, type LiveStatus } from '../live-events';
import '../data-view.css';

const systemClock = () => new Date();

/** how many movements 实时进出 holds */
const latestRows = 20;

/**
 * The snapshot's latest movements with the cars that came or went since, newest first: a car the
 * stream brought and the next snapshot holds too is shown once.
 */
export const mergeMovements = (arrived: readonly DataViewMovement[], snapshot: readonly DataViewMovement[]): DataViewMovement[] => {
  const seen = new Set<string>();
  return [...arrived, ...snapshot]
    .filter((m) => {
      const key = `${m.kind}|${m.plateNumber}|${Date.parse(m.at)}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
    .slice(0, latestRows);
};

/**
 * The cars the stream brought, named by the lot names of the snapshot on the wall now: a lot created
 * after the wall opened has its name from the next snapshot on, rather than a blank forever.
 */
export const arrivedMovements = (arrived: readonly CarLiveEvent[], snapshot: Pick<DataViewSnapshot, 'lots'>): DataViewMovement[] => {
  const lotNames = new Map(snapshot.lots.map((lot) => [lot.id, lot.name]));
  return arrived.map((event) => ({ kind: event.kind, plateNumber: event.plateNumber || '未识别', lotName: lotNames.get(event.lotId) ?? '', at: event.at }));
};

function Wall({
  snapshot,
  stale,
  live,
  arrived,
  now,
  scale,
}: {
  snapshot: DataViewSnapshot;
  stale: boolean;
  live: LiveStatus;
  arrived: readonly CarLiveEvent[];
  now: () => Date;
  scale: number;
}) {
  // the hours after the snapshot's own are still to come, when the snapshot's today is the day it was read
  const currentHour = dayOf(snapshot.updatedAt) === snapshot.today ? hourOf(snapshot.updatedAt) : 23;
  return (
    <div className="data-view">
      <DataViewHeader tenantTitle={snapshot.tenantTitle} pageName="数据大屏" updatedAt={snapshot.updatedAt} stale={stale} live={live} now={now} />
      <KpiStrip kpis={snapshot.kpis} />
      <div className="data-view-grid">
        <ScreenPanel title="营收排行 TOP10" className="data-view-grid__revenue">
          <RankList label="营收排行" tone="revenue" rows={snapshot.topRevenue.map((row) => ({ name: row.lotName, value: row.amount, text: `${yuanText(row.amount)} 元` }))} />
        </ScreenPanel>
        <ScreenPanel title="停车场分布" className="data-view-grid__plan">
          <LotMap lots={snapshot.lots} scale={scale} />
        </ScreenPanel>
        <ScreenPanel title="实时进出" className="data-view-grid__latest">
          <LatestMovements latest={mergeMovements(arrivedMovements(arrived, snapshot), snapshot.latest)} />
        </ScreenPanel>
        <ScreenPanel title="占用率排行 TOP10" className="data-view-grid__occupancy">
          <RankList
            label="占用率排行"
            tone="occupancy"
            max={100}
            rows={snapshot.topOccupancy.map((row) => ({ name: row.lotName, value: row.occupancyPercent, text: `${row.occupancyPercent}%` }))}
          />
        </ScreenPanel>
        <ScreenPanel title="今日进出场（按小时）" className="data-view-grid__hours">
          <HourlyFlow hours={snapshot.hours} currentHour={currentHour} scale={scale} />
        </ScreenPanel>
        <ScreenPanel title="今日收款渠道" className="data-view-grid__channels">
          <ChannelMix channels={snapshot.channels} scale={scale} />
        </ScreenPanel>
      </div>
    </div>
  );
}

export interface DataViewPageProps {
  /** the header clock's source; tests pass a fixed moment */
  now?: () => Date;
  refreshSeconds?: number;
  /** how the event stream is opened (tests hand in their own fetch) */
  live?: LiveEventOptions;
}

/** 数据大屏 (/dataView): the tenant's parking on one wall, refreshed every dataViewRefreshSeconds. */
export function DataViewPage({ now = systemClock, refreshSeconds = dataViewRefreshSeconds, live: liveOptions }: DataViewPageProps) {
  const snapshot = useDataViewSnapshot(refreshSeconds);
  // cars in and out as the devices report them, between snapshots
  const [arrived, setArrived] = useState<CarLiveEvent[]>([]);
  const onEvent = useCallback((event: DataViewLiveEvent) => {
    if (isCarEvent(event)) setArrived((list) => [event, ...list].slice(0, latestRows));
  }, []);
  const { refetch } = snapshot;
  // back after a break: what was missed is in a fresh snapshot
  const onReconnected = useCallback(() => void refetch(), [refetch]);
  const live = useLiveEvents(onEvent, onReconnected, liveOptions);
  return <SnapshotStage snapshot={snapshot}>{(data, scale) => <Wall snapshot={data} stale={snapshot.isError} live={live} arrived={arrived} now={now} scale={scale} />}</SnapshotStage>;
}
