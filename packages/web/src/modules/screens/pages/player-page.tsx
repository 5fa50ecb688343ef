import type { PlayerCamera, PlayerTileCount } from '@parking/contract';
import { Button, Spin } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useBranding } from '../../../shared/tenant/branding-api';
import { DataViewHeader } from '../components/data-view-header';
import { PlayerTile, tileTiming, type TileSource, type TileTiming } from '../components/player-tile';
import { PlayerTileCounts } from '../components/player-tile-counts';
import { PlayerTreePanel } from '../components/player-tree';
import { ScreenPanel } from '../components/screen-panel';
import { ScreenStage } from '../components/screen-stage';
import { usePlayerTree } from '../player-api';
import '../data-view.css';
import '../player.css';

const systemClock = () => new Date();

/** The tiles kept when the count changes: the first `count`, the rest stopped; empty ones added. */
const resized = (tiles: readonly (TileSource | null)[], count: number) => Array.from({ length: count }, (_, i) => tiles[i] ?? null);

/** Where a picked camera goes: the chosen tile, else the first empty one, else the first. */
const targetOf = (tiles: readonly (TileSource | null)[], selected: number | null) => {
  if (selected !== null && selected < tiles.length) return selected;
  const empty = tiles.indexOf(null);
  return empty >= 0 ? empty : 0;
};

const gridColumns: Readonly<Record<PlayerTileCount, number>> = { 1: 1, 4: 2, 9: 3, 16: 4 };

export interface PlayerPageProps {
  /** the header clock's source; tests pass a fixed moment */
  now?: () => Date;
  /** back-off and stall detection of the tiles; tests shorten them */
  timing?: TileTiming;
}

/**
 * 视频监控 (/palyer, spelled as the old console's menu has it): the tenant's cameras in a tree and a
 * wall of 1, 4, 9 or 16 tiles. ?deviceNo=<sn> opens on that camera in the first tile, the way a lane
 * or device page links here. A tile plays only while it is on the wall: fewer tiles stop the rest.
 */
export function PlayerPage({ now = systemClock, timing = tileTiming }: PlayerPageProps) {
  const [params] = useSearchParams();
  const tree = usePlayerTree();
  const { data: branding } = useBranding();
  const nextKey = useRef(1);
  const [tiles, setTiles] = useState<(TileSource | null)[]>(() => {
    const deviceNo = params.get('deviceNo')?.trim();
    return deviceNo ? [{ key: 0, input: { deviceNo }, name: deviceNo }] : resized([], 4);
  });
  const [selected, setSelected] = useState<number | null>(null);
  const count = tiles.length as PlayerTileCount;

  // the tree's cameras that are offline, by deviceId and sn, so a tile opened by either can say so
  const offline = useMemo(
    () =>
      new Set(
        (tree.data?.lots ?? [])
          .flatMap((lot) => [...lot.cameras, ...lot.lanes.flatMap((lane) => lane.cameras), ...lot.spaces.flatMap((space) => space.cameras)])
          .filter((camera) => camera.onlineState !== 'online')
          .flatMap((camera) => [camera.deviceId, camera.sn]),
      ),
    [tree.data],
  );
  const playing = useMemo(() => new Set(tiles.flatMap((tile) => (tile ? [tile.input.deviceId ?? tile.input.deviceNo ?? ''] : []))), [tiles]);

  const onCount = (next: PlayerTileCount) => {
    setTiles((current) => resized(current, next));
    setSelected((current) => (current !== null && current < next ? current : null));
  };
  const onPick = (camera: PlayerCamera) => {
    const source: TileSource = { key: nextKey.current++, input: { deviceId: camera.deviceId }, name: camera.name };
    const target = targetOf(tiles, selected);
    setTiles((current) => current.map((tile, i) => (i === target ? source : tile)));
    setSelected(null);
  };
  const onClose = (index: number) => setTiles((current) => current.map((tile, i) => (i === index ? null : tile)));

  return (
    <ScreenStage>
      {() => (
        <div className="data-view player">
          <DataViewHeader
            tenantTitle={branding?.title ?? ''}
            pageName="视频监控"
            updatedAt={new Date(tree.dataUpdatedAt || now().getTime()).toISOString()}
            stale={tree.isError}
            now={now}
            actions={<PlayerTileCounts value={count} onChange={onCount} />}
          />
          <div className="player-body">
            <ScreenPanel title="摄像机" className="player-body__tree">
              {tree.data ? (
                <PlayerTreePanel tree={tree.data} playing={playing} onPick={onPick} />
              ) : tree.isError ? (
                <div className="player-tree__message" role="alert">
                  <p>摄像机加载失败</p>
                  <Button type="primary" loading={tree.isFetching} onClick={() => void tree.refetch()}>
                    重试
                  </Button>
                </div>
              ) : (
                <div className="player-tree__message">
                  <Spin />
                </div>
              )}
            </ScreenPanel>
            <div
              className="player-wall"
              aria-label="画面"
              style={{ gridTemplateColumns: `repeat(${gridColumns[count]}, minmax(0, 1fr))`, gridTemplateRows: `repeat(${gridColumns[count]}, minmax(0, 1fr))` }}
            >
              {tiles.map((source, index) => (
                <PlayerTile
                  key={index}
                  index={index}
                  source={source}
                  offline={source !== null && offline.has(source.input.deviceId ?? source.input.deviceNo ?? '')}
                  selected={selected === index}
                  timing={timing}
                  onSelect={() => setSelected((current) => (current === index ? null : index))}
                  onClose={() => onClose(index)}
                />
              ))}
            </div>
          </div>
        </div>
      )}
    </ScreenStage>
  );
}
