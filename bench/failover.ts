// npm run bench -- failover — two API processes behind HAProxy on one PostgreSQL and one Redis; one is
// killed with SIGKILL while devices keep sending events. Checks that every event the server
// acknowledged is stored, that the record-clock job goes on on the survivor within an interval, that a
// console token still answers, and that HAProxy takes the dead process out. Exits non-zero otherwise.
// Needs `npm run build`, haproxy on PATH, BENCH_DATABASE_URL or TEST_DATABASE_URL (the bench drops and
// remakes its own database, BENCH_DATABASE_NAME, default bench_failover, and leaves it for inspection)
// and REDIS_URL or TEST_REDIS_URL (default redis://127.0.0.1:6379). FAILOVER_RATE (events/s, 120),
// FAILOVER_SECONDS (40), FAILOVER_KILL_AFTER (15 s), FAILOVER_SENDERS (8), FAILOVER_RETRIES (5),
// FAILOVER_LB_RETRY=0 (HAProxy resends nothing: the devices' own resends carry the failover).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import pg from 'pg';
import { authPaths } from '../packages/contract/src/index.js';
import { postDeviceCall } from '../packages/server/src/modules/devices/device-client.js';
import { runTraffic, type DeviceSender } from '../packages/server/src/simulator/run-traffic.js';
import { consoleApi, setUpSimulation, signIn } from '../packages/server/src/simulator/simulation-setup.js';
import { planTraffic } from '../packages/server/src/simulator/traffic-plan.js';
import { waitForServer } from './server-process.js';

const root = resolve(import.meta.dirname, '..');
const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const recordClockMs = 2_000;
/** what the job runner's lock handover and a loaded machine's late timers may add to an interval */
const handoverSlackMs = 1_000;
/** the job runner starts a pass once the last is this share of an interval old (shared/job-runner.ts) */
const dueShare = 0.9;

/** A port nobody listens on now. */
const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

/** HAProxy's own resends: without them (FAILOVER_LB_RETRY=0) the devices' resends alone carry the failover. */
const haproxyRetries = `  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout`;

/** The load balancer in front: the same settings as README's "Several processes behind a load balancer". */
const haproxyConfig = (listen: number, servers: readonly number[], statsSocket: string, retrying: boolean) => `global
  stats socket ${statsSocket} mode 600 level admin

defaults
  mode http
  # HAProxy waits min(timeout connect, 1 s) before retrying a refused connection: 2s kept cameras waiting a second
  timeout connect 500ms
  # above the 25 s keep-alive of 数据大屏's event stream, which would otherwise be cut
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 10s
  # a request whose server refused the connection, closed it without answering or did not answer in
  # time goes to another server: every retry is redispatched, not only the last (the default)
${retrying ? haproxyRetries : '  retries 0'}

frontend api
  bind 127.0.0.1:${listen}
  default_backend api

backend api
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 1s fall 2 rise 2
${servers.map((port, i) => `  server api${i + 1} 127.0.0.1:${port} check`).join('\n')}
`;

/** HAProxy's `show stat` of each server of backend api, by name, from its stats socket. */
const serverStats = (socketPath: string) =>
  new Promise<Map<string, Record<string, string>>>((done, fail) => {
    let text = '';
    const socket = connect(socketPath, () => socket.end('show stat\n'));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', fail);
    socket.on('end', () => {
      const [header, ...lines] = text.trim().split('\n');
      const fields = (header ?? '').replace(/^# /, '').split(',');
      const rows = lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [fields[i] ?? String(i), value])));
      done(new Map(rows.filter((r) => r.pxname === 'api' && r.svname !== 'BACKEND' && r.svname !== 'FRONTEND').map((r) => [r.svname!, r])));
    });
  });

const redisAnswers = async (url: string) => {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 2_000 });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
};

interface ApiProcess {
  name: string;
  port: number;
  child: ChildProcess;
  /** how it signs its job_runs rows (shared/job-runner.ts) */
  jobProcess: string;
}

const startApi = async (name: string, databaseUrl: string, redisUrl: string, dataDir: string): Promise<ApiProcess> => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--max-old-space-size=256', 'packages/server/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      ARREARS_CHECK_MS: String(recordClockMs),
      DEMO_HISTORY_DAYS: '0',
      DEMO_HEARTBEAT_MS: '0',
      DEVICE_OFFLINE_CHECK_MS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForServer(`http://127.0.0.1:${port}/readyz`, child);
  return { name, port, child, jobProcess: `${hostname()}:${child.pid}` };
};

/** Why a device resends an event: no answer, a server error, or an answer that says to. */
const retryCause = (answer: { status: number; msg: string }) => {
  if (answer.status === 0) return 'network';
  if (answer.status >= 500) return '5xx';
  // HAProxy resent a request the dead process had committed: its nonce is taken, the device signs anew
  if (answer.status === 401 && answer.msg.includes('nonce')) return 'nonce replayed';
  // another process holds the event's claim until its transaction ends
  if (answer.status === 400 && answer.msg.includes('正在处理')) return 'in progress';
  return undefined;
};

export const runFailoverBench = async () => {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.log('failover: skipped — set BENCH_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server)');
    return;
  }
  if (spawnSync('haproxy', ['-v']).error) {
    console.log('failover: skipped — haproxy is not on PATH (Debian/Ubuntu: apt-get install -y haproxy, then `service haproxy stop`: the bench runs its own)');
    return;
  }
  const redisUrl = process.env.REDIS_URL || process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
  if (!(await redisAnswers(redisUrl))) {
    console.log(`failover: skipped — Redis does not answer at ${redisUrl} (set REDIS_URL or TEST_REDIS_URL)`);
    return;
  }
  const rate = setting('FAILOVER_RATE', 120);
  const seconds = setting('FAILOVER_SECONDS', 40);
  const killAfterMs = setting('FAILOVER_KILL_AFTER', 15) * 1000;
  const senders = setting('FAILOVER_SENDERS', 8);
  const maxRetries = setting('FAILOVER_RETRIES', 5);
  const database = process.env.BENCH_DATABASE_NAME ?? 'bench_failover';
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`bench database name must be a plain lower-case identifier: ${database}`);

  // a fresh database each run, so figures are comparable; the first process migrates and seeds it as on a first start
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${database}`;

  const scratch = mkdtempSync(join(tmpdir(), 'parking-failover-'));
  const apis: ApiProcess[] = [];
  let haproxy: ChildProcess | undefined;
  const raw = new pg.Pool({ connectionString: databaseUrl.toString(), max: 4 });
  let jobPoller: NodeJS.Timeout | undefined;
  const failures: string[] = [];
  try {
    console.log(`failover: database ${database}, Redis ${redisUrl}; load average ${loadAverages()}`);
    // one data directory for both, as processes sharing a volume
    apis.push(await startApi('api1', databaseUrl.toString(), redisUrl, scratch));
    apis.push(await startApi('api2', databaseUrl.toString(), redisUrl, scratch));
    const port = await freePort();
    const statsSocket = join(scratch, 'haproxy.sock');
    const configFile = join(scratch, 'haproxy.cfg');
    writeFileSync(
      configFile,
      haproxyConfig(
        port,
        apis.map((a) => a.port),
        statsSocket,
        process.env.FAILOVER_LB_RETRY !== '0',
      ),
    );
    haproxy = spawn('haproxy', ['-f', configFile, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      const stats = await serverStats(statsSocket).catch(() => new Map<string, Record<string, string>>());
      if (apis.every((a) => stats.get(a.name)?.status === 'UP')) break;
      if (i > 120) throw new Error('HAProxy did not see both servers UP within a minute');
      await sleep(500);
    }
    console.log(`  api1 pid ${apis[0]!.child.pid} port ${apis[0]!.port}, api2 pid ${apis[1]!.child.pid} port ${apis[1]!.port}, HAProxy port ${port}: both UP`);

    const token = await signIn(base, 'demo', 'admin', 'admin123');
    const currentUser = async (at: string) => {
      const response = await fetch(`${at}${authPaths.currentUser}`, { headers: { authorization: token } }).catch(() => null);
      const body = response?.ok ? ((await response.json()) as { code: number }) : null;
      return body?.code === 200;
    };
    for (const api of apis) if (!(await currentUser(`http://127.0.0.1:${api.port}`))) failures.push(`the console token did not answer on ${api.name} before the kill`);

    const { simLots, devices } = await setUpSimulation(consoleApi(base, token), 'demo', senders, 0);
    const seed = Date.now() % 2 ** 31;
    // every car comes and leaves within the last day, each lot's events in order: exactly rate × seconds events
    const plan = planTraffic({
      lots: simLots,
      ratePerMinute: 1,
      minutes: 24 * 60,
      start: new Date(Date.now() - 86_400_000 - 60_000),
      seed,
      cars: Math.round((rate * seconds) / 2),
      allLeave: true,
      resendRate: 0,
      doubleEntryRate: 0,
      misreadRate: 0,
    });

    // record-clock's passes as job_runs shows them (it keeps only the last): polled far more often than they run
    const passes: { at: number; process: string }[] = [];
    jobPoller = setInterval(() => {
      void raw
        .query<{ started_at: Date; process: string }>("SELECT started_at, process FROM job_runs WHERE name = 'record-clock'")
        .then(({ rows }) => {
          const row = rows[0];
          if (row && passes.at(-1)?.at !== row.started_at.getTime()) passes.push({ at: row.started_at.getTime(), process: row.process });
        })
        .catch(() => undefined);
    }, 100);

    const counts = { sent: 0, acknowledged: 0, eventsRetried: 0, retries: 0, failed: 0, refused: 0, notSent: 0, duplicates: 0 };
    const causes = new Map<string, number>();
    const acknowledged = new Set<string>();
    const ackTimes: number[] = [];
    /** each acknowledged event's wait, resends included, by when it was first sent: what a camera at the barrier sees */
    const waits: { from: number; ms: number }[] = [];
    const t0 = performance.now();
    let stopSending = false;
    const send: DeviceSender = async <T>(path: string, device: Parameters<DeviceSender>[1], fields: Record<string, unknown>) => {
      if (stopSending) {
        counts.notSent += 1;
        return { status: 0, code: 0, msg: 'not sent: out of time' };
      }
      // a steady rate: the n-th event waits for its slot
      const slot = t0 + (counts.sent / rate) * 1000;
      counts.sent += 1;
      if (slot > performance.now()) await sleep(slot - performance.now());
      const firstSent = performance.now();
      for (let attempt = 0; ; attempt++) {
        const answer = await postDeviceCall<T>(base, path, device, fields).catch((error: unknown): Awaited<ReturnType<typeof postDeviceCall<T>>> => ({
          status: 0,
          code: 0,
          msg: String(error),
        }));
        if (answer.status >= 200 && answer.status < 300 && answer.code === 200) {
          acknowledged.add(String(fields.deviceEventId));
          // the dead process had stored it: a resend is answered with the stored result
          if ((answer.data as { duplicate?: boolean } | undefined)?.duplicate) counts.duplicates += 1;
          ackTimes.push(performance.now());
          waits.push({ from: firstSent, ms: performance.now() - firstSent });
          return answer;
        }
        const cause = retryCause(answer);
        if (cause === undefined || attempt === maxRetries) {
          if (cause === undefined) counts.refused += 1;
          else counts.failed += 1;
          return answer;
        }
        if (attempt === 0) counts.eventsRetried += 1;
        counts.retries += 1;
        causes.set(cause, (causes.get(cause) ?? 0) + 1);
        await sleep(100 * (attempt + 1));
      }
    };
    // a run the machine cannot keep pace with still ends
    const deadline = setTimeout(() => (stopSending = true), seconds * 2_000);

    let victim: ApiProcess | undefined;
    let killedAt = 0;
    let killedAtWall = 0;
    let downAfterMs: number | undefined;
    let victimSessionsAtKill = 0;
    const killing = (async () => {
      await sleep(killAfterMs);
      // the process that ran the last record-clock pass, so the job has to move
      const last = passes.at(-1)?.process;
      victim = apis.find((a) => a.jobProcess === last) ?? apis[0]!;
      victimSessionsAtKill = Number((await serverStats(statsSocket)).get(victim.name)?.stot ?? 0);
      killedAt = performance.now();
      killedAtWall = Date.now();
      victim.child.kill('SIGKILL');
      console.log(
        `  ${((killedAt - t0) / 1000).toFixed(1)} s: SIGKILL to ${victim.name} (pid ${victim.child.pid}${victim.jobProcess === last ? ', which ran the last record-clock pass' : ''})`,
      );
      for (let i = 0; i < 100 && downAfterMs === undefined; i++) {
        const status = (await serverStats(statsSocket)).get(victim.name)?.status ?? '';
        if (status.startsWith('DOWN')) downAfterMs = performance.now() - killedAt;
        else await sleep(100);
      }
    })();
    const summary = await runTraffic(send, devices, plan, { concurrency: senders });
    const trafficSeconds = (performance.now() - t0) / 1000;
    clearTimeout(deadline);
    await killing;
    clearInterval(jobPoller);
    jobPoller = undefined;
    counts.acknowledged = acknowledged.size;

    // acknowledged events in vehicle_events, by the device's event id
    const { rows: stored } = await raw.query<{ n: string }>('SELECT count(DISTINCT device_event_id)::text AS n FROM vehicle_events WHERE device_event_id = ANY($1)', [[...acknowledged]]);
    const missing = acknowledged.size - Number(stored[0]!.n);
    const { rows: records } = await raw.query<{ n: string }>('SELECT count(*)::text AS n FROM parking_records WHERE entry_event_id LIKE $1', [`SIM-${seed}-%`]);

    // the longest wait for an acknowledgement from a second before the kill on
    let gap = { ms: 0, from: 0 };
    for (let i = 1; i < ackTimes.length; i++) {
      if (ackTimes[i]! < killedAt - 1_000) continue;
      const between = ackTimes[i]! - ackTimes[i - 1]!;
      if (between > gap.ms) gap = { ms: between, from: ackTimes[i - 1]! - killedAt };
    }

    const survivor = apis.find((a) => a !== victim)!;
    const lastBefore = passes.filter((p) => p.at <= killedAtWall).at(-1);
    const firstAfter = passes.find((p) => p.at > killedAtWall && p.process === survivor.jobProcess);
    // due once the last pass is dueShare of an interval old, and the survivor's timer fires within an interval of that
    const bound = lastBefore ? Math.max(killedAtWall, lastBefore.at + dueShare * recordClockMs) + recordClockMs + handoverSlackMs : Number.NaN;
    const sessionAnswers = await Promise.all(Array.from({ length: 10 }, () => currentUser(base)));
    const stats = await serverStats(statsSocket);
    const victimStats = stats.get(victim!.name);
    const survivorStats = stats.get(survivor.name);
    const routedAfterKill = Number(victimStats?.stot ?? 0) - victimSessionsAtKill;

    console.log(
      `\nfailover: ${plan.length} events planned over ${senders} lots at ${rate}/s, seed ${seed}, HAProxy ${process.env.FAILOVER_LB_RETRY === '0' ? 'not retrying' : 'retrying'}; traffic took ${trafficSeconds.toFixed(1)} s`,
    );
    console.log(
      `  events sent ${counts.sent}, acknowledged ${counts.acknowledged}, retried ${counts.eventsRetried} (${counts.retries} resends: ${[...causes].map(([c, n]) => `${c} ${n}`).join(', ') || 'none'}), failed after ${maxRetries} retries ${counts.failed}, refused ${counts.refused}, not sent ${counts.notSent}`,
    );
    console.log(`  answered as already stored (duplicate) ${counts.duplicates}; entries ${summary.entries}, exits ${summary.exits}; parking records of this run ${records[0]!.n}`);
    console.log(`  acknowledged but missing from vehicle_events: ${missing}`);
    const longestWait = (near: boolean) => Math.max(0, ...waits.filter((w) => !near || Math.abs(w.from - killedAt) <= 2_000).map((w) => w.ms)).toFixed(0);
    console.log(`  longest wait for an acknowledgement, resends included: ${longestWait(true)} ms for an event first sent within 2 s of the kill, ${longestWait(false)} ms of all`);
    console.log(`  longest gap between acknowledgements from 1 s before the kill: ${gap.ms.toFixed(0)} ms, from ${gap.from >= 0 ? '+' : ''}${gap.from.toFixed(0)} ms of the kill`);
    const at = (wall: number) => `${wall - killedAtWall >= 0 ? '+' : ''}${wall - killedAtWall} ms`;
    const named = (process: string) => apis.find((a) => a.jobProcess === process)?.name ?? process;
    console.log(
      `  record-clock (every ${recordClockMs} ms): last pass before the kill ${lastBefore ? `${at(lastBefore.at)} by ${named(lastBefore.process)}` : 'none'}, first by ${survivor.name} after it ${firstAfter ? `${at(firstAfter.at)} (${firstAfter.at - (lastBefore?.at ?? 0)} ms after the last)` : 'none'}; bound ${Number.isNaN(bound) ? '–' : at(bound)}; passes seen ${passes.length}`,
    );
    console.log(`  console token through HAProxy after the kill: ${sessionAnswers.filter(Boolean).length}/10 answered 200`);
    console.log(
      `  HAProxy: ${victim!.name} ${victimStats?.status ?? '?'} (DOWN ${downAfterMs === undefined ? 'not seen' : `${downAfterMs.toFixed(0)} ms after the kill`}), requests sent to it after the kill ${routedAfterKill} (HAProxy's retries there ${victimStats?.wretr ?? '?'}, redispatched to another ${victimStats?.wredis ?? '?'}); ${survivor.name} ${survivorStats?.status ?? '?'}, 5xx ${survivorStats?.hrsp_5xx ?? '?'}`,
    );
    console.log(`  load average ${loadAverages()}`);

    if (missing !== 0) failures.push(`${missing} acknowledged events are missing from vehicle_events`);
    if (counts.failed > 0) failures.push(`${counts.failed} events failed after ${maxRetries} retries`);
    if (sessionAnswers.some((ok) => !ok)) failures.push('the console token did not answer 200 through HAProxy after the kill');
    if (!firstAfter || firstAfter.at > bound) failures.push(`record-clock did not run on ${survivor.name} within the bound after the kill`);
    if (downAfterMs === undefined) failures.push(`HAProxy did not mark ${victim!.name} DOWN`);
  } finally {
    if (jobPoller) clearInterval(jobPoller);
    for (const api of apis) if (api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGTERM');
    haproxy?.kill('SIGTERM');
    await Promise.all([...apis.map((a) => a.child), ...(haproxy ? [haproxy] : [])].map(exited));
    await raw.end();
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(`  database ${database} is left for inspection (the next run drops it)`);
  if (failures.length > 0) {
    for (const failure of failures) console.log(`failover: FAILED — ${failure}`);
    process.exitCode = 1;
  } else console.log('failover: passed');
};

/** Resolves once a child process has ended; killed with SIGKILL after 20 s. */
const exited = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
  });

const loadAverages = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
