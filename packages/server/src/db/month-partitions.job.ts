import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { rowsOf } from './json-row.js';
import { monthPartitions } from './schema/index.js';
import { scheduledJob } from '../shared/periodic-job.js';

// The tables kept by month: the operation log by when it was written, vehicle events by the device's
// own time of the event (which every resend repeats, so the key that finds a resend carries it).
// Each is a partitioned table whose key holds the tenant, the row and the month (a tenant-sharded
// PostgreSQL needs the tenant in every key; a partitioned one needs the month):
// - `<table>_legacy`: the table as it was before migrations 0053–0056, attached whole as the
//   partition of every month before `month_partitions.months_from`; nothing was copied;
// - `<table>_YYYY_MM`: one partition per month from then on, China's months (UTC+8), made ahead by
//   the job below through parking_add_month_partition (migration 0054), which also gives each its
//   row-level security;
// - `<table>_default`: rows no month takes (a device clock years ahead); a month made later takes
//   its rows from it.
// A list of recent records reads the recent months only, and a month can be emptied or archived whole.

/** how many months ahead of the current one have their partitions ready */
export const monthsAhead = 3;

export interface MonthPartitionsResult {
  /** partitions made, named `<table>_YYYY_MM` */
  made: string[];
}

/** Makes the partitions of the month `now` is in and of the `ahead` months after it, for every table kept by month. */
export const makeMonthPartitions = async (db: Db, now: Date, ahead = monthsAhead): Promise<MonthPartitionsResult> => {
  const tables = await db.select({ name: monthPartitions.tableName }).from(monthPartitions).orderBy(monthPartitions.tableName);
  const made: string[] = [];
  for (const { name } of tables) {
    for (let month = 0; month <= ahead; month++) {
      // each month in its own transaction: it locks the table's default partition while it moves rows
      const rows = await db.transaction((tx) =>
        tx.execute(sql`
          SELECT parking_add_month_partition(${name}, parking_month_start(${now.toISOString()}::timestamptz, ${month})) AS made,
                 ${name} || '_' || to_char((parking_month_start(${now.toISOString()}::timestamptz, ${month}) AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY_MM') AS partition`),
      );
      const [row] = rowsOf(rows);
      if (row?.made === true) made.push(String(row.partition));
    }
  }
  return { made };
};

/** Keeps the months ahead made, looked for every `intervalMs` (daily by default; 0 turns it off). */
export const monthPartitionsJob = (db: Db, intervalMs: number, now: () => Date = () => new Date()) =>
  scheduledJob({
    name: 'month-partitions',
    intervalMs,
    pass: () => makeMonthPartitions(db, now()),
    messages: {
      done: '已创建按月分区',
      failed: '创建按月分区失败',
      worthTelling: (result) => result.made.length > 0,
    },
  });
