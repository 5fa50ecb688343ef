import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { writeBackupArchive, type BackupManifest } from './backup-archive.js';
import { postgresToolEnv, runTool } from './postgres-tools.js';

/** Where a backup's database comes from: the live PGlite of this process, or a PostgreSQL server. */
export type BackupSource = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };

/** A query run inside the backup's snapshot: it sees exactly what the dump holds. */
export type SnapshotQuery = <Row>(sql: string, params?: unknown[]) => Promise<Row[]>;

export interface TakenBackup<Seen> {
  path: string;
  bytes: number;
  manifest: Omit<BackupManifest, 'files' | 'database'>;
  /** what `inSnapshot` answered */
  seen: Seen;
}

const migrationLevel = async (query: SnapshotQuery) => {
  const rows = await query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
  return { last: rows.at(-1)?.name ?? null, count: rows.length };
};

/**
 * Takes one consistent backup into `target`. On PGlite the dump is taken inside a transaction that
 * holds the one connection, so no other transaction is half done in it (requests wait meanwhile);
 * on PostgreSQL pg_dump reads the snapshot of a repeatable-read transaction of ours, exported to it,
 * so `inSnapshot` sees what the dump holds while writes go on. The DATA_DIR files are copied after
 * the snapshot: a photo written during the backup may be there without its row, never the reverse
 * unless it was removed meanwhile.
 */
export const takeBackup = async <Seen = undefined>(
  source: BackupSource,
  options: { dataDir: string; target: string; now: Date; inSnapshot?: (query: SnapshotQuery) => Promise<Seen> },
): Promise<TakenBackup<Seen>> => {
  const createdAt = options.now.toISOString();
  if (source.kind === 'pglite') {
    const { client } = source;
    const taken = await client.transaction(async (tx) => {
      const query: SnapshotQuery = async <Row>(text: string, params?: unknown[]) => (await tx.query<Row>(text, params)).rows;
      const migration = await migrationLevel(query);
      const seen = (options.inSnapshot ? await options.inSnapshot(query) : undefined) as Seen;
      // pages written to disk first, so a restore need not replay the log
      await tx.exec('CHECKPOINT');
      // the dump waits for no lock of the transaction we are in: it copies the files as they stand now
      const dump = await client.dumpDataDir('none');
      return { migration, seen, dump };
    });
    const bytes = new Uint8Array(await taken.dump.arrayBuffer());
    const written = await writeBackupArchive(
      options.target,
      {
        kind: 'pglite',
        bytes: bytes.length,
        content: async function* () {
          yield Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        },
      },
      options.dataDir,
      { migration: taken.migration, createdAt },
    );
    return { ...written, manifest: { product: 'smart-parking', format: 1, kind: 'pglite', migration: taken.migration, createdAt }, seen: taken.seen };
  }

  const scratch = await mkdtemp(join(tmpdir(), 'parking-backup-'));
  const dumpFile = join(scratch, 'postgres.dump');
  const client = new pg.Client({ connectionString: source.url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [exported] = (await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot')).rows;
    const query: SnapshotQuery = async <Row>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as Row[];
    const { env, database } = postgresToolEnv(source.url);
    const dumping = runTool('pg_dump', ['--format=custom', `--snapshot=${exported!.snapshot}`, `--file=${dumpFile}`, '--no-password', database], env);
    // the snapshot lives while this transaction does: it ends only after pg_dump has read everything
    let read: [Awaited<ReturnType<typeof migrationLevel>>, Seen];
    try {
      read = [await migrationLevel(query), (options.inSnapshot ? await options.inSnapshot(query) : undefined) as Seen];
    } finally {
      await dumping.catch(() => undefined);
    }
    await dumping;
    const [migration, seen] = read;
    await client.query('COMMIT');
    const bytes = (await stat(dumpFile)).size;
    const written = await writeBackupArchive(options.target, { kind: 'postgres', bytes, content: () => createReadStream(dumpFile) as AsyncIterable<Buffer> }, options.dataDir, {
      migration,
      createdAt,
    });
    return { ...written, manifest: { product: 'smart-parking', format: 1, kind: 'postgres', migration, createdAt }, seen };
  } finally {
    await client.end().catch(() => undefined);
    await rm(scratch, { recursive: true, force: true });
  }
};
