import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { liveWindow, mediaTarget, mediaTypeOf, safeMediaPath } from './player-media.js';

const vod = ['#EXTM3U', '#EXT-X-TARGETDURATION:2', '#EXTINF:2.000000,', 'segment00.ts', '#EXTINF:2.000000,', 'segment01.ts', '#EXTINF:2.000000,', 'segment02.ts', '#EXT-X-ENDLIST', ''].join(
  '\n',
);
const files = (playlist: string) => playlist.split('\n').filter((line) => line.endsWith('.ts'));

describe('liveWindow', () => {
  it('plays a recording as a live camera: three segments from the clock’s, moving on every segment', () => {
    // 2 s segments: at 10 s the window starts at sequence 5, which is the clip's third segment
    const at10 = liveWindow(vod, 10_000, 3)!;
    expect(at10).toContain('#EXT-X-MEDIA-SEQUENCE:5\n');
    expect(at10).not.toContain('#EXT-X-ENDLIST');
    expect(files(at10)).toEqual(['segment02.ts', 'segment00.ts', 'segment01.ts']);
    expect(liveWindow(vod, 11_999, 3)).toBe(at10);
    expect(liveWindow(vod, 12_000, 3)).toContain('#EXT-X-MEDIA-SEQUENCE:6\n');
  });

  it('marks each wrap round the clip as a discontinuity and counts the ones before the window', () => {
    const at10 = liveWindow(vod, 10_000, 3)!;
    // sequence 6 starts the clip again: a discontinuity before it, the first one after sequence 5's (1 wrap before)
    expect(at10).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:1\n');
    expect(at10.split('\n').indexOf('#EXT-X-DISCONTINUITY')).toBe(at10.split('\n').indexOf('segment00.ts') - 2);
    // a window opening on the clip's first segment needs no mark inside it
    const at12 = liveWindow(vod, 12_000, 3)!;
    expect(at12).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:2\n');
    expect(at12).not.toContain('#EXT-X-DISCONTINUITY\n');
  });

  it('holds six segments by default: three behind the live edge a player keeps, and room to be late', () => {
    expect(files(liveWindow(vod, 0)!)).toEqual(['segment00.ts', 'segment01.ts', 'segment02.ts', 'segment00.ts', 'segment01.ts', 'segment02.ts']);
  });

  it('has nothing to play from a playlist without segments', () => {
    expect(liveWindow('#EXTM3U\n#EXT-X-ENDLIST\n', 0)).toBeUndefined();
    expect(liveWindow('', 0)).toBeUndefined();
  });
});

describe('the files a signed address may reach', () => {
  it('takes names and sub-folders, never a way out', () => {
    expect(safeMediaPath('segment01.ts')).toBe('segment01.ts');
    expect(safeMediaPath('hd/segment01.ts')).toBe('hd/segment01.ts');
    for (const bad of ['../secret', 'a/../../b', './x', '', 'a//b', '/etc/passwd', 'a b.ts', 'x%2F..']) expect(safeMediaPath(bad), bad).toBeUndefined();
  });

  it('finds a recording’s files in its own folder, and a media server’s next to its address', () => {
    expect(mediaTarget('media:standin/index.m3u8', 'segment01.ts', '/data/media')).toEqual({ path: join('/data/media/standin', 'segment01.ts') });
    expect(mediaTarget('media:standin/index.m3u8', '../other/x.ts', '/data/media')).toBeUndefined();
    expect(mediaTarget('https://cam.example.cn/live/gate1/index.m3u8', 'seg7.ts', '/data/media')).toEqual({ url: 'https://cam.example.cn/live/gate1/seg7.ts' });
    expect(mediaTarget('http://10.0.0.8:8080/live/gate1.flv?vhost=a', 'gate1.flv', '/data/media')).toEqual({ url: 'http://10.0.0.8:8080/live/gate1.flv' });
  });

  it('sends each kind of file as what it is', () => {
    expect(mediaTypeOf('index.m3u8')).toBe('application/vnd.apple.mpegurl');
    expect(mediaTypeOf('seg.TS')).toBe('video/mp2t');
    expect(mediaTypeOf('live.flv')).toBe('video/x-flv');
    expect(mediaTypeOf('x.bin')).toBe('application/octet-stream');
  });
});
