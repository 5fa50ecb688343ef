import { useEffect, useState, type ReactNode } from 'react';

export const stageWidth = 1920;
export const stageHeight = 1080;

const fitScale = () => Math.min(window.innerWidth / stageWidth, window.innerHeight / stageHeight) || 1;

/**
 * A 1920×1080 stage scaled as a whole to the window and centred, with bars where the window's shape
 * differs: the wall reads the same at 1366×768 and at 3840×2160, and never scrolls.
 */
export function ScreenStage({ children }: { children: (scale: number) => ReactNode }) {
  const [scale, setScale] = useState(fitScale);
  useEffect(() => {
    const onResize = () => setScale(fitScale());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return (
    <div className="data-view-frame">
      <div className="data-view-stage" style={{ width: stageWidth, height: stageHeight, transform: `translate(-50%, -50%) scale(${scale})` }}>
        {children(scale)}
      </div>
    </div>
  );
}
