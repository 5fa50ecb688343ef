import { paymentChannelNames } from '@parking/contract';
import { formatBusiness } from '../../shared/time/business-time';

const yuanFormat = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const countFormat = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });

/** Fen → yuan with two decimals and thousands separators: 123456 → "1,234.56". */
export const yuanText = (fen: number): string => yuanFormat.format(fen / 100);

/** A KPI's yuan: exact to the fen below a million 元, in 万 with two decimals from there, so it fits its card: 123456789 → "123.46万". */
export const kpiYuanText = (fen: number): string => (Math.abs(fen) >= 100_000_000 ? `${yuanFormat.format(fen / 1_000_000)}万` : yuanText(fen));

/** A count with thousands separators: 12345 → "12,345". */
export const countText = (count: number): string => countFormat.format(Math.round(count));

export type ChangeDirection = 'up' | 'down' | 'flat' | 'none';

export interface Change {
  direction: ChangeDirection;
  /** "+12.5%", "-3.0%", "0.0%", or "—" when yesterday had nothing to compare with */
  text: string;
}

/** Today against the whole of yesterday, in percent with one decimal. */
export function changeAgainst(today: number, yesterday: number): Change {
  if (yesterday === 0) return today === 0 ? { direction: 'flat', text: '0.0%' } : { direction: 'none', text: '—' };
  const percent = Math.round(((today - yesterday) / Math.abs(yesterday)) * 1000) / 10;
  if (percent === 0) return { direction: 'flat', text: '0.0%' };
  return percent > 0 ? { direction: 'up', text: `+${percent.toFixed(1)}%` } : { direction: 'down', text: `${percent.toFixed(1)}%` };
}

/** A channel's Chinese name; an unknown channel shows as the server sent it. */
export const channelName = (channel: string): string => (paymentChannelNames as Readonly<Record<string, string>>)[channel] ?? channel;

const weekdays = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

/** The header clock on the Shanghai clock: 2026-11-28 星期六 14:30:05. */
export function clockParts(now: Date): { date: string; weekday: string; time: string } {
  return { date: formatBusiness(now, 'YYYY-MM-DD'), weekday: weekdays[Number(formatBusiness(now, 'd'))] ?? '', time: formatBusiness(now, 'HH:mm:ss') };
}

/** An ISO instant → HH:mm:ss on the Shanghai clock. */
export const timeOfDay = (iso: string): string => formatBusiness(iso, 'HH:mm:ss');

/** The Shanghai hour (0–23) of an instant. */
export const hourOf = (iso: string): number => Number(formatBusiness(iso, 'H'));

/** The Shanghai calendar day (YYYY-MM-DD) of an instant. */
export const dayOf = (iso: string): string => formatBusiness(iso, 'YYYY-MM-DD');
