import type { OperationViewSnapshot } from '@parking/contract';
import { countText, kpiYuanText } from '../data-view-format';
import { onlinePercent } from '../operation-view-format';
import { Kpi } from './kpi-strip';

const count = (value: number) => countText(value);
const yuan = (fen: number) => kpiYuanText(Math.round(fen));
const percent = (value: number) => value.toFixed(1);

/** 运营大屏's headline figures: devices, what waits for a hand (预警, 投诉, 申诉, 订单修改) and today's 欠费 and 追缴. */
export function OperationKpis({ snapshot }: { snapshot: OperationViewSnapshot }) {
  const { devices, warnings, service, pursuit } = snapshot;
  const offline = devices.reduce((sum, d) => sum + d.offline, 0);
  const openWarnings = warnings.reduce((sum, w) => sum + w.open, 0);
  return (
    <ul className="data-view-kpis operation-kpis">
      <Kpi label="设备在线率" value={onlinePercent(devices)} format={percent} unit="%" />
      <Kpi label="离线设备" value={offline} format={count} unit="台" />
      <Kpi label="待处理预警" value={openWarnings} format={count} unit="条" />
      <Kpi
        label="待处理投诉"
        value={service.complaintsOpen}
        format={count}
        unit="件"
        note={
          <span className={service.complaintsOverdue > 0 ? 'data-view-kpi__note data-view-kpi__note--alert' : 'data-view-kpi__note'} aria-label="超时投诉">
            超时 {countText(service.complaintsOverdue)}
          </span>
        }
      />
      <Kpi label="待审核申诉" value={service.appealsPending} format={count} unit="件" />
      <Kpi label="待审核订单修改" value={service.editAuditsPending} format={count} unit="件" />
      <Kpi label="今日新增欠费" value={pursuit.arrearsOpenedToday} format={count} unit="笔" />
      <Kpi
        label="今日追缴"
        value={pursuit.recoveredAmountToday}
        format={yuan}
        unit="元"
        note={
          <span className="data-view-kpi__note" aria-label="今日追缴笔数">
            共 {countText(pursuit.recoveredToday)} 笔
          </span>
        }
      />
    </ul>
  );
}
