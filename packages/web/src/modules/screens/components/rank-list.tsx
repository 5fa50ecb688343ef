export interface RankRow {
  name: string;
  value: number;
  text: string;
}

/** A TOP list as horizontal bars, each as long as its share of the first (or of `max`). */
export function RankList({ rows, max, label, tone }: { rows: readonly RankRow[]; max?: number; label: string; tone: 'revenue' | 'occupancy' }) {
  if (rows.length === 0) return <p className="data-view-empty">暂无数据</p>;
  const top = max ?? Math.max(...rows.map((row) => row.value), 1);
  return (
    <ol className={`data-view-rank data-view-rank--${tone}`} aria-label={label}>
      {rows.map((row, index) => (
        <li key={`${row.name}-${index}`} className="data-view-rank__row">
          <span className={`data-view-rank__place${index < 3 ? ' data-view-rank__place--top' : ''}`}>{index + 1}</span>
          <span className="data-view-rank__name" title={row.name}>
            {row.name}
          </span>
          <span className="data-view-rank__track">
            <span className="data-view-rank__bar" style={{ width: `${top > 0 ? Math.max(0, Math.min(100, (row.value / top) * 100)) : 0}%` }} />
          </span>
          <span className="data-view-rank__value">{row.text}</span>
        </li>
      ))}
    </ol>
  );
}
