import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPglite } from './client.js';
import { DataDirInUse, dataDirLockName, lockDataDir } from './data-dir-lock.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'data-dir-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The id of a process that has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;

describe('the data directory lock', () => {
  it('lets one holder at a time have the folder, naming the holder to the next, until it lets go', () => {
    const first = lockDataDir(dir, 'server');
    expect(() => lockDataDir(dir, 'npm run backup')).toThrow(DataDirInUse);
    expect(() => lockDataDir(dir, 'npm run backup')).toThrow(`正由进程 ${process.pid}（server）使用`);
    first.release();
    expect(existsSync(join(dir, dataDirLockName))).toBe(false);
    lockDataDir(dir, 'npm run backup').release();
  });

  it('takes over a lock left by a process that is gone, or one that cannot be read', () => {
    writeFileSync(join(dir, dataDirLockName), JSON.stringify({ pid: deadPid(), who: 'server' }));
    lockDataDir(dir, 'server').release();
    writeFileSync(join(dir, dataDirLockName), '{"pid":');
    lockDataDir(dir, 'server').release();
  });

  it('keeps a second embedded database off a folder one has open, and frees it on close', async () => {
    const open = await openPglite(dir);
    await expect(openPglite(dir, 'npm run simulate')).rejects.toThrow(DataDirInUse);
    // the refused one took nothing: the first still holds the folder
    expect(existsSync(join(dir, dataDirLockName))).toBe(true);
    await open.close();
    expect(existsSync(join(dir, dataDirLockName))).toBe(false);
    const again = await openPglite(dir);
    await again.close();
  }, 60_000);
});
