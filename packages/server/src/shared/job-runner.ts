import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database, DedicatedSession } from '../db/client.js';
import { startPeriodicJob, type JobLogger, type ScheduledJob } from './periodic-job.js';

export interface RunningJob {
  /** no new pass starts; waits for the one in flight */
  stop(): Promise<void>;
}

/** Starts the scheduled jobs of this process. */
export interface JobRunner {
  start<R extends object>(job: ScheduledJob<R>): RunningJob;
  /** after every job has stopped: lets go of what the runner holds */
  close(): Promise<void>;
}

/**
 * Hears how each pass of a job went (the metrics' job figures): `ran` after each pass this process
 * ran, `missed` when a due turn could not be taken (the database was unreachable).
 */
export interface JobObserver {
  ran(job: string, outcome: 'done' | 'failed', seconds: number): void;
  missed(job: string): void;
}

/** `job` whose passes `observer` hears of; timed on the monotonic clock, never the wall clock. */
const observed = <R extends object>(job: ScheduledJob<R>, observer: JobObserver | undefined): ScheduledJob<R> => {
  if (!observer) return job;
  return {
    ...job,
    pass: async () => {
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      try {
        const result = await job.pass();
        observer.ran(job.name, 'done', seconds());
        return result;
      } catch (failure) {
        observer.ran(job.name, 'failed', seconds());
        throw failure;
      }
    },
  };
};

/** Every job on this process's own timer: the embedded database has one process. */
export const inProcessJobs = (logger: JobLogger, observer?: JobObserver): JobRunner => ({
  start: (job) => {
    const watched = observed(job, observer);
    return startPeriodicJob(watched.intervalMs, watched.pass, logger, watched.messages);
  },
  close: async () => undefined,
});

/** The first key of pg_try_advisory_lock(int, int) for scheduled jobs, so no other lock shares their keys. */
export const jobLockSpace = 731_042;

/** A job's second lock key: the same for the same name in every process. */
export const jobLockKey = (name: string) => createHash('sha256').update(name).digest().readInt32BE(0);

/**
 * A pass is due when the last one, by any process, started at least this share of an interval ago:
 * the process that ran it finds its own next pass due though its timer fires a little early.
 */
const dueShare = 0.9;

export interface SharedJobOptions {
  /** this process in job_runs; host and pid by default */
  processName?: string;
  now?: () => Date;
  /** calls `tick` every `ms` until the answered function is called; setInterval by default */
  every?: (ms: number, tick: () => Promise<void>) => () => void;
  observer?: JobObserver;
}

const everyInterval = (ms: number, tick: () => Promise<void>) => {
  const timer = setInterval(() => void tick(), ms);
  return () => clearInterval(timer);
};

const dueSql = `INSERT INTO job_runs AS last (name, started_at, finished_at, process, outcome, error)
  VALUES ($1, $2, NULL, $3, 'running', NULL)
  ON CONFLICT (name) DO UPDATE SET started_at = EXCLUDED.started_at, finished_at = NULL, process = EXCLUDED.process, outcome = 'running', error = NULL
  WHERE last.started_at <= $4
  RETURNING name`;

/**
 * Every process keeps its own timer per job, and a pass runs only while its process holds the job's
 * session advisory lock, on one connection of the runner's own. Under the lock job_runs says whether
 * another process already started this interval's pass. A dead process's connection closes and
 * PostgreSQL frees its locks, so another process runs the next pass. Should only that connection drop
 * while the process lives, a pass in flight goes on without the lock: the error is logged.
 */
export const postgresJobs = (database: Pick<Database, 'openSession'>, logger: JobLogger, options: SharedJobOptions = {}): JobRunner => {
  const processName = options.processName ?? `${hostname()}:${process.pid}`;
  const now = options.now ?? (() => new Date());
  const every = options.every ?? everyInterval;
  let session: Promise<DedicatedSession> | undefined;

  /** the runner's connection, opened on first use and again after it dropped */
  const currentSession = () => {
    if (session) return session;
    const opening = database.openSession();
    session = opening;
    opening.then(
      (opened) =>
        opened.onDrop((error) => {
          // closed by close(): nothing lost
          if (session !== opening) return;
          session = undefined;
          logger.error({ err: error }, 'the scheduled jobs lost their database connection; their locks are gone');
        }),
      () => {
        if (session === opening) session = undefined;
      },
    );
    return opening;
  };

  const tick = async <R extends object>(job: ScheduledJob<R>) => {
    const key = jobLockKey(job.name);
    let locked: DedicatedSession | undefined;
    try {
      const own = await currentSession();
      const [lock] = await own.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [jobLockSpace, key]);
      // another process is running this job
      if (!lock?.locked) return;
      locked = own;
      const startedAt = now();
      const due = await own.query(dueSql, [job.name, startedAt, processName, new Date(startedAt.getTime() - dueShare * job.intervalMs)]);
      // another process ran this interval's pass
      if (due.length === 0) return;
      let error: string | null = null;
      try {
        const result = await job.pass();
        if (job.messages.worthTelling(result)) logger.info(result, job.messages.done);
      } catch (failure) {
        error = (failure instanceof Error ? failure.message : String(failure)).slice(0, 2_000);
        logger.error({ err: failure, job: job.name }, job.messages.failed);
      }
      await own.query('UPDATE job_runs SET finished_at = $4, outcome = $5, error = $6 WHERE name = $1 AND started_at = $2 AND process = $3', [
        job.name,
        startedAt,
        processName,
        now(),
        error === null ? 'done' : 'failed',
        error,
      ]);
    } catch (failure) {
      options.observer?.missed(job.name);
      logger.error({ err: failure, job: job.name }, 'scheduled job could not take its turn');
    } finally {
      if (locked) await locked.query('SELECT pg_advisory_unlock($1, $2)', [jobLockSpace, key]).catch(() => undefined);
    }
  };

  return {
    start: (given) => {
      if (given.intervalMs <= 0) return { stop: async () => undefined };
      const job = observed(given, options.observer);
      let running: Promise<void> | null = null;
      let stopped = false;
      const fire = () => {
        // this process's own pass still runs, or the job stopped: nothing to do
        if (running || stopped) return Promise.resolve();
        const current = tick(job).finally(() => {
          running = null;
        });
        running = current;
        return current;
      };
      const cancel = every(job.intervalMs, fire);
      return {
        stop: async () => {
          stopped = true;
          cancel();
          await running;
        },
      };
    },
    close: async () => {
      const open = session;
      session = undefined;
      if (open) await (await open.catch(() => undefined))?.end();
    },
  };
};

/** On PostgreSQL each job runs on one process at a time across all processes; on PGlite in this one. */
export const jobRunnerFor = (database: Database, logger: JobLogger, options: SharedJobOptions = {}): JobRunner =>
  database.kind === 'postgres' ? postgresJobs(database, logger, options) : inProcessJobs(logger, options.observer);
