import { useEffect, useState } from 'react';
import { clockText } from './clock-format';

/** The clock ticks every second; only this small element re-renders. */
export const clockTickMs = 1000;

export function NavbarClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), clockTickMs);
    return () => window.clearInterval(timer);
  }, []);
  const { date, week, time } = clockText(now);
  return (
    <span className="app-navbar__clock" aria-label="当前时间">
      <span className="app-navbar__date">{date}</span>
      <span className="app-navbar__week">{week}</span>
      <time className="app-navbar__time">{time}</time>
    </span>
  );
}
