import { z } from 'zod';

export const backupPaths = {
  overview: '/api/system/Backup',
  download: '/api/system/Backup/:name/Download',
} as const;

/** backup-20261130-190000Z.tar.gz, as the server names them: nothing else can be asked for, no path */
export const backupFileName = z.string().regex(/^backup-\d{8}-\d{6}Z(?:-\d{1,4})?\.tar\.gz$/, '备份文件名不正确');

export const keptBackup = z.object({
  name: z.string(),
  createdAt: z.string(),
  bytes: z.number().int().min(0),
});
export type KeptBackup = z.infer<typeof keptBackup>;

/** 备份: what DATA_DIR/backups holds, newest first, and how the nightly backup is set. */
export const backupOverview = z.object({
  /** embedded: the built-in database, backed up nightly; server: a PostgreSQL server, whose operator backs it up */
  database: z.enum(['embedded', 'server']),
  /** a backup is being taken now */
  running: z.boolean(),
  nightly: z.object({ enabled: z.boolean(), hour: z.number().int(), keep: z.number().int() }),
  list: z.array(keptBackup),
});
export type BackupOverview = z.infer<typeof backupOverview>;

export const backupStarted = z.object({ running: z.boolean() });
