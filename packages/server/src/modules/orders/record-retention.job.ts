import { readdir, rmdir, unlink } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { and, asc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { businessDay } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { parkingRecords, tenants, vehicleEvents } from '../../db/schema/index.js';
import { scheduledJob } from '../../shared/periodic-job.js';
import { forgetSettledRecordPhotos } from './record-store.js';

const DAY_MS = 86_400_000;

/** How much one pass removes at most per tenant, so a first pass over years of data does not hold the database for long. */
export const retentionBatch = { events: 5_000, eventBatches: 40, records: 500, recordBatches: 20 };
export type RetentionBatch = typeof retentionBatch;

export interface RetentionResult {
  /** raw vehicle events removed */
  events: number;
  /** settled records whose photos were forgotten */
  records: number;
  /** photo files removed from DATA_DIR */
  files: number;
}

/** `relative` (as the database keeps it) inside the tenant's own photo folder, or undefined when it would lead elsewhere. */
const photoFileOf = (dataDir: string, tenantId: string, relative: string) => {
  const folder = resolve(dataDir, 'photos', tenantId);
  const file = resolve(dataDir, relative);
  return file.startsWith(folder + sep) ? file : undefined;
};

const removeFile = async (file: string) => {
  try {
    await unlink(file);
    return 1;
  } catch (error) {
    // removed already (a pass that stopped midway, or by hand): nothing is lost
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
};

/** The tenant's day folders (photos/<tenant>/<YYYY-MM-DD>) from before `cutoffDay` that are empty now. */
const removeEmptyDayFolders = async (dataDir: string, tenantId: string, cutoffDay: string) => {
  const folder = join(dataDir, 'photos', tenantId);
  const days = await readdir(folder).catch(() => [] as string[]);
  for (const day of days) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day >= cutoffDay) continue;
    // not empty (photos of records still owed, kept as evidence): left as it is
    await rmdir(join(folder, day)).catch(() => undefined);
  }
};

/** Removes a tenant's raw vehicle events created before `before`, oldest first, a batch per statement. */
const removeOldEvents = async (db: Db, tenantId: string, before: Date, limits: RetentionBatch) => {
  let removed = 0;
  for (let batch = 0; batch < limits.eventBatches; batch++) {
    const oldest = db
      .select({ id: vehicleEvents.id })
      .from(vehicleEvents)
      .where(and(eq(vehicleEvents.tenantId, tenantId), lt(vehicleEvents.createdAt, before)))
      .orderBy(asc(vehicleEvents.createdAt))
      .limit(limits.events);
    const gone = await db
      .delete(vehicleEvents)
      .where(and(eq(vehicleEvents.tenantId, tenantId), inArray(vehicleEvents.id, oldest)))
      .returning({ id: vehicleEvents.id });
    removed += gone.length;
    if (gone.length < limits.events) break;
  }
  return removed;
};

/**
 * Forgets the photos of a tenant's settled records that left before `before`, oldest exit first, and
 * removes their files. The database forgets a batch first, then its files go: a pass that stops in
 * between leaves files nothing points at, never a record pointing at a file that is gone.
 */
const removeOldPhotos = async (db: Db, dataDir: string, tenantId: string, before: Date, limits: RetentionBatch) => {
  let records = 0;
  let files = 0;
  let after: Date | undefined;
  for (let batch = 0; batch < limits.recordBatches; batch++) {
    const candidates = await db
      .select({ id: parkingRecords.id, exitedAt: parkingRecords.exitedAt })
      .from(parkingRecords)
      .where(
        and(
          eq(parkingRecords.tenantId, tenantId),
          isNotNull(parkingRecords.exitedAt),
          or(isNotNull(parkingRecords.entryPhoto), isNotNull(parkingRecords.exitPhoto)),
          lt(parkingRecords.exitedAt, before),
          // records still owed or parked are passed over; the next batch starts after the last one seen
          after ? sql`${parkingRecords.exitedAt} >= ${after.toISOString()}` : undefined,
        ),
      )
      .orderBy(asc(parkingRecords.exitedAt))
      .limit(limits.records);
    if (candidates.length === 0) break;
    const forgotten = await db.transaction((tx) =>
      forgetSettledRecordPhotos(
        tx as unknown as Db,
        tenantId,
        candidates.map((row) => row.id),
      ),
    );
    records += forgotten.records;
    for (const relative of forgotten.paths) {
      const file = photoFileOf(dataDir, tenantId, relative);
      if (file) files += await removeFile(file);
    }
    if (candidates.length < limits.records) break;
    const last = candidates.at(-1)!.exitedAt!;
    // a whole batch of records still owed at one moment would stop the pass here rather than loop
    if (last.getTime() === after?.getTime()) break;
    after = last;
  }
  return { records, files };
};

/**
 * One pass at `now`: for each tenant, the raw vehicle events older than its 原始过车事件保留天数 are
 * removed, and the photos of its settled records (paid, closed, void) that left more than its
 * 过车照片保留天数 ago are forgotten and their files removed. Records, money, payments and the
 * operation log are kept; so are the photos of records still owed (evidence for pursuit).
 */
export const applyRetention = async (db: Db, dataDir: string, now: Date, limits: RetentionBatch = retentionBatch): Promise<RetentionResult> => {
  const all = await db.select({ id: tenants.id, photoDays: tenants.photoRetentionDays, eventDays: tenants.eventRetentionDays }).from(tenants);
  const result: RetentionResult = { events: 0, records: 0, files: 0 };
  for (const tenant of all) {
    result.events += await removeOldEvents(db, tenant.id, new Date(now.getTime() - tenant.eventDays * DAY_MS), limits);
    const photosBefore = new Date(now.getTime() - tenant.photoDays * DAY_MS);
    const photos = await removeOldPhotos(db, dataDir, tenant.id, photosBefore, limits);
    result.records += photos.records;
    result.files += photos.files;
    await removeEmptyDayFolders(dataDir, tenant.id, businessDay(photosBefore));
  }
  return result;
};

/** The retention pass every `intervalMs` (hourly by default; 0 turns it off). */
export const recordRetentionJob = (db: Db, dataDir: string, intervalMs: number, now: () => Date = () => new Date()) =>
  scheduledJob({
    name: 'record-retention',
    intervalMs,
    pass: () => applyRetention(db, dataDir, now()),
    messages: {
      done: 'retention: old raw vehicle events removed and settled records’ photos forgotten',
      failed: 'retention pass failed',
      worthTelling: (result) => result.events + result.records + result.files > 0,
    },
  });
