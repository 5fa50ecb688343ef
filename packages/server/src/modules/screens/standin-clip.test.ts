import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureStandinClip, mediaDir } from './standin-clip.js';

const quiet = () => {
  const said: string[] = [];
  return { said, log: { info: (_o: object, m: string) => void said.push(m), warn: (_o: object, m: string) => void said.push(m) } };
};

describe('the stand-in camera', () => {
  it('is made by ffmpeg once: 12 s of HLS in six 2-second MPEG-TS segments, left alone when it is there', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'standin-'));
    const { said, log } = quiet();
    await ensureStandinClip(dataDir, log);
    expect(said).toEqual(['stand-in camera clip made']);
    const folder = join(mediaDir(dataDir), 'standin');
    const playlist = readFileSync(join(folder, 'index.m3u8'), 'utf8');
    const segments = playlist.split('\n').filter((line) => line.endsWith('.ts'));
    expect(segments).toEqual(['segment00.ts', 'segment01.ts', 'segment02.ts', 'segment03.ts', 'segment04.ts', 'segment05.ts']);
    expect(playlist.match(/#EXTINF:([\d.]+)/g)!.map((tag) => Number(tag.slice(8)))).toEqual([2, 2, 2, 2, 2, 2]);
    for (const file of segments) {
      const bytes = readFileSync(join(folder, file));
      // MPEG-TS: 188-byte packets, each opening with the sync byte 0x47
      expect(bytes.length % 188, file).toBe(0);
      expect(bytes[0], file).toBe(0x47);
      expect(bytes[188], file).toBe(0x47);
    }
    // no draft folder is left beside it
    expect(readdirSync(mediaDir(dataDir))).toEqual(['standin']);

    const made = statSync(join(folder, 'index.m3u8')).mtimeMs;
    await ensureStandinClip(dataDir, log);
    expect(said).toHaveLength(1);
    expect(statSync(join(folder, 'index.m3u8')).mtimeMs).toBe(made);
  }, 60_000);

  it('says why the demo cameras stay dark when ffmpeg cannot be run, and leaves nothing half made', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'standin-'));
    const { said, log } = quiet();
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      await ensureStandinClip(dataDir, log);
    } finally {
      process.env.PATH = path;
    }
    expect(said).toEqual(['the stand-in camera clip could not be made (is ffmpeg installed?); the demo cameras will show 离线']);
    expect(readdirSync(mediaDir(dataDir))).toEqual([]);
  });
});
