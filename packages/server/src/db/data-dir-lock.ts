import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database's folder is opened by one process at a time: two PGlite instances writing one
 * data directory corrupt it. Whoever opens it (the server, `npm run backup` without a server,
 * `npm run simulate`) first creates this file, naming its process; the file goes when it closes, and
 * one left by a process that is gone (killed, a power cut) is taken over.
 */
export const dataDirLockName = '.pglite.lock';

interface LockHolder {
  pid: number;
  who: string;
}

/** Whether a process of that id is alive on this machine. */
export const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const holderOf = (file: string): LockHolder | undefined => {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, who: String(parsed.who ?? '') } : undefined;
  } catch {
    return undefined;
  }
};

export class DataDirInUse extends Error {}

/** Takes `dataDir` for this process as `who`; answers how to let go of it. */
export const lockDataDir = (dataDir: string, who: string) => {
  const file = join(dataDir, dataDirLockName);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, JSON.stringify({ pid: process.pid, who }), { flag: 'wx', mode: 0o600 });
      return {
        release: () => {
          // only our own: after a takeover the file is another process's
          if (holderOf(file)?.pid === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf(file);
      if (holder && processAlive(holder.pid)) {
        throw new DataDirInUse(
          `数据目录 ${dataDir} 正由进程 ${holder.pid}（${holder.who}）使用，同一数据目录同时只能由一个进程打开；若该进程已不存在，删除 ${file} 后重试 / ` +
            `${dataDir} is in use by process ${holder.pid} (${holder.who}); the embedded database is opened by one process at a time`,
        );
      }
      // left by a process that is gone (or half written): taken over
      rmSync(file, { force: true });
    }
  }
  throw new DataDirInUse(`数据目录 ${dataDir} 无法加锁 / could not lock ${dataDir}`);
};
