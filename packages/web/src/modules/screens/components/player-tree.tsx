import type { PlayerCamera, PlayerTree } from '@parking/contract';
import { useMemo, useState } from 'react';

const onlineTexts: Readonly<Record<PlayerCamera['onlineState'], string>> = { online: '在线', offline: '离线', never: '未上线' };

const matches = (camera: PlayerCamera, needle: string) => !needle || camera.name.toLowerCase().includes(needle) || camera.sn.toLowerCase().includes(needle);

/** The tree with only the cameras whose name or sn holds `needle`; groups left empty drop out. */
export function filterPlayerTree(tree: PlayerTree, search: string): PlayerTree['lots'] {
  const needle = search.trim().toLowerCase();
  if (!needle) return tree.lots;
  return tree.lots
    .map((lot) => ({
      ...lot,
      cameras: lot.cameras.filter((c) => matches(c, needle)),
      lanes: lot.lanes.map((lane) => ({ ...lane, cameras: lane.cameras.filter((c) => matches(c, needle)) })).filter((lane) => lane.cameras.length > 0),
      spaces: lot.spaces.map((space) => ({ ...space, cameras: space.cameras.filter((c) => matches(c, needle)) })).filter((space) => space.cameras.length > 0),
    }))
    .filter((lot) => lot.cameras.length + lot.lanes.length + lot.spaces.length > 0);
}

function CameraItem({ camera, playing, onPick }: { camera: PlayerCamera; playing: boolean; onPick: (camera: PlayerCamera) => void }) {
  const classes = ['player-camera', playing && 'player-camera--playing'].filter(Boolean).join(' ');
  return (
    <li>
      <button type="button" className={classes} disabled={!camera.hasStream} onClick={() => onPick(camera)} title={camera.hasStream ? `播放 ${camera.name}` : '未设置视频流'}>
        <span className={`player-dot player-dot--${camera.onlineState}`} role="img" aria-label={onlineTexts[camera.onlineState]} />
        <span className="player-camera__name">{camera.name}</span>
        <span className="player-camera__sn">{camera.sn}</span>
        {!camera.hasStream && <span className="player-camera__note">未设置视频流</span>}
      </button>
    </li>
  );
}

function Group({ label, cameras, playing, onPick }: { label: string; cameras: PlayerCamera[]; playing: ReadonlySet<string>; onPick: (camera: PlayerCamera) => void }) {
  return (
    <li className="player-tree__group">
      <span className="player-tree__label">{label}</span>
      <ul className="player-tree__list" aria-label={label}>
        {cameras.map((camera) => (
          <CameraItem key={camera.deviceId} camera={camera} playing={playing.has(camera.deviceId) || playing.has(camera.sn)} onPick={onPick} />
        ))}
      </ul>
    </li>
  );
}

export interface PlayerTreePanelProps {
  tree: PlayerTree;
  /** the cameras on a tile now, by deviceId or sn (a tile opened from ?deviceNo=) */
  playing: ReadonlySet<string>;
  onPick: (camera: PlayerCamera) => void;
}

/** Lot → 车道 / 泊位 → camera, each with its online dot; a camera without a stream cannot be picked. */
export function PlayerTreePanel({ tree, playing, onPick }: PlayerTreePanelProps) {
  const [search, setSearch] = useState('');
  const lots = useMemo(() => filterPlayerTree(tree, search), [tree, search]);
  return (
    <div className="player-tree">
      <input className="player-tree__search" type="search" placeholder="搜索名称或编号" aria-label="搜索摄像机" value={search} onChange={(event) => setSearch(event.target.value)} />
      {lots.length === 0 ? (
        <p className="data-view-empty">{search.trim() ? '没有匹配的摄像机' : '暂无摄像机'}</p>
      ) : (
        <ul className="player-tree__lots" aria-label="摄像机">
          {lots.map((lot) => (
            <li key={lot.id} className="player-tree__lot">
              <span className="player-tree__lot-name">{lot.name}</span>
              <ul className="player-tree__list" aria-label={lot.name}>
                {lot.cameras.map((camera) => (
                  <CameraItem key={camera.deviceId} camera={camera} playing={playing.has(camera.deviceId) || playing.has(camera.sn)} onPick={onPick} />
                ))}
                {lot.lanes.map((lane) => (
                  <Group key={lane.id} label={`车道 ${lane.name}`} cameras={lane.cameras} playing={playing} onPick={onPick} />
                ))}
                {lot.spaces.map((space) => (
                  <Group key={space.id} label={`泊位 ${space.number}`} cameras={space.cameras} playing={playing} onPick={onPick} />
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
