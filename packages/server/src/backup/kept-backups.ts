import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** DATA_DIR/backups: where the server, the nightly job and `npm run backup` put backups by default. */
export const backupsDirOf = (dataDir: string) => join(dataDir, 'backups');

const namePattern = /^backup-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})Z(?:-(\d+))?\.tar\.gz$/;

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** backup-20261130-020000Z.tar.gz: the UTC time it was taken, so names sort by time. */
export const backupName = (at: Date, repeat = 0) =>
  `backup-${at.getUTCFullYear()}${twoDigits(at.getUTCMonth() + 1)}${twoDigits(at.getUTCDate())}-${twoDigits(at.getUTCHours())}${twoDigits(at.getUTCMinutes())}${twoDigits(at.getUTCSeconds())}Z${repeat ? `-${repeat}` : ''}.tar.gz`;

/** When a backup of that name was taken; undefined for any other name (a file of someone else's). */
export const backupTimeOf = (name: string): Date | undefined => {
  const match = namePattern.exec(name);
  if (!match) return undefined;
  const [y, mo, d, h, mi, s] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
};

export interface KeptBackup {
  name: string;
  createdAt: Date;
  bytes: number;
}

/** The backups in DATA_DIR/backups, newest first; files of other names are not ours and not listed. */
export const listBackups = async (dataDir: string): Promise<KeptBackup[]> => {
  const dir = backupsDirOf(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const kept: KeptBackup[] = [];
  for (const name of names) {
    const createdAt = backupTimeOf(name);
    if (!createdAt) continue;
    const info = await stat(join(dir, name)).catch(() => undefined);
    if (info?.isFile()) kept.push({ name, createdAt, bytes: info.size });
  }
  // same second: the later repeat number first
  return kept.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name, 'en', { numeric: true }));
};

/** A name in DATA_DIR/backups for a backup taken at `at` that no file has yet. */
export const newBackupPath = async (dataDir: string, at: Date) => {
  const taken = new Set(await readdir(backupsDirOf(dataDir)).catch(() => [] as string[]));
  let repeat = 0;
  while (taken.has(backupName(at, repeat))) repeat += 1;
  return join(backupsDirOf(dataDir), backupName(at, repeat));
};

/** Removes all but the newest `keep` backups; answers the names removed. */
export const pruneBackups = async (dataDir: string, keep: number) => {
  const old = (await listBackups(dataDir)).slice(Math.max(keep, 1));
  for (const backup of old) await rm(join(backupsDirOf(dataDir), backup.name), { force: true });
  return old.map((b) => b.name);
};
