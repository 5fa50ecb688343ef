import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPglite, type Database } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { jobRuns } from '../db/schema/index.js';
import { jobRunnerFor } from './job-runner.js';
import { scheduledJob } from './periodic-job.js';

// the embedded database in both projects: what a process on PGlite does
let pglite: Database;

beforeAll(async () => {
  pglite = await openPglite(undefined);
  await migrate(pglite);
});
afterAll(() => pglite.close());

describe('scheduled jobs on PGlite', () => {
  it('run in this process on its own timer, a pass never overlapping the one before, a failure logged and the job going on', async () => {
    vi.useFakeTimers();
    try {
      const openSession = vi.fn(() => pglite.openSession());
      const logged: string[] = [];
      const jobs = jobRunnerFor({ ...pglite, openSession }, { info: (_details, message) => void logged.push(message), error: (_details, message) => void logged.push(message) });
      let release = () => {};
      const outcomes = ['wait', 'fail', 'ok'];
      let passes = 0;
      const job = jobs.start(
        scheduledJob({
          name: 'record-clock',
          intervalMs: 1000,
          pass: async () => {
            passes++;
            const outcome = outcomes.shift();
            if (outcome === 'wait') await new Promise<void>((resolve) => (release = resolve));
            if (outcome === 'fail') throw new Error('对账单下载失败');
            return { moved: 1 };
          },
          messages: { done: 'pass done', failed: 'pass failed', worthTelling: () => true },
        }),
      );
      await vi.advanceTimersByTimeAsync(3_500);
      // the first pass still runs: the timer's two later turns start none
      expect(passes).toBe(1);
      release();
      await vi.advanceTimersByTimeAsync(1_000);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(passes).toBe(3);
      expect(logged).toEqual(['pass done', 'pass failed', 'pass done']);
      await job.stop();
      await jobs.close();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(passes).toBe(3);
      // no lock, no connection of its own, no record: one process has nobody to share with
      expect(openSession).not.toHaveBeenCalled();
      expect(await pglite.db.select().from(jobRuns)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
