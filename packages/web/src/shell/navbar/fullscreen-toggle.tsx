import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { App, Tooltip } from 'antd';
import { useEffect, useState } from 'react';

export const fullscreenUnsupportedText = '您的浏览器不支持全屏';

const fullscreenSupported = (): boolean => document.fullscreenEnabled && typeof document.documentElement.requestFullscreen === 'function';

/** The standard Fullscreen API; a warning where the browser refuses it. */
export function FullscreenToggle() {
  const { message } = App.useApp();
  const [fullscreen, setFullscreen] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const toggle = async () => {
    if (!fullscreenSupported()) {
      void message.warning(fullscreenUnsupportedText);
      return;
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      void message.warning(fullscreenUnsupportedText);
    }
  };

  const label = fullscreen ? '退出全屏' : '全屏';
  return (
    <Tooltip title={label}>
      <button type="button" className="app-navbar__action" aria-label={label} aria-pressed={fullscreen} onClick={() => void toggle()}>
        {fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      </button>
    </Tooltip>
  );
}
