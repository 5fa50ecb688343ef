export interface JobLogger {
  info: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
}

export interface JobMessages<R> {
  done: string;
  failed: string;
  worthTelling: (result: R) => boolean;
}

/** A job run every `intervalMs` (0 or less: never); how and where is the runner's (shared/job-runner.ts). */
export interface ScheduledJob<R extends object> {
  /** stable and unique among the jobs: with several processes it keys the job's lock and its job_runs row */
  name: string;
  intervalMs: number;
  pass: () => Promise<R>;
  messages: JobMessages<R>;
}

/** A job as its module describes it, its result's type read from its pass. */
export const scheduledJob = <R extends object>(job: ScheduledJob<R>) => job;

/**
 * Runs `pass` every `intervalMs` until stopped (0 or less: never). A pass still running when the next
 * is due is not overlapped; `stop` waits for the one in flight. What a pass returns is logged when
 * `worthTelling` says so, and a failure is logged without stopping the job.
 */
export const startPeriodicJob = <R extends object>(intervalMs: number, pass: () => Promise<R>, logger: JobLogger, messages: JobMessages<R>) => {
  if (intervalMs <= 0) return { stop: async () => undefined };
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = pass()
      .then((result) => {
        if (messages.worthTelling(result)) logger.info(result, messages.done);
      })
      .catch((error: unknown) => logger.error({ err: error }, messages.failed))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
};
