import { abnormalReasonNames, type AbnormalReason, type OperationViewSnapshot } from '@parking/contract';
import { formatBusiness } from '../../shared/time/business-time';

/** a car waits too long at a barrier past this many minutes */
export const longWaitMinutes = 5;

/**
 * 设备在线率 in percent with one decimal: online of those heard from (a device never heard from
 * cannot be offline, so it is not counted); null when no device was ever heard from.
 */
export function onlinePercent(devices: OperationViewSnapshot['devices']): number | null {
  const online = devices.reduce((sum, d) => sum + d.online, 0);
  const heard = online + devices.reduce((sum, d) => sum + d.offline, 0);
  return heard === 0 ? null : Math.round((online / heard) * 1000) / 10;
}

/** Whole minutes a car has waited since `since`, by the page's clock; never below 0. */
export const waitingMinutes = (since: string, now: Date): number => Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / 60_000));

/** An abnormal release's reasons in Chinese: 重复入场、异常放行. */
export const reasonsText = (reasons: readonly AbnormalReason[]): string => reasons.map((reason) => abnormalReasonNames[reason] ?? reason).join('、');

/** An ISO instant → HH:mm on the Shanghai clock. */
export const hourMinute = (iso: string): string => formatBusiness(iso, 'HH:mm');
