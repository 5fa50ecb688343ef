import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { backupEntries, backupKindOf, BackupFileError, databaseEntry, holdsData, isContent, parseManifest, type BackupKind, type BackupManifest } from './backup-archive.js';
import { serverApplicationName } from '../db/client.js';
import { DataDirInUse, lockDataDir } from '../db/data-dir-lock.js';
import { runningServerOf } from './control.js';
import { postgresToolEnv, runTool } from './postgres-tools.js';
import { bufferOf } from './tar.js';

/** A restore that would overwrite something, or could not run safely: nothing was changed. */
export class RestoreRefused extends Error {}

export interface RestoreTarget {
  dataDir: string;
  /** a PostgreSQL database; the embedded one under dataDir when absent */
  databaseUrl?: string | undefined;
}

const kindName: Record<BackupKind, string> = { pglite: '内置数据库（PGlite）', postgres: 'PostgreSQL' };

/** The tables, views and sequences outside PostgreSQL's own schemas. */
/** Where the server processes connected to the database at `url` connect from (one entry per connection). */
const serverConnections = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = (
      await client.query<{ client: string | null }>(
        `SELECT host(client_addr) AS client FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = $1`,
        [serverApplicationName],
      )
    ).rows;
    return rows.map((row) => row.client ?? 'local');
  } finally {
    await client.end();
  }
};

const relationCount = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [row] = (
      await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
         WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S') AND s.nspname NOT IN ('pg_catalog', 'information_schema') AND s.nspname NOT LIKE 'pg_toast%'`,
      )
    ).rows;
    return Number(row?.n ?? 0);
  } finally {
    await client.end();
  }
};

/** The role row-level security switches to (migration 0003): cluster-wide, so a new server may lack it. */
const ensureAppRole = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DO $$ BEGIN CREATE ROLE parking_app NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`);
    await client.query(`DO $$ BEGIN EXECUTE format('GRANT parking_app TO %I', current_user); EXCEPTION WHEN duplicate_object OR invalid_grant_operation THEN NULL; END $$`);
  } catch {
    // no right to create roles: the restore itself says so when it grants to the missing role
  } finally {
    await client.end();
  }
};

const collect = () => {
  let text = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  return { sink, text: () => text };
};

/**
 * pg_restore's script into psql as one transaction: all of it or nothing. The objects are owned by
 * the restoring user (--no-owner); default privileges name the backed-up owner, who may not exist
 * here, so they are left out and given again for this user. With `replace` the old schema is dropped
 * in the same transaction.
 */
const restorePostgres = async (dumpFile: string, url: string, replace: boolean, scratch: string) => {
  await ensureAppRole(url);
  const { env, database } = postgresToolEnv(url);
  const listing = collect();
  await runTool('pg_restore', ['--list', dumpFile], env, { output: listing.sink });
  const listFile = join(scratch, '.restore.list');
  await writeFile(
    listFile,
    listing
      .text()
      .split('\n')
      .filter((line) => !line.includes(' DEFAULT ACL '))
      .join('\n'),
  );
  const script = new PassThrough();
  const grants = ['GRANT USAGE ON SCHEMA public TO parking_app', 'ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO parking_app'];
  const psqlArgs = [
    '--no-psqlrc',
    '--quiet',
    '--set=ON_ERROR_STOP=1',
    '--single-transaction',
    ...(replace ? ['--command=DROP SCHEMA IF EXISTS public CASCADE', '--command=CREATE SCHEMA public'] : []),
    '--file=-',
    ...grants.map((sql) => `--command=${sql}`),
    `--dbname=${database}`,
  ];
  const quiet = collect();
  const [dumped, applied] = await Promise.allSettled([
    runTool('pg_restore', ['--no-owner', `--use-list=${listFile}`, '--file=-', dumpFile], env, { output: script }),
    runTool('psql', psqlArgs, env, { input: script, output: quiet.sink }),
  ]);
  // psql's own error says why; pg_restore's is then only the broken pipe
  if (applied.status === 'rejected') throw applied.reason;
  if (dumped.status === 'rejected') throw dumped.reason;
};

/**
 * Moves the restored tree into `dataDir`: what was there is moved aside first (its backups folder
 * stays), the embedded database's folder comes last, and what was moved aside is then removed. The
 * restored database appears in one rename, never half written.
 */
const swapIn = async (dataDir: string, staging: string) => {
  const aside = join(dataDir, `.replaced-${randomBytes(6).toString('hex')}`);
  await mkdir(aside);
  for (const name of await readdir(dataDir)) {
    if (name === 'backups' || name.startsWith('.')) continue;
    await rename(join(dataDir, name), join(aside, name));
  }
  const restored = await readdir(staging);
  for (const name of restored) if (name !== 'pglite' && !name.startsWith('.')) await rename(join(staging, name), join(dataDir, name));
  if (restored.includes('pglite')) await rename(join(staging, 'pglite'), join(dataDir, 'pglite'));
  await rm(aside, { recursive: true, force: true });
};

/**
 * Restores a backup file into an empty data directory (PGlite) or an empty database (PostgreSQL)
 * with the files under DATA_DIR; refuses a target that holds data unless `force`. Everything is
 * written into a folder of its own inside DATA_DIR first, and the database in one transaction, so a
 * restore that fails leaves the target as it was.
 */
export const restoreBackup = async (file: string, target: RestoreTarget, options: { force: boolean }): Promise<BackupManifest> => {
  const kind = await backupKindOf(file);
  const targetKind: BackupKind = target.databaseUrl ? 'postgres' : 'pglite';
  if (kind !== targetKind) {
    throw new RestoreRefused(
      `这是${kindName[kind]}的备份，不能恢复到${kindName[targetKind]}${kind === 'postgres' ? '（请设置 DATABASE_URL）' : '（请去掉 DATABASE_URL）'} / a ${kind} backup cannot be restored into ${targetKind}`,
    );
  }
  const server = await runningServerOf(target.dataDir);
  if (server && kind === 'pglite') throw new RestoreRefused(`服务器正在使用 ${target.dataDir}（进程 ${server.pid}），请先停止它 / stop the server using this data directory first`);
  if (target.databaseUrl) {
    // a server would go on writing into what is being replaced, and read tables that vanish under it
    const connections = await serverConnections(target.databaseUrl);
    if (connections.length > 0) {
      const from = [...new Set(connections)].join('、');
      throw new RestoreRefused(
        `目标数据库仍有 ${connections.length} 个服务器连接（来自 ${from}），请先停止使用它的全部服务器 / stop every server using this database first (${connections.length} connections from ${from})`,
      );
    }
  }
  const filesThere = await holdsData(target.dataDir);
  const tablesThere = target.databaseUrl ? (await relationCount(target.databaseUrl)) > 0 : false;
  if ((filesThere || tablesThere) && !options.force) {
    const what = [filesThere ? `数据目录 ${target.dataDir} 不是空的` : '', tablesThere ? '目标数据库已有数据表' : ''].filter(Boolean).join('，');
    throw new RestoreRefused(`${what}；确认要覆盖请加 --force / the target is not empty; add --force to overwrite it`);
  }

  await mkdir(target.dataDir, { recursive: true });
  // the embedded database's folder is this restore's until it ends: a server starting meanwhile is refused
  let lock: { release: () => void } | undefined;
  if (kind === 'pglite') {
    try {
      lock = lockDataDir(target.dataDir, 'npm run restore');
    } catch (error) {
      if (error instanceof DataDirInUse) throw new RestoreRefused(error.message);
      throw error;
    }
  }
  const staging = join(target.dataDir, `.restore-${randomBytes(6).toString('hex')}`);
  try {
    await mkdir(staging);
    let manifest: BackupManifest | undefined;
    let pgliteDump: Buffer | undefined;
    const dumpFile = join(staging, '.database.dump');
    for await (const entry of backupEntries(file)) {
      if (entry.path === databaseEntry.pglite) pgliteDump = await bufferOf(entry.body);
      else if (entry.path === databaseEntry.postgres) await pipeline(Readable.from(entry.body), createWriteStream(dumpFile));
      else if (entry.path === 'manifest.json') manifest = await parseManifest(entry.body);
      else if (entry.path.startsWith('files/')) {
        const relative = entry.path.slice('files/'.length);
        if (!isContent(relative.split('/')[0]!)) throw new BackupFileError(`备份中有不应恢复的文件 / unexpected file in backup: ${entry.path}`);
        const destination = join(staging, relative);
        await mkdir(dirname(destination), { recursive: true });
        await pipeline(Readable.from(entry.body), createWriteStream(destination));
      }
    }
    if (!manifest) throw new BackupFileError('备份文件不完整（没有 manifest.json）/ the backup is incomplete');
    if (kind === 'pglite') {
      if (!pgliteDump) throw new BackupFileError('备份文件中没有数据库 / the backup holds no database');
      const restored = await PGlite.create({ dataDir: join(staging, 'pglite'), loadDataDir: new Blob([new Uint8Array(pgliteDump)]) });
      try {
        const [row] = (await restored.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')).rows;
        if (row?.n !== manifest.migration.count) throw new BackupFileError('恢复出的数据库与备份清单不符 / the restored database does not match the manifest');
      } finally {
        await restored.close();
      }
    } else {
      await restorePostgres(dumpFile, target.databaseUrl!, tablesThere, staging);
      await rm(dumpFile, { force: true });
    }
    await swapIn(target.dataDir, staging);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
    lock?.release();
  }
};
