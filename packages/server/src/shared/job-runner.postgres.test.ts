import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openPostgres, type Database } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { jobRuns } from '../db/schema/index.js';
import { createTestDatabase } from '../test/test-app.js';
import { jobLockKey, jobLockSpace, jobRunnerFor, type JobRunner } from './job-runner.js';
import type { ScheduledJob } from './periodic-job.js';

// runs only in the server:postgres project (vitest.config.ts), where TEST_DATABASE_URL is set

const interval = 60_000;
const t0 = new Date('2026-11-20T09:00:00+08:00').getTime();
let clock = t0;
const at = (intervals: number) => {
  clock = t0 + intervals * interval;
};

/** a timer the test fires by hand: each call runs one tick of the runner's job and answers when it is done */
const handTimer = () => {
  let tick: (() => Promise<void>) | undefined;
  return {
    every: (_ms: number, next: () => Promise<void>) => {
      tick = next;
      return () => {
        tick = undefined;
      };
    },
    fire: () => tick?.() ?? Promise.resolve(),
  };
};

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

interface Pass {
  by: string;
  at: number;
}

/** what both processes saw: the passes they ran, how many ran at once at most, and what they logged */
const seen = { passes: [] as Pass[], running: 0, mostAtOnce: 0, errors: [] as string[] };
/** what the next pass does once started: wait on the test, or fail */
let nextPass: { gate?: Promise<void>; started?: () => void; fail?: string } = {};

const processOf = (name: string, database: Database) => {
  const timer = handTimer();
  const logger = { info: () => undefined, error: (_details: object, message: string) => void seen.errors.push(`${name}: ${message}`) };
  const runner: JobRunner = jobRunnerFor(database, logger, { processName: name, now: () => new Date(clock), every: timer.every });
  const job: ScheduledJob<{ by: string }> = {
    name: 'record-clock',
    intervalMs: interval,
    pass: async () => {
      seen.running++;
      seen.mostAtOnce = Math.max(seen.mostAtOnce, seen.running);
      seen.passes.push({ by: name, at: clock });
      const { gate, started, fail } = nextPass;
      nextPass = {};
      try {
        started?.();
        await gate;
        if (fail) throw new Error(fail);
        return { by: name };
      } finally {
        seen.running--;
      }
    },
    messages: { done: 'pass done', failed: 'pass failed', worthTelling: () => false },
  };
  const running = runner.start(job);
  return { fire: timer.fire, stop: async () => (await running.stop(), await runner.close()) };
};

let first: Database;
let second: Database;
let a: ReturnType<typeof processOf>;
let b: ReturnType<typeof processOf>;

const lastRun = async () => (await first.db.select().from(jobRuns).where(eq(jobRuns.name, 'record-clock')))[0]!;
const passesSince = (intervals: number) => seen.passes.filter((pass) => pass.at >= t0 + intervals * interval);

beforeAll(async () => {
  first = await createTestDatabase();
  await migrate(first);
  const [{ name }] = await first.transaction((s) => s.query<{ name: string }>('SELECT current_database() AS name')).then((rows) => rows as [{ name: string }]);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  // a pool of its own to the same database: a second process
  second = await openPostgres(url.toString());
  a = processOf('A', first);
  b = processOf('B', second);
});

afterAll(async () => {
  await a.stop();
  await b.stop();
  await second.close();
  await first.close();
});

describe('scheduled jobs across processes on PostgreSQL', () => {
  it("runs each interval's pass once, whichever process's timer fires first and however close together", async () => {
    for (let k = 0; k < 8; k++) {
      at(k);
      // both timers at the same moment, then both again later in the same interval
      await Promise.all([a.fire(), b.fire()]);
      at(k + 0.5);
      await Promise.all([b.fire(), a.fire()]);
    }
    expect(seen.passes.map((pass) => pass.at)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((k) => t0 + k * interval));
    expect(seen.mostAtOnce).toBe(1);
    expect(await lastRun()).toMatchObject({ outcome: 'done', startedAt: new Date(t0 + 7 * interval), error: null });
  });

  it('runs no pass while another process runs one, even when its own is due', async () => {
    const gate = deferred();
    const started = deferred();
    nextPass = { gate: gate.promise, started: started.resolve };
    at(20);
    const held = a.fire();
    await started.promise;
    at(21.5);
    // B's timer fires more than an interval later: due, but A still holds the job
    await b.fire();
    expect(passesSince(20)).toEqual([{ by: 'A', at: t0 + 20 * interval }]);
    expect(await lastRun()).toMatchObject({ process: 'A', outcome: 'running', finishedAt: null });
    gate.resolve();
    await held;
    expect(await lastRun()).toMatchObject({ process: 'A', outcome: 'done', finishedAt: new Date(t0 + 21.5 * interval) });
    at(22.5);
    await b.fire();
    expect(passesSince(20).map((pass) => pass.by)).toEqual(['A', 'B']);
    expect(seen.mostAtOnce).toBe(1);
  });

  it('runs the next pass on the other process within an interval of the death of the one running the job', async () => {
    const gate = deferred();
    const started = deferred();
    nextPass = { gate: gate.promise, started: started.resolve };
    at(30);
    const orphan = a.fire();
    await started.promise;
    // A dies: PostgreSQL ends its session, and with it the job's lock
    const holders = await second.db.execute<{ pid: number }>(
      sql`SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = ${jobLockSpace} AND objid = ${jobLockKey('record-clock') >>> 0} AND objsubid = 2 AND granted`,
    );
    expect(holders.rows).toHaveLength(1);
    // waits (up to 5 s) until the backend is gone
    await second.db.execute(sql`SELECT pg_terminate_backend(${holders.rows[0]!.pid}, 5000)`);
    // later in the same interval nothing is due yet
    at(30.4);
    await b.fire();
    expect(passesSince(30)).toHaveLength(1);
    // the next interval's pass runs on B when its timer fires
    at(31);
    await b.fire();
    expect(passesSince(30)).toEqual([
      { by: 'A', at: t0 + 30 * interval },
      { by: 'B', at: t0 + 31 * interval },
    ]);
    expect(await lastRun()).toMatchObject({ process: 'B', outcome: 'done' });
    // A's last pass, had it been a dead process's, never ends; here it ends and cannot record it
    gate.resolve();
    await orphan;
    expect(seen.errors).toEqual(expect.arrayContaining(['A: the scheduled jobs lost their database connection; their locks are gone', 'A: scheduled job could not take its turn']));
    expect(await lastRun()).toMatchObject({ process: 'B', outcome: 'done' });
    // a process that lost its connection opens another and takes its turns again
    at(32);
    await a.fire();
    await b.fire();
    expect(passesSince(32)).toEqual([{ by: 'A', at: t0 + 32 * interval }]);
  });

  it('records a failing pass and runs the next one', async () => {
    const errors = seen.errors.length;
    nextPass = { fail: '对账单下载失败' };
    at(40);
    await b.fire();
    expect(await lastRun()).toMatchObject({ process: 'B', outcome: 'failed', error: '对账单下载失败', finishedAt: new Date(t0 + 40 * interval) });
    expect(seen.errors.slice(errors)).toEqual(['B: pass failed']);
    at(41);
    await a.fire();
    await b.fire();
    expect(passesSince(40).map((pass) => pass.by)).toEqual(['B', 'A']);
    expect(await lastRun()).toMatchObject({ process: 'A', outcome: 'done', error: null });
  });

  it('runs different jobs of one process side by side on its one connection', async () => {
    const timers = [handTimer(), handTimer()];
    let which = 0;
    const runner = jobRunnerFor(
      first,
      { info: () => undefined, error: () => undefined },
      { processName: 'C', now: () => new Date(clock), every: (ms, tick) => timers[which++]!.every(ms, tick) },
    );
    const gate = deferred();
    const inPass = new Set<string>();
    const job = (name: string) =>
      runner.start({
        name,
        intervalMs: interval,
        pass: async () => {
          inPass.add(name);
          await gate.promise;
          return {};
        },
        messages: { done: 'pass done', failed: 'pass failed', worthTelling: () => false },
      });
    const jobs = [job('invoice-sync'), job('reconciliation')];
    at(50);
    const both = Promise.all(timers.map((timer) => timer.fire()));
    await expect.poll(() => inPass.size).toBe(2);
    gate.resolve();
    await both;
    const runs = await first.db.select().from(jobRuns);
    expect(runs.filter((run) => run.process === 'C').map((run) => [run.name, run.outcome])).toEqual(
      expect.arrayContaining([
        ['invoice-sync', 'done'],
        ['reconciliation', 'done'],
      ]),
    );
    await Promise.all(jobs.map((running) => running.stop()));
    await runner.close();
  });
});
