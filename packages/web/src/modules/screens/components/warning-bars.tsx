import { orderWarningKindNames, type OperationViewSnapshot } from '@parking/contract';
import { countText } from '../data-view-format';

type Warnings = OperationViewSnapshot['warnings'];

/** 订单预警: every kind's open warnings as a bar, a kind with none dimmed; nothing open says so. */
export function WarningBars({ warnings }: { warnings: Warnings }) {
  const top = Math.max(0, ...warnings.map((w) => w.open));
  if (top === 0) return <p className="data-view-empty">暂无待处理预警</p>;
  return (
    <ul className="operation-warnings" aria-label="订单预警">
      {warnings.map((warning) => (
        <li key={warning.kind} className={warning.open === 0 ? 'operation-warnings__row operation-warnings__row--none' : 'operation-warnings__row'}>
          <span className="operation-warnings__name">{orderWarningKindNames[warning.kind]}</span>
          <span className="data-view-rank__track">
            <span className="operation-warnings__bar" style={{ width: `${(warning.open / top) * 100}%` }} />
          </span>
          <span className="operation-warnings__count">{countText(warning.open)}</span>
        </li>
      ))}
    </ul>
  );
}
