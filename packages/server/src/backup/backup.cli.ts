import { copyFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config.js';
import { BackupFileError } from './backup-archive.js';
import { lockDataDir } from '../db/data-dir-lock.js';
import { askServerForBackup, runningServerOf } from './control.js';
import { newBackupPath } from './kept-backups.js';
import { restoreBackup, RestoreRefused } from './restore.js';
import { takeBackup } from './take-backup.js';

const usage = `用法 / usage:
  npm run backup [-- --out FILE]          备份数据库与 DATA_DIR 下的文件（默认写入 DATA_DIR/backups）
  npm run restore -- FILE [--force]       从备份恢复到空的数据目录或数据库；--force 覆盖已有数据`;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** `npm run backup`: the running server takes it when the embedded database is in use, else this process does. */
const backup = async (out: string | undefined) => {
  const config = loadConfig();
  const now = new Date();
  const target = out ? resolve(out) : await newBackupPath(config.dataDir, now);
  if (config.databaseUrl) {
    const taken = await takeBackup({ kind: 'postgres', url: config.databaseUrl }, { dataDir: config.dataDir, target, now });
    return `备份完成 / backup written: ${taken.path} (${megabytes(taken.bytes)}, PostgreSQL, ${taken.manifest.migration.last ?? '-'})`;
  }
  const server = await runningServerOf(config.dataDir);
  if (server) {
    const taken = await askServerForBackup(server);
    if (out) {
      await mkdir(dirname(target), { recursive: true });
      await copyFile(taken.path, target);
    }
    return `备份完成（由运行中的服务器进程 ${server.pid} 完成）/ backup written by the running server: ${out ? target : taken.path} (${megabytes(taken.bytes)})`;
  }
  if (!existsSync(join(config.dataDir, 'pglite'))) throw new RestoreRefused(`${config.dataDir} 下没有数据库 / no database under ${config.dataDir}`);
  // a server starting meanwhile finds the folder taken and waits for its operator, rather than opening it too
  const lock = lockDataDir(config.dataDir, 'npm run backup');
  try {
    const client = await PGlite.create(join(config.dataDir, 'pglite'));
    try {
      const taken = await takeBackup({ kind: 'pglite', client }, { dataDir: config.dataDir, target, now });
      return `备份完成 / backup written: ${taken.path} (${megabytes(taken.bytes)}, PGlite, ${taken.manifest.migration.last ?? '-'})`;
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
};

const restore = async (file: string | undefined, force: boolean) => {
  if (!file) throw new RestoreRefused(`请给出备份文件 / name the backup file\n${usage}`);
  if (!existsSync(file)) throw new RestoreRefused(`找不到备份文件 / no such file: ${file}`);
  const config = loadConfig();
  const manifest = await restoreBackup(resolve(file), { dataDir: config.dataDir, databaseUrl: config.databaseUrl }, { force });
  return `恢复完成 / restored: ${manifest.kind} backup of ${manifest.createdAt}, ${manifest.migration.count} migrations (${manifest.migration.last ?? '-'}), ${manifest.files.count} files, into ${config.databaseUrl ? 'DATABASE_URL and ' : ''}${config.dataDir}`;
};

const main = async () => {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { out: { type: 'string' }, force: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
  });
  if (values.help) return usage;
  if (command === 'backup') return backup(values.out);
  if (command === 'restore') return restore(positionals[0], values.force);
  throw new RestoreRefused(usage);
};

main().then(
  (message) => {
    console.log(message);
  },
  (error: unknown) => {
    const known = error instanceof RestoreRefused || error instanceof BackupFileError;
    console.error(known ? error.message : `失败 / failed: ${error instanceof Error ? error.message : String(error)}`);
    // 2: refused, nothing changed; 1: failed
    process.exitCode = error instanceof RestoreRefused ? 2 : 1;
  },
);
