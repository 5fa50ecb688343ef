import type { DataViewKpis } from '@parking/contract';
import type { ReactNode } from 'react';
import { changeAgainst, countText, kpiYuanText } from '../data-view-format';
import { useCountUp } from '../use-count-up';

export interface KpiProps {
  label: string;
  /** null: nothing to say yet (a rate of nothing), shown as — */
  value: number | null;
  format: (value: number) => string;
  unit?: string;
  /** yesterday's figure: the card then says 较昨日 ±% */
  yesterday?: number;
  /** a line under the figure in the card's own words (超时 3) */
  note?: ReactNode;
}

/** One headline figure: it counts up to a new value so a change is seen from across the room. */
export function Kpi({ label, value, format, unit, yesterday, note }: KpiProps) {
  const shown = useCountUp(value ?? 0);
  const change = yesterday === undefined || value === null ? undefined : changeAgainst(value, yesterday);
  return (
    <li className="data-view-kpi" aria-label={label}>
      <span className="data-view-kpi__label">{label}</span>
      <span className="data-view-kpi__figure">
        <span className="data-view-kpi__value" data-value={value ?? ''}>
          {value === null ? '—' : format(shown)}
        </span>
        {unit && value !== null && <span className="data-view-kpi__unit">{unit}</span>}
      </span>
      {change && (
        <span className={`data-view-kpi__change data-view-kpi__change--${change.direction}`}>
          较昨日 {change.direction === 'up' ? '▲' : change.direction === 'down' ? '▼' : ''}
          {change.text}
        </span>
      )}
      {note}
    </li>
  );
}

const count = (value: number) => countText(value);
const yuan = (fen: number) => kpiYuanText(Math.round(fen));
const percent = (value: number) => String(Math.round(value));

/** The strip of headline figures; money in 元 from fen, today's against the whole of yesterday. */
export function KpiStrip({ kpis }: { kpis: DataViewKpis }) {
  return (
    <ul className="data-view-kpis">
      <Kpi label="停车场" value={kpis.lots} format={count} unit="个" />
      <Kpi label="泊位总数" value={kpis.totalSpaces} format={count} unit="个" />
      <Kpi label="空闲泊位" value={kpis.freeSpaces} format={count} unit="个" />
      <Kpi label="占用率" value={kpis.occupancyPercent} format={percent} unit="%" />
      <Kpi label="今日出场" value={kpis.staysToday} format={count} unit="辆" yesterday={kpis.staysYesterday} />
      <Kpi label="今日入场" value={kpis.entriesToday} format={count} unit="辆" />
      <Kpi label="今日实收" value={kpis.receivedToday} format={yuan} unit="元" yesterday={kpis.receivedYesterday} />
      <Kpi label="今日应收" value={kpis.receivableToday} format={yuan} unit="元" yesterday={kpis.receivableYesterday} />
      <Kpi label="今日追缴" value={kpis.recoveredToday} format={yuan} unit="元" />
    </ul>
  );
}
