import { backupServiceOf } from './backup/backup-service.js';
import { nightlyBackupJob } from './backup/nightly-backup.job.js';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { monthPartitionsJob } from './db/month-partitions.job.js';
import { phoneChangePhotoJob, vehicleAuthPhotoJob } from './modules/customers/index.js';
import { deviceOfflineJob } from './modules/devices/index.js';
import { invoiceDeps, invoiceSyncJob, reconciliationJob } from './modules/finance/index.js';
import { recordClockJob, recordRetentionJob } from './modules/orders/index.js';
import { sandboxBills } from './modules/payments/index.js';
import { jobRunnerFor, type JobObserver, type RunningJob } from './shared/job-runner.js';
import type { JobLogger } from './shared/periodic-job.js';

/**
 * The product's scheduled jobs. With DATABASE_URL each runs on one process at a time across all the
 * processes sharing the database; on the embedded database in this process (shared/job-runner.ts).
 */
export const startScheduledJobs = (database: Database, config: AppConfig, logger: JobLogger, observer?: JobObserver) => {
  const { db } = database;
  const jobs = jobRunnerFor(database, logger, { observer });
  const hourly = 3_600_000;
  const running: RunningJob[] = [
    jobs.start(deviceOfflineJob(db, config.deviceOfflineCheckMs)),
    jobs.start(recordClockJob(db, config.arrearsCheckMs)),
    // each tenant's raw vehicle events and settled records' photos past its retention days (租户管理), looked for hourly
    jobs.start(recordRetentionJob(db, config.dataDir, hourly)),
    // the partitions of the months ahead of the tables kept by month (operation log, vehicle events,
    // records, payments) and those tables' own statistics, looked for hourly
    jobs.start(monthPartitionsJob(db, hourly)),
    // 行驶证 photos of decided requests, removed VEHICLE_AUTH_PHOTO_DAYS after the decision; looked for hourly
    jobs.start(vehicleAuthPhotoJob(db, config.dataDir, config.vehicleAuthPhotoDays, hourly)),
    // and those of decided 手机号变更 requests, kept as long
    jobs.start(phoneChangePhotoJob(db, config.dataDir, config.vehicleAuthPhotoDays, hourly)),
    jobs.start(invoiceSyncJob(db, invoiceDeps({ dataDir: config.dataDir, now: () => new Date(), log: logger }), Number(process.env.INVOICE_SYNC_MS ?? 5000))),
    // 每日对账 of the sandbox's bills, looked for hourly
    jobs.start(reconciliationJob(db, sandboxBills(db, { now: () => new Date() }), config.paymentProvider === 'sandbox' ? hourly : 0)),
    // the embedded database's nightly backup into DATA_DIR/backups, looked for every 10 minutes; a PostgreSQL server is backed up by its operator
    jobs.start(
      nightlyBackupJob(() => backupServiceOf(database, { ...config, now: () => new Date() }).takeNow(), {
        dataDir: config.dataDir,
        keep: database.kind === 'pglite' ? config.backupKeep : 0,
        hour: config.backupHour,
        intervalMs: 600_000,
      }),
    ),
  ];
  return {
    /** no new pass starts; waits for those in flight */
    stop: async () => {
      await Promise.all(running.map((job) => job.stop()));
      await jobs.close();
    },
  };
};
