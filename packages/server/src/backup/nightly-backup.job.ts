import { scheduledJob } from '../shared/periodic-job.js';
import { listBackups, pruneBackups } from './kept-backups.js';

const hourMs = 3_600_000;
/** Asia/Shanghai is UTC+8 all year */
const shanghaiOffsetMs = 8 * hourMs;

/** Today's backup hour in Asia/Shanghai, as an instant. */
export const backupHourToday = (now: Date, hour: number) => {
  const local = new Date(now.getTime() + shanghaiOffsetMs);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hour) - shanghaiOffsetMs);
};

/** Due once today's hour has come and no backup was taken since it (a manual one counts). */
export const nightlyBackupDue = (taken: readonly Date[], now: Date, hour: number) => {
  const since = backupHourToday(now, hour);
  return now >= since && !taken.some((at) => at >= since);
};

export interface NightlyBackupOptions {
  dataDir: string;
  /** BACKUP_KEEP: how many backups DATA_DIR/backups keeps; 0 turns the nightly backup off */
  keep: number;
  /** BACKUP_HOUR: the hour of the day (Asia/Shanghai) from which the nightly backup is due */
  hour: number;
  /** how often the job looks whether the backup is due */
  intervalMs: number;
}

/**
 * The embedded database's nightly backup into DATA_DIR/backups, keeping the newest BACKUP_KEEP.
 * It looks every `intervalMs` and takes the backup once today's hour has passed, so a server that
 * was down at that hour takes it when it is back.
 */
export const nightlyBackupJob = (take: () => Promise<{ path: string; bytes: number }>, options: NightlyBackupOptions, clock: () => Date = () => new Date()) =>
  scheduledJob({
    name: 'nightly-backup',
    intervalMs: options.keep > 0 ? options.intervalMs : 0,
    pass: async () => {
      const taken = (await listBackups(options.dataDir)).map((b) => b.createdAt);
      if (!nightlyBackupDue(taken, clock(), options.hour)) return { taken: null, removed: [] as string[] };
      const backup = await take();
      return { taken: backup, removed: await pruneBackups(options.dataDir, options.keep) };
    },
    messages: {
      done: 'nightly backup taken',
      failed: 'nightly backup failed',
      worthTelling: (result) => result.taken !== null,
    },
  });
