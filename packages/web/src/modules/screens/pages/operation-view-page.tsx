import { dataViewCacheSeconds, dataViewRefreshSeconds, type OperationViewSnapshot } from '@parking/contract';
import { useCallback } from 'react';
import { DataViewHeader } from '../components/data-view-header';
import { DeviceStates } from '../components/device-states';
import { OperationKpis } from '../components/operation-kpis';
import { AbnormalReleases, OfflineTasks, WaitingCars } from '../components/operation-lists';
import { ScreenPanel } from '../components/screen-panel';
import { SnapshotStage } from '../components/screen-states';
import { WarningBars } from '../components/warning-bars';
import { useLiveEvents, useRefetchAfterEvents, type LiveEventOptions, type LiveStatus } from '../live-events';
import { useOperationViewSnapshot } from '../operation-view-api';
import '../data-view.css';
import '../operation-view.css';

const systemClock = () => new Date();

function Wall({ snapshot, stale, live, now }: { snapshot: OperationViewSnapshot; stale: boolean; live: LiveStatus; now: () => Date }) {
  return (
    <div className="data-view">
      <DataViewHeader tenantTitle={snapshot.tenantTitle} pageName="运营大屏" updatedAt={snapshot.updatedAt} stale={stale} live={live} now={now} />
      <OperationKpis snapshot={snapshot} />
      <div className="operation-grid">
        <ScreenPanel title="设备状态" className="operation-grid__devices">
          <DeviceStates devices={snapshot.devices} />
        </ScreenPanel>
        <ScreenPanel title="车道等待" className="operation-grid__waiting">
          <WaitingCars waiting={snapshot.waiting} now={now} />
        </ScreenPanel>
        <ScreenPanel title="离线任务" className="operation-grid__offline">
          <OfflineTasks tasks={snapshot.offlineTasks} />
        </ScreenPanel>
        <ScreenPanel title="订单预警" className="operation-grid__warnings">
          <WarningBars warnings={snapshot.warnings} />
        </ScreenPanel>
        <ScreenPanel title="异常放行" className="operation-grid__releases">
          <AbnormalReleases releases={snapshot.abnormalReleases} />
        </ScreenPanel>
      </div>
    </div>
  );
}

export interface OperationViewPageProps {
  /** the page's clock (header, minutes waited); tests pass a fixed moment */
  now?: () => Date;
  refreshSeconds?: number;
  /** how the event stream is opened (tests hand in their own fetch) */
  live?: LiveEventOptions;
}

/**
 * 运营大屏 (/operationView): what the operations room must act on, on one wall, refreshed every
 * dataViewRefreshSeconds, and sooner when the live stream says something changed: a warning raised
 * or handled, a device on- or offline, a car at a barrier in or out.
 */
export function OperationViewPage({ now = systemClock, refreshSeconds = dataViewRefreshSeconds, live: liveOptions }: OperationViewPageProps) {
  const snapshot = useOperationViewSnapshot(refreshSeconds);
  const { refetch } = snapshot;
  const onEvent = useRefetchAfterEvents(refetch, dataViewCacheSeconds * 1000);
  const onReconnected = useCallback(() => void refetch(), [refetch]);
  const live = useLiveEvents(onEvent, onReconnected, liveOptions);
  return <SnapshotStage snapshot={snapshot}>{(data) => <Wall snapshot={data} stale={snapshot.isError} live={live} now={now} />}</SnapshotStage>;
}
