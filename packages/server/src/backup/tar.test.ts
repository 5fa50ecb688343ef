import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferOf, checkedPath, padding, tarEnd, tarEntries, tarHeader } from './tar.js';

const archive = (files: [string, string][]) =>
  Buffer.concat([...files.flatMap(([path, content]) => [tarHeader({ path, size: Buffer.byteLength(content) }), Buffer.from(content), padding(Buffer.byteLength(content))]), tarEnd()]);

/** the bytes in small uneven pieces, as a gunzip stream hands them over */
async function* pieces(bytes: Buffer) {
  for (let at = 0; at < bytes.length; at += 333) yield bytes.subarray(at, at + 333);
}

const read = async (bytes: Buffer) => {
  const found: [string, string][] = [];
  for await (const entry of tarEntries(pieces(bytes))) found.push([entry.path, (await bufferOf(entry.body)).toString()]);
  return found;
};

const longPath = `photos/${'车'.repeat(60)}/${'x'.repeat(120)}.jpg`;
const files: [string, string][] = [
  ['manifest.json', '{"a":1}'],
  ['photos/2026/照片.jpg', 'jpeg bytes'],
  [longPath, 'long'],
  ['empty.txt', ''],
];

describe('our tar', () => {
  it('reads back what it wrote, long and Chinese paths included, however the bytes are cut', async () => {
    expect(await read(archive(files))).toEqual(files);
  });

  it('writes what the system tar reads, and reads what the system tar writes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parking-tar-'));
    writeFileSync(join(dir, 'ours.tar'), archive(files));
    expect(
      execFileSync('tar', ['-tf', join(dir, 'ours.tar')], { encoding: 'utf8' })
        .trim()
        .split('\n'),
    ).toEqual(files.map(([path]) => path));
    execFileSync('tar', ['-xf', 'ours.tar'], { cwd: dir });
    execFileSync('tar', ['--format=pax', '-cf', 'theirs.tar', 'photos', 'manifest.json'], { cwd: dir });
    const theirs = await read(readFileSync(join(dir, 'theirs.tar')));
    expect(theirs.sort()).toEqual([files[0]!, files[1]!, files[2]!].sort());
  });

  it('skips a body left unread and goes on to the next entry', async () => {
    const paths: string[] = [];
    for await (const entry of tarEntries(pieces(archive(files)))) paths.push(entry.path);
    expect(paths).toEqual(files.map(([path]) => path));
  });

  it('refuses paths that would write outside the folder it restores into', () => {
    for (const bad of ['/etc/passwd', '../up', 'a/../../b', 'a//b', 'a\\b', '']) expect(() => checkedPath(bad)).toThrow(/unsafe path/);
    expect(checkedPath('photos/a.jpg')).toBe('photos/a.jpg');
  });

  it('refuses a damaged header and an archive that ends early', async () => {
    const bytes = archive(files);
    const damaged = Buffer.from(bytes);
    damaged[10] = damaged[10]! ^ 0xff;
    await expect(read(damaged)).rejects.toThrow(/damaged/);
    await expect(read(bytes.subarray(0, 700))).rejects.toThrow(/ends early/);
  });
});
