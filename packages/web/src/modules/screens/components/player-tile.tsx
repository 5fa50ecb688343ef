import { CloseOutlined } from '@ant-design/icons';
import type { PlayerStreamInput } from '@parking/contract';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { ApiError } from '../../../shared/http/api-error';
import { requestPlayerStream } from '../player-api';
import { startPlayback, type Playback } from '../player-engine';

/** What a tile plays: a camera from the tree (by id) or from the address (by sn). */
export interface TileSource {
  /** new for every placement, so the same camera placed again starts afresh */
  key: number;
  input: PlayerStreamInput;
  /** the name to show before the stream's answer names the camera */
  name: string;
}

/** How a tile restarts on its own: back-off doubling from `retryBaseMs` up to `retryCapMs`; a picture frozen for `stallMs` counts as dropped. */
export interface TileTiming {
  retryBaseMs: number;
  retryCapMs: number;
  stallMs: number;
}

export const tileTiming: TileTiming = { retryBaseMs: 2_000, retryCapMs: 30_000, stallMs: 10_000 };

type TileState = { phase: 'connecting' } | { phase: 'playing' } | { phase: 'retrying'; error: string } | { phase: 'failed'; error: string };

export const retryDelay = (attempt: number, { retryBaseMs, retryCapMs }: TileTiming) => Math.min(retryCapMs, retryBaseMs * 2 ** attempt);

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : '视频播放失败');

// no stream address or no such camera: asking again does not change the answer
const settled = (error: unknown) => error instanceof ApiError && (error.status === 400 || error.status === 403 || error.status === 404);

/** Asks for a signed address, plays it, and starts over with a fresh one on a fatal error or a frozen picture. */
function usePlayback(source: TileSource, video: RefObject<HTMLVideoElement | null>, timing: TileTiming, onNamed: (name: string) => void) {
  const [state, setState] = useState<TileState>({ phase: 'connecting' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let stopped = false;
    let attempt = 0;
    let playback: Playback | undefined;
    let retryTimer: number | undefined;
    let watchdog: number | undefined;
    let aborter = new AbortController();
    // a player torn down for a retry may still report; only the current one counts
    let generation = 0;

    const halt = () => {
      window.clearTimeout(retryTimer);
      window.clearInterval(watchdog);
      aborter.abort();
      playback?.destroy();
      playback = undefined;
    };
    const fail = (error: unknown) => {
      if (stopped) return;
      halt();
      if (settled(error)) {
        setState({ phase: 'failed', error: messageOf(error) });
        return;
      }
      setState({ phase: 'retrying', error: messageOf(error) });
      retryTimer = window.setTimeout(() => void start(), retryDelay(attempt, timing));
      attempt += 1;
    };
    const watch = () => {
      let last = -1;
      watchdog = window.setInterval(() => {
        if (element.currentTime === last) fail(new Error('画面长时间无变化，重新连接'));
        last = element.currentTime;
      }, timing.stallMs);
    };
    const start = async () => {
      const mine = ++generation;
      aborter = new AbortController();
      setState({ phase: 'connecting' });
      try {
        const stream = await requestPlayerStream(source.input, aborter.signal);
        if (stopped) return;
        onNamed(stream.name);
        let failed: string | undefined;
        const started = await startPlayback(element, stream, (reason) => {
          if (mine !== generation) return;
          if (playback) fail(new Error(reason));
          else failed = reason;
        });
        if (stopped || mine !== generation) return started.destroy();
        playback = started;
        if (failed !== undefined) return fail(new Error(failed));
        watch();
      } catch (error) {
        fail(error);
      }
    };
    const onPlaying = () => {
      if (stopped) return;
      attempt = 0;
      setState({ phase: 'playing' });
    };
    element.addEventListener('playing', onPlaying);
    void start();
    return () => {
      stopped = true;
      element.removeEventListener('playing', onPlaying);
      halt();
    };
  }, [source, video, timing, round, onNamed]);

  return { state, retryNow: () => setRound((r) => r + 1) };
}

function Overlay({ state, offline, onRetry }: { state: TileState; offline: boolean; onRetry: () => void }) {
  if (state.phase === 'playing') return null;
  if (state.phase === 'connecting')
    return (
      <div className="player-tile__overlay" role="status">
        连接中…
      </div>
    );
  return (
    <div className="player-tile__overlay player-tile__overlay--error" role="status">
      <strong>{state.phase === 'failed' ? '无法播放' : offline ? '离线，重试中…' : '重试中…'}</strong>
      <span className="player-tile__error">{state.error}</span>
      {state.phase === 'failed' && (
        <button type="button" className="player-tile__retry" onClick={onRetry}>
          重试
        </button>
      )}
    </div>
  );
}

function PlayingTile({ source, offline, timing, onClose }: { source: TileSource; offline: boolean; timing: TileTiming; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [name, setName] = useState(source.name);
  const { state, retryNow } = usePlayback(source, video, timing, setName);
  return (
    <>
      <video ref={video} className="player-tile__video" muted autoPlay playsInline />
      <Overlay state={state} offline={offline} onRetry={retryNow} />
      <div className="player-tile__bar">
        <span className="player-tile__name" title={name}>
          {name}
        </span>
        <button
          type="button"
          className="player-tile__close"
          aria-label="关闭画面"
          title="关闭画面"
          onClick={(event) => {
            event.stopPropagation();
            onClose();
          }}
        >
          <CloseOutlined />
        </button>
      </div>
    </>
  );
}

export interface PlayerTileProps {
  index: number;
  source: TileSource | null;
  /** the tree has the tile's camera offline: a failure is said as 离线 */
  offline: boolean;
  selected: boolean;
  timing: TileTiming;
  onSelect: () => void;
  onClose: () => void;
}

/** One tile of the wall: a camera's picture with its name and 关闭, or 空闲 waiting for one. */
export function PlayerTile({ index, source, offline, selected, timing, onSelect, onClose }: PlayerTileProps) {
  return (
    <section className={selected ? 'player-tile player-tile--selected' : 'player-tile'} aria-label={`画面 ${index + 1}`} aria-current={selected || undefined} onClick={onSelect}>
      {source ? (
        <PlayingTile key={source.key} source={source} offline={offline} timing={timing} onClose={onClose} />
      ) : (
        <div className="player-tile__overlay player-tile__overlay--idle">
          <strong>空闲</strong>
          <span>点击左侧摄像机播放</span>
        </div>
      )}
    </section>
  );
}
