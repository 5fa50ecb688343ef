// npm run bench -- screens — 数据大屏 under the traffic simulator in real time: the built server on
// the PostgreSQL server, with no screen open, then 1, then 50 screens, a minute each. A screen reads
// the snapshot every dataViewRefreshSeconds and keeps the event stream open, as the page does.
// For each minute: the server's CPU seconds (/proc), the database's transactions a second
// (pg_stat_database), the snapshots served and the events the screens got. Needs `npm run build`,
// Linux and BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres; the
// bench makes and drops its own database). SCREENS_PORT (18410), SCREENS_LOTS (20), SCREENS_RATE (6).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { dataViewPaths, dataViewRefreshSeconds } from '../packages/contract/src/index.js';
import { waitForServer } from './server-process.js';

const root = resolve(import.meta.dirname, '..');
const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const cpuSecondsOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(stat[11]) + Number(stat[12])) / 100;
};

/** One open screen: the snapshot on its period, the event stream held open; stopped by `stop`. */
const openScreen = (base: string, token: string, counts: { snapshots: number; events: number; failures: number }, stop: AbortSignal) => {
  const poll = async () => {
    // screens opened together do not ask together: each starts somewhere in the period
    await sleep(Math.random() * dataViewRefreshSeconds * 1000, undefined, { signal: stop }).catch(() => undefined);
    while (!stop.aborted) {
      const response = await fetch(`${base}${dataViewPaths.snapshot}`, { headers: { authorization: token }, signal: stop }).catch(() => null);
      if (response?.ok) {
        await response.arrayBuffer();
        counts.snapshots += 1;
      } else if (!stop.aborted) counts.failures += 1;
      await sleep(dataViewRefreshSeconds * 1000, undefined, { signal: stop }).catch(() => undefined);
    }
  };
  const listen = async () => {
    const response = await fetch(`${base}${dataViewPaths.events}`, { headers: { authorization: token, accept: 'text/event-stream' }, signal: stop }).catch(() => null);
    if (!response?.ok || !response.body) {
      if (!stop.aborted) counts.failures += 1;
      return;
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const read = await reader.read().catch(() => ({ done: true, value: '' }));
      if (read.done) return;
      counts.events += (read.value.match(/^data: /gm) ?? []).length;
    }
  };
  return Promise.all([poll(), listen()]);
};

export const runScreensBench = async () => {
  const port = setting('SCREENS_PORT', 18_410);
  const lots = setting('SCREENS_LOTS', 20);
  const rate = setting('SCREENS_RATE', 6);
  const admin = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const database = 'bench_screens';
  const control = new pg.Client({ connectionString: admin.toString() });
  await control.connect();
  await control.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await control.query(`CREATE DATABASE ${database}`);
  const databaseUrl = new URL(admin);
  databaseUrl.pathname = `/${database}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'parking-screens-'));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn('node', ['packages/server/dist/server.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl.toString(), REDIS_URL: '', LOG_LEVEL: 'warn', DEMO_HISTORY_DAYS: '2' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stopAll = new AbortController();
  try {
    await waitForServer(`${base}/config.json`, server);
    const login = await fetch(`${base}/api/oauth/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password: createHash('md5').update('admin123').digest('hex'), tenant: 'demo' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const simulator = spawn(
      'node',
      ['--import', 'tsx', 'packages/server/src/simulator/simulate.cli.ts', '--url', base, '--lots', String(lots), '--rate', String(rate), '--realtime', '--minutes', '6', '--seed', '22'],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    console.log(`screens: ${lots} lots, ${rate} arrivals per lot per minute in real time; server pid ${server.pid}, database ${database}`);
    // the simulator sets its lots up first; the first minute is its warm-up
    await sleep(60_000);
    const rows: string[] = [];
    for (const screens of [0, 1, 50]) {
      const counts = { snapshots: 0, events: 0, failures: 0 };
      const stop = new AbortController();
      const open = Array.from({ length: screens }, () => openScreen(base, token, counts, stop.signal));
      // the streams are opened and the first snapshots taken before the minute is measured
      await sleep(2_000);
      const commits = async () => Number((await control.query<{ n: string }>('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1', [database])).rows[0]!.n);
      const cpuBefore = cpuSecondsOf(server.pid!);
      const xactBefore = await commits();
      const started = Date.now();
      await sleep(60_000);
      const seconds = (Date.now() - started) / 1000;
      const cpu = cpuSecondsOf(server.pid!) - cpuBefore;
      const xact = (await commits()) - xactBefore;
      stop.abort();
      await Promise.all(open);
      const row = `| ${screens} | ${((cpu / seconds) * 100).toFixed(1)} % | ${(xact / seconds).toFixed(1)} | ${counts.snapshots} | ${counts.events} | ${counts.failures} |`;
      rows.push(row);
      console.log(row);
    }
    console.log('\n| screens open | server CPU (of one core) | database transactions /s | snapshots served | events received (all screens) | failures |\n|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
    simulator.kill('SIGTERM');
  } finally {
    stopAll.abort();
    server.kill('SIGTERM');
    await sleep(1_000);
    await control.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await control.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
};
