import type { StreamKind } from '@parking/contract';

/** A stream attached to a <video>; destroy() stops the download and frees the element. */
export interface Playback {
  destroy: () => void;
}

/** Called once when the stream cannot go on (a fatal network or media error); the tile starts over. */
export type PlaybackFailed = (reason: string) => void;

// Safari on iOS plays HLS itself and has no MediaSource for hls.js
const playsHlsNatively = (video: HTMLVideoElement) => video.canPlayType('application/vnd.apple.mpegurl') !== '' && typeof window.MediaSource === 'undefined';

const absolute = (url: string) => new URL(url, window.location.href).href;

const play = (video: HTMLVideoElement) => {
  // a refused autoplay shows as a stall and is retried; nothing to report here
  video.play()?.catch(() => undefined);
};

function startNative(video: HTMLVideoElement, url: string, onFailed: PlaybackFailed): Playback {
  const onError = () => onFailed('视频流加载失败');
  video.addEventListener('error', onError);
  video.src = url;
  play(video);
  return {
    destroy: () => {
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      video.load();
    },
  };
}

async function startHls(video: HTMLVideoElement, url: string, onFailed: PlaybackFailed): Promise<Playback> {
  if (playsHlsNatively(video)) return startNative(video, url, onFailed);
  const { default: Hls } = await import('hls.js');
  if (!Hls.isSupported()) throw new Error('当前浏览器不支持 HLS 播放');
  const hls = new Hls({ backBufferLength: 30 });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) onFailed(data.type === Hls.ErrorTypes.NETWORK_ERROR ? '视频流连接中断' : '视频解码失败');
  });
  hls.on(Hls.Events.MANIFEST_PARSED, () => play(video));
  hls.loadSource(url);
  hls.attachMedia(video);
  return { destroy: () => hls.destroy() };
}

async function startFlv(video: HTMLVideoElement, url: string, onFailed: PlaybackFailed): Promise<Playback> {
  const { default: mpegts } = await import('mpegts.js');
  if (!mpegts.getFeatureList().mseLivePlayback) throw new Error('当前浏览器不支持 FLV 播放');
  const player = mpegts.createPlayer({ type: 'flv', isLive: true, url }, { enableStashBuffer: false, liveBufferLatencyChasing: true });
  player.on(mpegts.Events.ERROR, (type: string) => onFailed(type === mpegts.ErrorTypes.NETWORK_ERROR ? '视频流连接中断' : '视频解码失败'));
  // a live stream that ends has dropped, not finished
  player.on(mpegts.Events.LOADING_COMPLETE, () => onFailed('视频流已结束'));
  player.attachMediaElement(video);
  player.load();
  play(video);
  return {
    destroy: () => {
      player.pause();
      player.unload();
      player.detachMediaElement();
      player.destroy();
    },
  };
}

/**
 * Plays a live stream in `video`: HLS through hls.js (or the browser itself), HTTP-FLV through
 * mpegts.js. Both libraries come by import() so they load with this page only.
 */
export function startPlayback(video: HTMLVideoElement, stream: { kind: StreamKind; url: string }, onFailed: PlaybackFailed): Promise<Playback> {
  const url = absolute(stream.url);
  return stream.kind === 'hls' ? startHls(video, url, onFailed) : startFlv(video, url, onFailed);
}
