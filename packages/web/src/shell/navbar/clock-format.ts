import { businessNow } from '../../shared/time/business-time';

const weekdays = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'] as const;

export interface ClockText {
  date: string;
  week: string;
  time: string;
}

/** The navbar's date, weekday and clock, in Shanghai time like every time the lists show, whatever the browser's zone. */
export function clockText(now: Date): ClockText {
  const moment = businessNow(now);
  return { date: moment.format('YYYY-MM-DD'), week: weekdays[moment.day()] ?? '', time: moment.format('HH:mm:ss') };
}
