import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { rowsOf } from './json-row.js';
import { hasSqlState } from './sql-error.js';
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
// A list of recent records reads the recent months only; a month the retention job emptied is dropped whole.

/** how many months ahead of the current one have their partitions ready */
export const monthsAhead = 3;

export interface MonthPartitionsResult {
  /** partitions made, named `<table>_YYYY_MM` */
  made: string[];
}

/** China's month of a moment, counted from year 0: months compare as numbers. */
const chinaMonth = (at: Date) => {
  const china = new Date(at.getTime() + 8 * 3_600_000);
  return china.getUTCFullYear() * 12 + china.getUTCMonth();
};

/** how long dropping an emptied month may wait for the table's writers before it is left for the next pass */
const dropLockTimeout = '1s';

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

/**
 * Drops the partitions that hold no row (emptied by the retention job) of months that ended before the
 * month before `now`: a month goes whole, never row by row, and the last month stays for events a
 * device sends late. `<table>_legacy` goes too once it is empty; the rows of those months that come
 * after (a device's clock behind) wait in the default partition like any other month's without one.
 */
export const dropEmptyMonths = async (db: Db, now: Date): Promise<string[]> => {
  const lastDroppable = chinaMonth(now) - 2;
  const partitions = rowsOf(
    await db.execute(sql`
      SELECT m.table_name AS table, c.relname AS partition, m.months_from AS months_from
        FROM month_partitions m
        JOIN pg_inherits i ON i.inhparent = m.table_name::regclass
        JOIN pg_class c ON c.oid = i.inhrelid
       ORDER BY 1, 2`),
  ).map((row) => ({ table: String(row.table), partition: String(row.partition), monthsFrom: new Date(row.months_from as string) }));
  const dropped: string[] = [];
  for (const { table, partition, monthsFrom } of partitions) {
    const month = /_(\d{4})_(\d{2})$/.exec(partition);
    const lastMonth = partition === `${table}_legacy` ? chinaMonth(monthsFrom) - 1 : month ? Number(month[1]) * 12 + Number(month[2]) - 1 : undefined;
    if (lastMonth === undefined || lastMonth > lastDroppable) continue;
    // looked at before the lock is taken, so a month that still holds rows never stops the writers
    if (rowsOf(await db.execute(sql`SELECT 1 FROM ${sql.identifier(partition)} LIMIT 1`)).length > 0) continue;
    try {
      const gone = await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL lock_timeout = '${dropLockTimeout}'`));
        await tx.execute(sql`LOCK TABLE ${sql.identifier(table)} IN ACCESS EXCLUSIVE MODE`);
        // and again under the lock: a row may have come since
        if (rowsOf(await tx.execute(sql`SELECT 1 FROM ${sql.identifier(partition)} LIMIT 1`)).length > 0) return false;
        // detached first: the keys that name a table others link to (parking records) hang on each of its partitions
        await tx.execute(sql`ALTER TABLE ${sql.identifier(table)} DETACH PARTITION ${sql.identifier(partition)}`);
        await tx.execute(sql`DROP TABLE ${sql.identifier(partition)}`);
        return true;
      });
      if (gone) dropped.push(partition);
    } catch (error) {
      // the writers held the table longer than the wait: the next pass tries again
      if (!hasSqlState(error, '55P03')) throw error;
    }
  }
  return dropped;
};

/** how old a partitioned table's own statistics may grow before the job gathers them again */
export const parentStatisticsMaxAgeMs = 24 * 3_600_000;

/**
 * Gathers the statistics of each table kept by month, as a whole, where it has none or they are
 * older than a day (by `now`). PostgreSQL's autovacuum analyses each month's partition but never the
 * partitioned table itself, and a query over it plans with the whole table's figures: without them
 * the export of 1,000,000 records looked its lot up a million times instead of once per lot (no
 * memoised join: bench/RESULTS.md), about 6 % of its time at 10,000,000 records. ANALYZE samples a
 * bounded number of rows across the months (under a second at 10,000,000) and takes no lock that
 * stops a write. Answers the tables analysed.
 */
export const analyzeStaleTables = async (db: Db, now: Date): Promise<string[]> => {
  const stale = rowsOf(
    await db.execute(sql`
      SELECT m.table_name AS table
        FROM month_partitions m
        LEFT JOIN pg_stat_user_tables s ON s.relid = m.table_name::regclass
       WHERE s.last_analyze IS NULL OR s.last_analyze < ${new Date(now.getTime() - parentStatisticsMaxAgeMs).toISOString()}::timestamptz
       ORDER BY 1`),
  ).map((row) => String(row.table));
  for (const table of stale) await db.execute(sql`ANALYZE ${sql.identifier(table)}`);
  return stale;
};

/** Keeps the months ahead made, drops the emptied months and keeps the tables' own statistics, looked for every `intervalMs` (0 turns it off). */
export const monthPartitionsJob = (db: Db, intervalMs: number, now: () => Date = () => new Date()) =>
  scheduledJob({
    name: 'month-partitions',
    intervalMs,
    pass: async () => {
      const at = now();
      const { made } = await makeMonthPartitions(db, at);
      const dropped = await dropEmptyMonths(db, at);
      return { made, dropped, analyzed: await analyzeStaleTables(db, at) };
    },
    messages: {
      done: '已维护按月分区',
      failed: '维护按月分区失败',
      worthTelling: (result) => result.made.length > 0 || result.dropped.length > 0,
    },
  });
