import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useEffect, useState, type ReactNode } from 'react';
import { useBranding } from '../../../shared/tenant/branding-api';
import { clockParts, timeOfDay } from '../data-view-format';
import type { LiveStatus } from '../live-events';

/** Date, weekday and time on the Shanghai clock, read from `now` every second. */
function Clock({ now }: { now: () => Date }) {
  const [moment, setMoment] = useState(now);
  useEffect(() => {
    const timer = window.setInterval(() => setMoment(now()), 1000);
    return () => window.clearInterval(timer);
  }, [now]);
  const { date, weekday, time } = clockParts(moment);
  return (
    <div className="data-view-clock" aria-label="时钟">
      <span className="data-view-clock__time">{time}</span>
      <span className="data-view-clock__date">
        {date} {weekday}
      </span>
    </div>
  );
}

function FullscreenButton() {
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    // a browser that refuses (no user gesture, a kiosk policy) leaves the page as it is
    const asked = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    asked.catch(() => undefined);
  };
  if (typeof document.documentElement.requestFullscreen !== 'function') return null;
  return (
    <button type="button" className="data-view-header__button" onClick={toggle} aria-label={full ? '退出全屏' : '全屏'} title={full ? '退出全屏' : '全屏'}>
      {full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
    </button>
  );
}

export interface DataViewHeaderProps {
  tenantTitle: string;
  /** the wall's own name after the tenant's title: 数据大屏, 运营大屏 */
  pageName: string;
  updatedAt: string;
  /** the last refresh failed: the figures below are the last ones that came */
  stale: boolean;
  /** the event stream's state: whether cars show as they come; a wall with no stream leaves it out */
  live?: LiveStatus;
  now: () => Date;
  /** what the wall lets its viewer choose, first in the right-hand corner (新版数据大屏's lot) */
  actions?: ReactNode;
}

const liveTexts: Readonly<Record<LiveStatus, string>> = { connecting: '实时连接中…', live: '实时', reconnecting: '实时连接中断，正在重连…', refused: '无权接收实时数据' };

export function DataViewHeader({ tenantTitle, pageName, updatedAt, stale, live, now, actions }: DataViewHeaderProps) {
  const { data: branding } = useBranding();
  return (
    <header className="data-view-header">
      <div className="data-view-header__side">
        <Clock now={now} />
      </div>
      <h1 className="data-view-header__title">
        {branding?.logo && <img className="data-view-header__logo" src={branding.logo} alt="" />}
        <span>{tenantTitle}</span>
        <span className="data-view-header__name">{pageName}</span>
      </h1>
      <div className="data-view-header__side data-view-header__side--end">
        {actions}
        {live && (
          <span className={live === 'live' ? 'data-view-live data-view-live--on' : 'data-view-live'} aria-label="实时连接">
            {liveTexts[live]}
          </span>
        )}
        <span className={stale ? 'data-view-status data-view-status--stale' : 'data-view-status'} role="status">
          {stale ? '连接中断，正在重连…' : `数据更新于 ${timeOfDay(updatedAt)}`}
        </span>
        <FullscreenButton />
      </div>
    </header>
  );
}
