import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/client.js';
import { listBackups, newBackupPath, type KeptBackup } from './kept-backups.js';
import { takeBackup, type BackupSource } from './take-backup.js';

export interface BackupService {
  kind: Database['kind'];
  /** takes a backup into DATA_DIR/backups now; while one runs, answers that one */
  takeNow(): Promise<{ path: string; bytes: number }>;
  /** whether a backup is being taken */
  running(): boolean;
  list(): Promise<KeptBackup[]>;
}

/** The live database as a backup source: PGlite's own client (only this process can open its files), or the server's address. */
export const backupSourceOf = (database: Database, databaseUrl: string | undefined): BackupSource => {
  if (database.kind === 'pglite') return { kind: 'pglite', client: (database.db as unknown as { $client: PGlite }).$client };
  // the address the pool was opened with, when not given (a test's own database)
  const url = databaseUrl ?? (database.db as unknown as { $client: { options?: { connectionString?: string } } }).$client.options?.connectionString;
  if (!url) throw new Error('a PostgreSQL backup needs DATABASE_URL');
  return { kind: 'postgres', url };
};

const services = new WeakMap<Database, BackupService>();

/**
 * The one backup service of a database in this process, shared by the console's routes, the nightly
 * job and `npm run backup`'s request, so two backups never run at once.
 */
export const backupServiceOf = (database: Database, options: { dataDir: string; databaseUrl: string | undefined; now: () => Date }): BackupService => {
  const known = services.get(database);
  if (known) return known;
  let current: Promise<{ path: string; bytes: number }> | undefined;
  const service: BackupService = {
    kind: database.kind,
    takeNow: () => {
      current ??= (async () => {
        const at = options.now();
        const taken = await takeBackup(backupSourceOf(database, options.databaseUrl), { dataDir: options.dataDir, target: await newBackupPath(options.dataDir, at), now: at });
        return { path: taken.path, bytes: taken.bytes };
      })().finally(() => {
        current = undefined;
      });
      return current;
    },
    running: () => current !== undefined,
    list: () => listBackups(options.dataDir),
  };
  services.set(database, service);
  return service;
};
