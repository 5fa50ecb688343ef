import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The tables partitioned by month (db/month-partitions.ts), with the column that picks the month and
 * the first month of their own partitions: the rows from before it are in `<table>_legacy`, the table
 * as it was, attached whole. Not tenant data: the tenant role may not read it.
 */
export const monthPartitions = pgTable('month_partitions', {
  tableName: text('table_name').primaryKey(),
  partitionKey: text('partition_key').notNull(),
  monthsFrom: timestamp('months_from', { withTimezone: true }).notNull(),
});
