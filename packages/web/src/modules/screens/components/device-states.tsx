import { deviceOnlineStateNames, deviceOnlineStates, deviceTypeNames, type OperationViewSnapshot } from '@parking/contract';
import { countText } from '../data-view-format';

type Devices = OperationViewSnapshot['devices'];

/** 设备状态: per device type a bar of its devices by online state; a type with no device is left out. */
export function DeviceStates({ devices }: { devices: Devices }) {
  const rows = devices.filter((d) => d.online + d.offline + d.never > 0);
  if (rows.length === 0) return <p className="data-view-empty">暂无设备</p>;
  return (
    <div className="operation-devices">
      <ul className="data-view-legend operation-devices__legend" aria-hidden="true">
        {deviceOnlineStates.map((state) => (
          <li key={state}>
            <i className={`operation-state--${state}`} />
            {deviceOnlineStateNames[state]}
          </li>
        ))}
      </ul>
      <ul className="operation-devices__list" aria-label="设备状态">
        {rows.map((row) => {
          const total = row.online + row.offline + row.never;
          return (
            <li key={row.type} className="operation-devices__row" aria-label={deviceTypeNames[row.type]}>
              <span className="operation-devices__name">{deviceTypeNames[row.type]}</span>
              <span className="operation-devices__bar">
                {deviceOnlineStates.map((state) =>
                  row[state] > 0 ? <span key={state} className={`operation-devices__part operation-state--${state}`} style={{ width: `${(row[state] / total) * 100}%` }} /> : null,
                )}
              </span>
              <span className="operation-devices__counts">
                {deviceOnlineStates.map((state) => (
                  <span key={state} className={`operation-devices__count operation-devices__count--${state}`} title={deviceOnlineStateNames[state]}>
                    {countText(row[state])}
                  </span>
                ))}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
