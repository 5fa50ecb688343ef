import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The last pass of each scheduled job on PostgreSQL, read and written only by the process holding the
 * job's advisory lock (shared/job-runner.ts): a process whose timer fires within the same interval
 * finds the pass already started and skips it. Not tenant data: the tenant role may not read it.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  /** null while the pass runs, or when the process running it died */
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** host and pid of the process that ran it */
  process: text('process').notNull(),
  outcome: text('outcome', { enum: ['running', 'done', 'failed'] }).notNull(),
  /** why a failed pass failed */
  error: text('error'),
});
