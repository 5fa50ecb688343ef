import type { DataViewMovement } from '@parking/contract';
import { timeOfDay } from '../data-view-format';
import { RollingList } from './rolling-list';

function MovementRow({ movement }: { movement: DataViewMovement }) {
  return (
    <li className="data-view-latest__row">
      <span className={`data-view-latest__kind data-view-latest__kind--${movement.kind}`}>{movement.kind === 'entry' ? '进场' : '出场'}</span>
      <span className="data-view-latest__plate">{movement.plateNumber}</span>
      <span className="data-view-latest__lot" title={movement.lotName}>
        {movement.lotName}
      </span>
      <span className="data-view-latest__time">{timeOfDay(movement.at)}</span>
    </li>
  );
}

/** 实时进出, newest first, rolling when it is longer than the panel. */
export function LatestMovements({ latest }: { latest: readonly DataViewMovement[] }) {
  return (
    <RollingList
      rows={latest}
      label="实时进出"
      empty="暂无进出记录"
      rowKey={(movement, index) => `${movement.at}-${movement.plateNumber}-${index}`}
      renderRow={(movement) => <MovementRow movement={movement} />}
    />
  );
}
