import { dataViewCacheSeconds, dataViewRefreshSeconds, type DataViewLiveEvent, type NewDataViewQuery, type NewDataViewSnapshot } from '@parking/contract';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/http/api-error';
import { DataViewHeader } from '../components/data-view-header';
import { HourlyFlow } from '../components/hourly-flow';
import { Kpi } from '../components/kpi-strip';
import { ScopePicker } from '../components/scope-picker';
import { ScreenPanel } from '../components/screen-panel';
import { SnapshotStage } from '../components/screen-states';
import { SpaceGrid } from '../components/space-grid';
import { StayLengths } from '../components/stay-lengths';
import { countText, dayOf, hourOf, kpiYuanText } from '../data-view-format';
import { isCarEvent, useLiveEvents, useRefetchAfterEvents, type LiveStatus } from '../live-events';
import type { DataViewPageProps } from './data-view-page';
import { useNewDataViewSnapshot } from '../new-data-view-api';
import '../data-view.css';
import '../new-data-view.css';

const systemClock = () => new Date();

const count = (value: number) => countText(value);
const yuan = (fen: number) => kpiYuanText(Math.round(fen));
const percent = (value: number) => String(Math.round(value));
const turnover = (value: number) => value.toFixed(2);

/** The wall's scope as the address gives it: ?lotId= or ?areaId=, neither for the first lot. */
const scopeOf = (params: URLSearchParams): NewDataViewQuery => {
  const lotId = params.get('lotId');
  const areaId = params.get('areaId');
  return areaId ? { areaId } : lotId ? { lotId } : {};
};

function Wall({
  snapshot,
  stale,
  live,
  now,
  scale,
  onScope,
}: {
  snapshot: NewDataViewSnapshot;
  stale: boolean;
  live: LiveStatus;
  now: () => Date;
  scale: number;
  onScope: (query: NewDataViewQuery) => void;
}) {
  const currentHour = dayOf(snapshot.updatedAt) === snapshot.today ? hourOf(snapshot.updatedAt) : 23;
  const scopeName = snapshot.scope.kind === 'area' ? `${snapshot.scope.name}（${snapshot.scope.lots} 个停车场）` : snapshot.scope.name;
  return (
    <div className="data-view">
      <DataViewHeader
        tenantTitle={snapshot.tenantTitle}
        pageName="新版数据大屏"
        updatedAt={snapshot.updatedAt}
        stale={stale}
        live={live}
        now={now}
        actions={<ScopePicker choices={snapshot.choices} scope={snapshot.scope} onChange={onScope} />}
      />
      <ul className="data-view-kpis new-data-view-kpis">
        <Kpi label="泊位总数" value={snapshot.totalSpaces} format={count} unit="个" />
        <Kpi label="空闲泊位" value={snapshot.freeSpaces} format={count} unit="个" />
        <Kpi label="占用率" value={snapshot.totalSpaces > 0 ? snapshot.occupancyPercent : null} format={percent} unit="%" />
        <Kpi label="今日入场" value={snapshot.entriesToday} format={count} unit="辆" />
        <Kpi label="今日出场" value={snapshot.exitsToday} format={count} unit="辆" />
        <Kpi label="周转率" value={snapshot.totalSpaces > 0 ? snapshot.turnover : null} format={turnover} unit="次/位" />
        <Kpi label="平均停放" value={snapshot.exitsToday > 0 ? snapshot.averageStayMinutes : null} format={count} unit="分钟" />
        <Kpi label="今日实收" value={snapshot.receivedToday} format={yuan} unit="元" />
        <Kpi label="今日应收" value={snapshot.receivableToday} format={yuan} unit="元" />
      </ul>
      <div className="new-data-view-grid">
        <ScreenPanel title="泊位状态" className="new-data-view-grid__spaces">
          {snapshot.scope.kind === 'none' ? (
            <p className="data-view-empty">暂无启用的停车场</p>
          ) : (
            <>
              <p className="new-data-view-scope">{scopeName}</p>
              <SpaceGrid spaces={snapshot.spaces} moreSpaces={snapshot.moreSpaces} totalSpaces={snapshot.totalSpaces} freeSpaces={snapshot.freeSpaces} />
            </>
          )}
        </ScreenPanel>
        <ScreenPanel title="停车时长分布" className="new-data-view-grid__durations">
          <StayLengths durations={snapshot.durations} scale={scale} />
        </ScreenPanel>
        <ScreenPanel title="今日进出场（按小时）" className="new-data-view-grid__hours">
          <HourlyFlow hours={snapshot.hours} currentHour={currentHour} scale={scale} />
        </ScreenPanel>
      </div>
    </div>
  );
}

/** as 数据大屏's: the clock, the refresh period and the event stream's opening */
export type NewDataViewPageProps = DataViewPageProps;

/**
 * 新版数据大屏 (/newDataView?lotId= or ?areaId=): one lot or area on a wall, its spaces one by one. The
 * choice lives in the address, so a wall can be left on one lot. A car in or out of the shown scope
 * brings a fresh snapshot once the server's cached one has aged, between the regular refreshes.
 */
export function NewDataViewPage({ now = systemClock, refreshSeconds = dataViewRefreshSeconds, live: liveOptions }: NewDataViewPageProps) {
  const [params, setParams] = useSearchParams();
  const scope = useMemo(() => scopeOf(params), [params]);
  const snapshot = useNewDataViewSnapshot(scope, refreshSeconds);
  const onScope = useCallback((query: NewDataViewQuery) => setParams(query.areaId ? { areaId: query.areaId } : query.lotId ? { lotId: query.lotId } : {}, { replace: true }), [setParams]);

  // a lot or area since removed or disabled: the wall goes back to the first lot rather than stay blank
  const refused = snapshot.error instanceof ApiError && snapshot.error.status === 400 && (scope.lotId !== undefined || scope.areaId !== undefined);
  useEffect(() => {
    if (refused) onScope({});
  }, [refused, onScope]);

  const { refetch } = snapshot;
  const refetchSoon = useRefetchAfterEvents(refetch, dataViewCacheSeconds * 1000);
  const shown = snapshot.data?.scope;
  const onEvent = useCallback(
    (event: DataViewLiveEvent) => {
      // an area's lots are not listed one by one: any car may be one of them
      if (isCarEvent(event) && (shown?.kind !== 'lot' || shown.id === event.lotId)) refetchSoon();
    },
    [shown, refetchSoon],
  );
  const onReconnected = useCallback(() => void refetch(), [refetch]);
  const live = useLiveEvents(onEvent, onReconnected, liveOptions);

  return (
    <SnapshotStage snapshot={snapshot} waiting={refused}>
      {(data, scale) => <Wall snapshot={data} stale={snapshot.isError} live={live} now={now} scale={scale} onScope={onScope} />}
    </SnapshotStage>
  );
}
