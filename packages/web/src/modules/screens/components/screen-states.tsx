import { Button, Spin } from 'antd';
import type { ReactNode } from 'react';
import { ScreenStage } from './screen-stage';

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

/** What a wall's snapshot query tells its stage: the snapshot once there is one, whether asking failed. */
export interface SnapshotState<T> {
  data: T | undefined;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A wall on its stage: drawn from the snapshot once one came, else 加载中 or 数据加载失败 with 重试.
 * `waiting` keeps 加载中 on while the page mends a failure itself (a lot no longer there).
 */
export function SnapshotStage<T>({ snapshot, waiting = false, children }: { snapshot: SnapshotState<T>; waiting?: boolean; children: (data: T, scale: number) => ReactNode }) {
  return (
    <ScreenStage>
      {(scale) =>
        snapshot.data !== undefined ? (
          children(snapshot.data, scale)
        ) : snapshot.isError && !waiting ? (
          <ScreenFailed retrying={snapshot.isFetching} onRetry={() => void snapshot.refetch()} />
        ) : (
          <ScreenLoading />
        )
      }
    </ScreenStage>
  );
}
