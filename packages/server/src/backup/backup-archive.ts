import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, mkdir, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { bufferOf, padding, tarEnd, tarEntries, tarHeader, type TarEntry } from './tar.js';

/**
 * One backup file: a gzipped tar holding the database dump first (`database/pglite.tar`, PGlite's
 * data-directory dump, or `database/postgres.dump`, pg_dump's custom format), then the files under
 * DATA_DIR as `files/…`, then `manifest.json`, written last so it can count what went in.
 */
export const backupProduct = 'smart-parking';
export const backupFormat = 1;

export type BackupKind = 'pglite' | 'postgres';

export const databaseEntry: Record<BackupKind, string> = { pglite: 'database/pglite.tar', postgres: 'database/postgres.dump' };

export interface BackupManifest {
  product: typeof backupProduct;
  format: typeof backupFormat;
  kind: BackupKind;
  /** the last migration applied in the backed-up database, and how many there were */
  migration: { last: string | null; count: number };
  createdAt: string;
  database: { bytes: number };
  files: { count: number; bytes: number };
}

/** DATA_DIR's own top-level entries that are not content: the embedded database, backups, and our dot-files. */
export const isContent = (topName: string) => topName !== 'backups' && topName !== 'pglite' && !topName.startsWith('.');

/** The files under `dataDir` a backup holds (photos, attachments, brand images…), as relative paths. */
export const listDataFiles = async (dataDir: string): Promise<string[]> => {
  const found: string[] = [];
  const walk = async (relative: string) => {
    const entries = await readdir(join(dataDir, relative), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (relative === '' && !isContent(entry.name)) continue;
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) found.push(path);
    }
  };
  await walk('');
  return found.sort();
};

/** Whether `dataDir` holds anything a restore would replace (a folder with only backups in it counts as empty). */
export const holdsData = async (dataDir: string) => {
  const entries = await readdir(dataDir).catch(() => [] as string[]);
  return entries.some((name) => name === 'pglite' || isContent(name));
};

/** files up to this size are read whole before they go in; larger ones are streamed */
const smallFile = 8 * 1024 * 1024;

export interface DatabaseDump {
  kind: BackupKind;
  bytes: number;
  content: () => AsyncIterable<Buffer>;
}

/**
 * Writes the backup to `target` (through a temporary name beside it, renamed when complete, so a
 * file of that name is always whole). Files removed while the backup runs are left out.
 */
export const writeBackupArchive = async (target: string, dump: DatabaseDump, dataDir: string, manifest: Omit<BackupManifest, 'database' | 'files' | 'product' | 'format' | 'kind'>) => {
  await mkdir(dirname(target), { recursive: true });
  const partial = join(dirname(target), `.partial-${randomBytes(6).toString('hex')}`);
  const files = await listDataFiles(dataDir);
  const counted = { count: 0, bytes: 0 };
  async function* archive() {
    yield tarHeader({ path: databaseEntry[dump.kind], size: dump.bytes });
    let written = 0;
    for await (const piece of dump.content()) {
      written += piece.length;
      yield piece;
    }
    if (written !== dump.bytes) throw new Error(`database dump was ${written} bytes, expected ${dump.bytes}`);
    yield padding(dump.bytes);
    for (const path of files) {
      const full = join(dataDir, path);
      const info = await stat(full).catch(() => undefined);
      if (!info?.isFile()) continue;
      if (info.size <= smallFile) {
        // read whole first: one removed or rewritten meanwhile is left out rather than breaking the archive
        const content = await readFile(full).catch(() => undefined);
        if (content?.length !== info.size) continue;
        yield tarHeader({ path: `files/${path}`, size: info.size, mtime: info.mtime });
        yield content;
      } else {
        yield tarHeader({ path: `files/${path}`, size: info.size, mtime: info.mtime });
        let sent = 0;
        for await (const piece of createReadStream(full, { start: 0, end: info.size - 1 }) as AsyncIterable<Buffer>) {
          sent += piece.length;
          yield piece;
        }
        if (sent !== info.size) throw new Error(`${path} changed while it was backed up`);
      }
      yield padding(info.size);
      counted.count += 1;
      counted.bytes += info.size;
    }
    const full: BackupManifest = { product: backupProduct, format: backupFormat, kind: dump.kind, ...manifest, database: { bytes: dump.bytes }, files: counted };
    const body = Buffer.from(JSON.stringify(full, null, 2));
    yield tarHeader({ path: 'manifest.json', size: body.length });
    yield body;
    yield padding(body.length);
    yield tarEnd();
  }
  try {
    await pipeline(Readable.from(archive()), createGzip(), createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const written = await lstat(target);
  return { path: target, bytes: written.size };
};

export class BackupFileError extends Error {}

/** The entries of a backup file, the gzip undone. */
export const backupEntries = (file: string): AsyncGenerator<TarEntry> => tarEntries(createReadStream(file).pipe(createGunzip()));

/** What kind of database a backup holds, from its first entry, without reading further. */
export const backupKindOf = async (file: string): Promise<BackupKind> => {
  const entries = backupEntries(file);
  try {
    const first = await entries.next().catch(() => undefined);
    const kind = (Object.keys(databaseEntry) as BackupKind[]).find((k) => first && !first.done && first.value.path === databaseEntry[k]);
    if (!kind) throw new BackupFileError(`不是本系统的备份文件 / not a backup of this product: ${file}`);
    return kind;
  } finally {
    await entries.return(undefined);
  }
};

/** The manifest, checked: a file of another product or a newer format is refused. */
export const parseManifest = async (body: AsyncIterable<Buffer>): Promise<BackupManifest> => {
  const manifest = JSON.parse((await bufferOf(body)).toString('utf8')) as Partial<BackupManifest>;
  if (manifest.product !== backupProduct) throw new BackupFileError('不是本系统的备份文件 / not a backup of this product');
  if (manifest.format !== backupFormat) throw new BackupFileError(`备份格式 ${String(manifest.format)} 不受支持 / unsupported backup format`);
  return manifest as BackupManifest;
};
