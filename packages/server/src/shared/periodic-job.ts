export interface JobLogger {
  info: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
}

/**
 * Runs `pass` every `intervalMs` until stopped (0 or less: never). A pass still running when the next
 * is due is not overlapped; `stop` waits for the one in flight. What a pass returns is logged when
 * `worthTelling` says so, and a failure is logged without stopping the job.
 */
export const startPeriodicJob = <R extends object>(
  intervalMs: number,
  pass: () => Promise<R>,
  logger: JobLogger,
  messages: { done: string; failed: string; worthTelling: (result: R) => boolean },
) => {
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
