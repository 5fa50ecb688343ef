import { resolve, sep } from 'node:path';

/** What a file under a stream's folder is sent as. */
export const mediaTypeOf = (file: string): string => {
  const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
  return { m3u8: 'application/vnd.apple.mpegurl', ts: 'video/mp2t', flv: 'video/x-flv', m4s: 'video/iso.segment', mp4: 'video/mp4', aac: 'audio/aac' }[ext] ?? 'application/octet-stream';
};

/** A requested path under the signed prefix: names only, no climbing out (.., ., empty parts). */
export const safeMediaPath = (path: string): string | undefined => {
  const parts = path.split('/');
  return parts.every((part) => /^[\w.-]+$/.test(part) && part !== '.' && part !== '..') ? parts.join('/') : undefined;
};

/** Where a requested file of a stream lives: a URL next to an http(s) address, or a file in a media: folder. */
export const mediaTarget = (streamUrl: string, file: string, mediaRoot: string): { url: string } | { path: string } | undefined => {
  const safe = safeMediaPath(file);
  if (!safe) return undefined;
  if (streamUrl.startsWith('media:')) {
    const folder = streamUrl.slice('media:'.length).split('/')[0] ?? '';
    const root = resolve(mediaRoot, folder);
    const path = resolve(root, safe);
    return path.startsWith(root + sep) ? { path } : undefined;
  }
  return { url: new URL(safe, streamUrl).toString() };
};

interface Segment {
  duration: number;
  file: string;
}

const segmentsOf = (playlist: string): Segment[] => {
  const lines = playlist.split(/\r?\n/).map((line) => line.trim());
  const segments: Segment[] = [];
  lines.forEach((line, i) => {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    const file = lines[i + 1];
    if (extinf && file && !file.startsWith('#')) segments.push({ duration: Number(extinf[1]), file });
  });
  return segments;
};

/** 12 s of 2-second segments: a player keeps three segments behind the live edge and still has room to be late */
export const liveWindowSegments = 6;

/**
 * A recorded clip played as a live camera: a window of `size` segments that moves on with the clock
 * and wraps round the clip, each wrap marked as a discontinuity. The clip's segments are taken as
 * equally long (the stand-in's are, 2 s each). Undefined for a playlist with no segments.
 */
export const liveWindow = (vodPlaylist: string, nowMs: number, size = liveWindowSegments): string | undefined => {
  const segments = segmentsOf(vodPlaylist);
  const first = segments[0];
  if (!first || !(first.duration > 0)) return undefined;
  const count = segments.length;
  const base = Math.floor(nowMs / (first.duration * 1000));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(Math.max(...segments.map((s) => s.duration)))}`,
    `#EXT-X-MEDIA-SEQUENCE:${base}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(base / count)}`,
  ];
  for (let i = 0; i < size; i++) {
    const sequence = base + i;
    const segment = segments[sequence % count]!;
    if (i > 0 && sequence % count === 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${segment.duration.toFixed(3)},`, segment.file);
  }
  return `${lines.join('\n')}\n`;
};

/**
 * A media server's playlist whose entries (segments, keys, variant playlists) name absolute
 * addresses under the playlist's own folder, rewritten relative to it, so the player fetches them
 * through the signed address too rather than from the media server, which it may not reach.
 * Addresses elsewhere are left as they are.
 */
export const relativePlaylist = (playlist: string, playlistUrl: string): string => {
  const folder = new URL('.', playlistUrl).toString();
  const relative = (uri: string) => (uri.startsWith(folder) && uri.length > folder.length ? uri.slice(folder.length) : uri);
  return playlist
    .split('\n')
    .map((line) => {
      const text = line.trim();
      if (text.startsWith('#')) return line.replace(/URI="([^"]+)"/g, (_, uri: string) => `URI="${relative(uri)}"`);
      return text ? relative(text) : line;
    })
    .join('\n');
};
