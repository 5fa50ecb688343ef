import { Fragment, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

const secondsPerRow = 2.5;

export interface RollingListProps<Row> {
  rows: readonly Row[];
  /** the list's accessible name (实时进出) */
  label: string;
  /** what the panel says when there is no row */
  empty: string;
  rowKey: (row: Row, index: number) => string;
  /** one row as an `li` */
  renderRow: (row: Row) => ReactNode;
}

/**
 * A wall's list, newest first. When the rows are more than the panel holds they roll up slowly and
 * round again (the list is drawn twice so the loop has no seam); with reduced motion they stand still.
 */
export function RollingList<Row>({ rows, label, empty, rowKey, renderRow }: RollingListProps<Row>) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [rolling, setRolling] = useState(false);

  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    const list = listRef.current;
    if (!viewport || !list) return;
    setRolling(list.scrollHeight > viewport.clientHeight + 1);
  }, [rows]);

  if (rows.length === 0) return <p className="data-view-empty">{empty}</p>;
  const drawn = rows.map((row, index) => <Fragment key={rowKey(row, index)}>{renderRow(row)}</Fragment>);
  return (
    <div ref={viewportRef} className="data-view-latest">
      <div className={rolling ? 'data-view-latest__reel data-view-latest__reel--rolling' : 'data-view-latest__reel'} style={{ animationDuration: `${rows.length * secondsPerRow}s` }}>
        <ul ref={listRef} className="data-view-latest__list" aria-label={label}>
          {drawn}
        </ul>
        {rolling && (
          <ul className="data-view-latest__list" aria-hidden="true">
            {drawn}
          </ul>
        )}
      </div>
    </div>
  );
}
