import { Button, Spin } from 'antd';

/** Before a wall's first snapshot. */
export function ScreenLoading() {
  return (
    <div className="data-view data-view--message">
      <Spin size="large" />
      <p className="data-view-message">加载中…</p>
    </div>
  );
}

/** A wall whose first snapshot failed: nothing to show but the way to ask again. */
export function ScreenFailed({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <div className="data-view data-view--message" role="alert">
      <p className="data-view-message">数据加载失败</p>
      <Button type="primary" size="large" loading={retrying} onClick={onRetry}>
        重试
      </Button>
    </div>
  );
}
