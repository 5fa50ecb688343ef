import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupName, backupsDirOf, backupTimeOf, listBackups, newBackupPath } from './kept-backups.js';
import { backupHourToday, nightlyBackupDue, nightlyBackupJob } from './nightly-backup.job.js';

describe('the nightly backup', () => {
  it('is due from BACKUP_HOUR in Asia/Shanghai until a backup is taken that day', () => {
    // 02:30 in Shanghai is 18:30 UTC the day before
    expect(backupHourToday(new Date('2026-11-29T18:30:00Z'), 2).toISOString()).toBe('2026-11-29T18:00:00.000Z');
    expect(nightlyBackupDue([], new Date('2026-11-29T17:59:00Z'), 2)).toBe(false);
    expect(nightlyBackupDue([], new Date('2026-11-29T18:00:00Z'), 2)).toBe(true);
    expect(nightlyBackupDue([new Date('2026-11-29T18:05:00Z')], new Date('2026-11-29T20:00:00Z'), 2)).toBe(false);
    // yesterday's does not count, nor one taken before today's hour
    expect(nightlyBackupDue([new Date('2026-11-29T17:00:00Z'), new Date('2026-11-28T18:10:00Z')], new Date('2026-11-29T20:00:00Z'), 2)).toBe(true);
  });

  it('names backups by their UTC time and reads the time back', () => {
    const at = new Date('2026-11-30T02:38:09Z');
    expect(backupName(at)).toBe('backup-20261130-023809Z.tar.gz');
    expect(backupTimeOf(backupName(at, 2))?.toISOString()).toBe('2026-11-30T02:38:09.000Z');
    expect(backupTimeOf('notes.txt')).toBeUndefined();
  });

  it('takes the backup once the hour has come, keeps the newest BACKUP_KEEP and leaves other files alone', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'parking-nightly-'));
    mkdirSync(backupsDirOf(dataDir));
    writeFileSync(join(backupsDirOf(dataDir), 'notes.txt'), 'mine');
    let now = new Date('2026-11-20T19:00:00Z');
    const take = async () => {
      const path = await newBackupPath(dataDir, now);
      writeFileSync(path, 'backup');
      return { path, bytes: 6 };
    };
    const job = nightlyBackupJob(take, { dataDir, keep: 3, hour: 2, intervalMs: 600_000 }, () => now);
    for (let day = 0; day < 5; day += 1) {
      now = new Date(Date.UTC(2026, 10, 20 + day, 17, 0));
      expect((await job.pass()).taken).toBeNull();
      now = new Date(Date.UTC(2026, 10, 20 + day, 18, 10));
      expect((await job.pass()).taken).not.toBeNull();
      expect((await job.pass()).taken).toBeNull();
    }
    const kept = await listBackups(dataDir);
    expect(kept.map((b) => b.name)).toEqual(['backup-20261124-181000Z.tar.gz', 'backup-20261123-181000Z.tar.gz', 'backup-20261122-181000Z.tar.gz']);
    expect(readdirSync(backupsDirOf(dataDir))).toContain('notes.txt');
  });

  it('is off when BACKUP_KEEP is 0', () => {
    expect(nightlyBackupJob(async () => ({ path: '', bytes: 0 }), { dataDir: '/nowhere', keep: 0, hour: 2, intervalMs: 600_000 }).intervalMs).toBe(0);
  });
});
