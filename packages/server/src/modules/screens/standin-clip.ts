import { execFile } from 'node:child_process';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where `media:<folder>/<file>` stream addresses are read from. */
export const mediaDir = (dataDir: string) => join(dataDir, 'media');

/**
 * The demo's stand-in camera: 12 seconds of ffmpeg's moving test pattern, small (320×180, 10 fps)
 * so a wall of them costs a browser little to decode, as HLS in 2-second segments under
 * DATA_DIR/media/standin, made on this machine (never downloaded) when it is missing. Written to a side folder and renamed, so a player never reads half a clip. Without
 * ffmpeg the demo's cameras stay dark and say why; nothing else depends on it.
 */
export const ensureStandinClip = async (dataDir: string, log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void }) => {
  const folder = join(mediaDir(dataDir), 'standin');
  try {
    await access(join(folder, 'index.m3u8'));
    return;
  } catch {
    // missing: made below
  }
  const draft = `${folder}.making-${process.pid}`;
  await rm(draft, { recursive: true, force: true });
  await mkdir(draft, { recursive: true });
  try {
    await run(
      'ffmpeg',
      [
        ['-hide_banner', '-loglevel', 'error', '-nostdin'],
        ['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10'],
        ['-t', '12', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '20', '-keyint_min', '20', '-sc_threshold', '0'],
        ['-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod', '-hls_segment_filename', join(draft, 'segment%02d.ts'), join(draft, 'index.m3u8')],
      ].flat(),
      { timeout: 120_000 },
    );
    await rm(folder, { recursive: true, force: true });
    await rename(draft, folder);
    log.info({ folder }, 'stand-in camera clip made');
  } catch (error) {
    await rm(draft, { recursive: true, force: true });
    log.warn({ err: error }, 'the stand-in camera clip could not be made (is ffmpeg installed?); the demo cameras will show 离线');
  }
};
