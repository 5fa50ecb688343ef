import type { DataViewMovement } from '@parking/contract';
import { useLayoutEffect, useRef, useState } from 'react';
import { timeOfDay } from '../data-view-format';

const secondsPerRow = 2.5;

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

/**
 * 实时进出, newest first. When the rows are more than the panel holds they roll up slowly and
 * round again (the list is drawn twice so the loop has no seam); with reduced motion they stand still.
 */
export function LatestMovements({ latest }: { latest: readonly DataViewMovement[] }) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [rolling, setRolling] = useState(false);

  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    const list = listRef.current;
    if (!viewport || !list) return;
    setRolling(list.scrollHeight > viewport.clientHeight + 1);
  }, [latest]);

  if (latest.length === 0) return <p className="data-view-empty">暂无进出记录</p>;
  return (
    <div ref={viewportRef} className="data-view-latest">
      <div className={rolling ? 'data-view-latest__reel data-view-latest__reel--rolling' : 'data-view-latest__reel'} style={{ animationDuration: `${latest.length * secondsPerRow}s` }}>
        <ul ref={listRef} className="data-view-latest__list" aria-label="实时进出">
          {latest.map((movement, index) => (
            <MovementRow key={`${movement.at}-${movement.plateNumber}-${index}`} movement={movement} />
          ))}
        </ul>
        {rolling && (
          <ul className="data-view-latest__list" aria-hidden="true">
            {latest.map((movement, index) => (
              <MovementRow key={`${movement.at}-${movement.plateNumber}-${index}`} movement={movement} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
