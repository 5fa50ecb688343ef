import type { OperationViewSnapshot } from '@parking/contract';
import { useEffect, useState } from 'react';
import { timeOfDay, yuanText } from '../data-view-format';
import { hourMinute, longWaitMinutes, reasonsText, waitingMinutes } from '../operation-view-format';
import { RollingList } from './rolling-list';

type Snapshot = OperationViewSnapshot;

/** 离线任务: the open offline tasks, newest first. */
export function OfflineTasks({ tasks }: { tasks: Snapshot['offlineTasks'] }) {
  return (
    <RollingList
      rows={tasks}
      label="离线任务"
      empty="暂无离线设备"
      rowKey={(task, index) => `${task.deviceSn}-${task.at}-${index}`}
      renderRow={(task) => (
        <li className="data-view-latest__row operation-task">
          <span className="operation-task__sn">{task.deviceSn}</span>
          <span className="data-view-latest__lot" title={task.content}>
            {task.content}
          </span>
          <span className="data-view-latest__time">{hourMinute(task.at)}</span>
        </li>
      )}
    />
  );
}

/** the page's clock read every this many ms: waiting is said in whole minutes */
const waitingTickMs = 10_000;

/** 车道等待: cars at an exit barrier, longest waiting first, how long by the page's clock. */
export function WaitingCars({ waiting, now }: { waiting: Snapshot['waiting']; now: () => Date }) {
  const [moment, setMoment] = useState(now);
  useEffect(() => {
    const timer = window.setInterval(() => setMoment(now()), waitingTickMs);
    return () => window.clearInterval(timer);
  }, [now]);
  return (
    <RollingList
      rows={waiting}
      label="车道等待"
      empty="暂无车辆等待"
      rowKey={(car, index) => `${car.plateNumber}-${car.since}-${index}`}
      renderRow={(car) => {
        const minutes = waitingMinutes(car.since, moment);
        return (
          <li className={minutes > longWaitMinutes ? 'data-view-latest__row operation-waiting operation-waiting--long' : 'data-view-latest__row operation-waiting'}>
            <span className="data-view-latest__plate">{car.plateNumber}</span>
            <span className="data-view-latest__lot" title={`${car.lotName} · ${car.laneName}`}>
              {car.lotName} · {car.laneName}
            </span>
            <span className="operation-waiting__minutes">等待 {minutes} 分钟</span>
            <span className="operation-waiting__amount">待缴 {yuanText(car.amountToPay)} 元</span>
          </li>
        );
      }}
    />
  );
}

/** 异常放行: the latest cars the barrier let through with an abnormality, newest first. */
export function AbnormalReleases({ releases }: { releases: Snapshot['abnormalReleases'] }) {
  return (
    <RollingList
      rows={releases}
      label="异常放行"
      empty="暂无异常放行"
      rowKey={(release, index) => `${release.plateNumber}-${release.at}-${index}`}
      renderRow={(release) => (
        <li className="operation-release">
          <span className="data-view-latest__plate">{release.plateNumber}</span>
          <span className="data-view-latest__lot" title={release.lotName}>
            {release.lotName}
          </span>
          <span className="data-view-latest__time">{timeOfDay(release.at)}</span>
          <span className="operation-release__reasons" title={reasonsText(release.reasons)}>
            {reasonsText(release.reasons)}
          </span>
        </li>
      )}
    />
  );
}
