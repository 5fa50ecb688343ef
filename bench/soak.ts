// npm run bench -- soak — the built server on embedded PGlite under a steady load of the traffic
// simulator in real time, its RSS read every minute. Needs `npm run build` first and Linux (/proc).
// SOAK_MINUTES (60), SOAK_LOTS (20), SOAK_RATE (3 arrivals per lot per minute), SOAK_PORT (18400).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { waitForServer } from './server-process.js';

const root = resolve(import.meta.dirname, '..');
const setting = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

interface Sample {
  minute: number;
  rssMiB: number;
  peakMiB: number;
  cpuSeconds: number;
}

/** RSS and its peak from /proc/PID/status, CPU (user + system) from /proc/PID/stat. */
const sampleOf = (pid: number, minute: number): Sample => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // fields 14 and 15 of stat (utime, stime) in clock ticks, 100 a second on Linux
  const ticks = Number(stat[11]) + Number(stat[12]);
  return { minute, rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024, cpuSeconds: ticks / 100 };
};

/** Least-squares slope of RSS over the samples, in MiB an hour. */
const slopePerHour = (samples: Sample[]) => {
  const n = samples.length;
  const mx = samples.reduce((s, x) => s + x.minute, 0) / n;
  const my = samples.reduce((s, x) => s + x.rssMiB, 0) / n;
  const sxy = samples.reduce((s, x) => s + (x.minute - mx) * (x.rssMiB - my), 0);
  const sxx = samples.reduce((s, x) => s + (x.minute - mx) ** 2, 0);
  return sxx === 0 ? 0 : (sxy / sxx) * 60;
};

export const runSoak = async () => {
  const minutes = setting('SOAK_MINUTES', 60);
  const lots = setting('SOAK_LOTS', 20);
  const rate = setting('SOAK_RATE', 3);
  const port = setting('SOAK_PORT', 18_400);
  const dataDir = mkdtempSync(join(tmpdir(), 'parking-soak-'));
  const base = `http://127.0.0.1:${port}`;
  // as `npm start` runs it, on a fresh install: demo data and its two days of history
  const server = spawn('node', ['--max-old-space-size=256', 'packages/server/dist/server.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForServer(`${base}/config.json`, server);
    const simulator = spawn(
      'node',
      [
        '--import',
        'tsx',
        'packages/server/src/simulator/simulate.cli.ts',
        '--url',
        base,
        '--lots',
        String(lots),
        '--rate',
        String(rate),
        '--realtime',
        '--minutes',
        String(minutes),
        '--seed',
        '16',
      ],
      { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    console.log(`soak: ${lots} lots, ${rate} arrivals per lot per minute, ${minutes} minutes in real time; server pid ${server.pid}`);
    console.log('minute  rss MiB  peak MiB  cpu s');
    const samples: Sample[] = [];
    for (let minute = 0; minute <= minutes; minute++) {
      const sample = sampleOf(server.pid!, minute);
      samples.push(sample);
      console.log(`${String(minute).padStart(6)}  ${sample.rssMiB.toFixed(0).padStart(7)}  ${sample.peakMiB.toFixed(0).padStart(8)}  ${sample.cpuSeconds.toFixed(1).padStart(5)}`);
      if (minute < minutes) await sleep(60_000);
    }
    if (simulator.exitCode === null) await new Promise((done) => simulator.once('exit', done));
    // the first minutes hold the install's demo history; a short trial run has only those
    const from = samples.length > 10 ? 5 : 0;
    const settled = samples.filter((s) => s.minute >= from);
    console.log(
      `rss from minute ${from}: min ${Math.min(...settled.map((s) => s.rssMiB)).toFixed(0)} MiB, max ${Math.max(...settled.map((s) => s.rssMiB)).toFixed(0)} MiB, ` +
        `trend ${slopePerHour(settled).toFixed(1)} MiB/h; server CPU ${(samples.at(-1)!.cpuSeconds - samples[0]!.cpuSeconds).toFixed(0)} s`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
    rmSync(dataDir, { recursive: true, force: true });
  }
};
