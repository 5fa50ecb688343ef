// npm run bench -- orders — the orders core on a PostgreSQL server (TEST_DATABASE_URL or
// BENCH_DATABASE_URL): the parking-record list over 10,000,000 records, vehicle-event ingestion
// through the HTTP API, and an xlsx export of 1,000,000 records with the server's peak memory.
// The server runs as its own process (packages/server/dist, so `npm run build` first), as in production.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { parkingRecordPaths } from '../packages/contract/src/index.js';
import { postDeviceCall, type DeviceCredentials } from '../packages/server/src/modules/devices/device-client.js';
import { runTraffic, type DeviceSender } from '../packages/server/src/simulator/run-traffic.js';
import { consoleApi, setUpSimulation, signIn } from '../packages/server/src/simulator/simulation-setup.js';
import { planTraffic } from '../packages/server/src/simulator/traffic-plan.js';
import { generateRecords, openBenchDatabase } from './orders-data.js';
import { ms, percentile, timings } from './timing.js';

/** The server's resident and peak resident memory, from /proc. */
const memoryOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
};

/** CPU seconds (user + system) a process has used so far, from /proc (clock ticks of 1/100 s). */
const cpuSecondsOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // after the command name: utime and stime are fields 14 and 15 of stat, 12 and 13 here
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/**
 * CPU seconds of each PostgreSQL process on this machine (the server under test runs here too), by
 * pid; with `database`, only its connections' ("postgres: [cluster:] user database host state"), which leaves
 * out other work on the same server.
 */
const postgresCpu = (database?: string) => {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/stat`, 'utf8').includes('(postgres)')) continue;
      const words = database === undefined ? [] : readFileSync(`/proc/${entry}/cmdline`, 'utf8').split(/[\s\0]+/);
      if (database !== undefined && !words.includes(database)) continue;
      byPid.set(Number(entry), cpuSecondsOf(Number(entry)));
    } catch {
      // the process ended while the list was read
    }
  }
  return byPid;
};

/** The CPU PostgreSQL spent since `before`: of the processes still running (a connection that closed meanwhile is not counted). */
const postgresCpuSince = (before: Map<number, number>, database?: string) => {
  let total = 0;
  for (const [pid, seconds] of postgresCpu(database)) total += seconds - (before.get(pid) ?? 0);
  return total;
};

/** The machine's load average over the last minute: other work on the machine slows a run down. */
const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

/** Whole-table scans so far of the tables every event reads and writes, and how many rows they read, over each one's partitions. */
const eventTableScans = async (raw: pg.Pool) => {
  const { rows } = await raw.query<{ relname: string; seq_scan: string; seq_tup_read: string }>(
    `SELECT t AS relname, sum(s.seq_scan)::text AS seq_scan, sum(s.seq_tup_read)::text AS seq_tup_read
       FROM unnest(ARRAY['vehicle_events', 'parking_records', 'parking_lots']) AS t
       JOIN pg_stat_user_tables s ON s.relid = t::regclass OR s.relid IN (SELECT relid FROM pg_partition_tree(t::regclass))
      GROUP BY t ORDER BY t`,
  );
  return new Map(rows.map((r) => [r.relname, { scans: Number(r.seq_scan), rows: Number(r.seq_tup_read) }]));
};

/** Clears the peak-RSS mark, so VmHWM afterwards is the peak of what ran since. */
const resetPeak = (pid: number) => {
  try {
    // writing 5 to clear_refs resets VmHWM (Linux ≥ 4.0)
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    /* not permitted: the peak then counts from the start */
  }
};

/** Node's flags for the server: those `npm start` runs it with, unless BENCH_SERVER_NODE_ARGS says otherwise (e.g. --cpu-prof). */
const serverNodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '--max-old-space-size=256').split(' ').filter(Boolean);

export const startServer = async (databaseUrl: string, port: number): Promise<ChildProcess> => {
  const child = spawn(process.execPath, [...serverNodeArgs, process.env.BENCH_SERVER_ENTRY ?? 'packages/server/dist/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'parking-bench-')),
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      DEMO_HISTORY_DAYS: '0',
      DEVICE_OFFLINE_CHECK_MS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/config.json`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error('server did not start');
};

export const runOrdersBench = async () => {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.log('orders: skipped — set TEST_DATABASE_URL (a PostgreSQL server) to run the orders benchmarks');
    return;
  }
  // BENCH_ONLY=list|ingest|export runs one part; ingestion needs none of the 10,000,000 records
  const only = process.env.BENCH_ONLY;
  const runs = (part: 'list' | 'ingest' | 'export') => (only === undefined ? part !== 'ingest' || process.env.BENCH_SKIP_INGEST !== '1' : only === part);
  const total = Number(process.env.BENCH_RECORDS ?? 10_000_000);
  // BENCH_DATABASE_NAME: a database of its own on that server (made and migrated when missing), e.g. a
  // fresh one to measure ingestion on tables the planner has no statistics for
  const { database, url } = await openBenchDatabase(serverUrl, process.env.BENCH_DATABASE_NAME);
  await database.close();
  if (runs('list') || runs('export')) {
    console.log(`orders: generating ${total.toLocaleString('en')} parking records (2 tenants, 200 lots, 1 year) if missing`);
    const generated = await generateRecords(url, total);
    if (generated.inserted)
      console.log(`  inserted ${generated.inserted.toLocaleString('en')} in ${generated.seconds.toFixed(0)} s (${(generated.inserted / generated.seconds).toFixed(0)} rows/s)`);
  }

  const port = 18800 + Math.floor(Math.random() * 100);
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(url, port);
  const raw = new pg.Pool({ connectionString: url, max: 64 });
  try {
    const token = await signIn(base, 'demo', 'admin', 'admin123');
    const { rows: tenantRows } = await raw.query<{ id: string }>("SELECT id FROM tenants WHERE code = 'demo'");
    const tenantId = tenantRows[0]!.id;
    if (runs('list')) await listBench(base, token, raw, tenantId);
    if (runs('ingest')) await ingestion(base, token, raw, tenantId, server, new URL(url).pathname.slice(1));
    if (runs('export')) await exportBench(base, token, raw, tenantId, server);
  } finally {
    await raw.end();
    server.kill('SIGTERM');
  }
};

const listBench = async (base: string, token: string, raw: pg.Pool, tenantId: string) => {
  const { rows: counted } = await raw.query<{ n: string }>('SELECT count(*)::text AS n FROM parking_records WHERE tenant_id = $1', [tenantId]);
  console.log(`\nlist (tenant demo holds ${Number(counted[0]!.n).toLocaleString('en')} records), 100 runs each after 5 warm-up`);

  const listVia = (query: string) => async () => {
    const response = await fetch(`${base}${parkingRecordPaths.list}?${query}`, { headers: { authorization: token } });
    const body = (await response.json()) as { code: number; data: { pagination: { total: number } } };
    if (body.code !== 200) throw new Error(JSON.stringify(body));
  };
  // the same page and total in plain SQL, as the superuser, without the app around it: the total as
  // the API takes it (the kept per-lot counts, or an index count for a prefix), then the page
  const listRaw = (prefix?: string) => async () => {
    const range = prefix ? ` AND r.plate_number ~>=~ $2 AND r.plate_number ~<~ $3` : '';
    const params = prefix ? [tenantId, prefix, `${prefix.slice(0, -1)}${String.fromCodePoint(prefix.codePointAt(prefix.length - 1)! + 1)}`] : [tenantId];
    if (prefix) await raw.query(`SELECT count(*) FROM parking_records r WHERE r.tenant_id = $1${range}`, params);
    else await raw.query('SELECT coalesce(sum(records), 0) FROM parking_record_counts WHERE tenant_id = $1', params);
    await raw.query(
      `SELECT r.*, l.name FROM parking_records r JOIN parking_lots l ON l.id = r.lot_id WHERE r.tenant_id = $1${range} ORDER BY r.entered_at DESC, r.created_at DESC, r.id LIMIT 10`,
      params,
    );
  };
  const plainCount = await timings(10, async () => {
    await raw.query('SELECT count(*) FROM parking_records WHERE tenant_id = $1', [tenantId]);
  });
  console.log(`  (for scale: a plain count(*) of the tenant's records takes p50 ${ms(plainCount.p50)})`);
  // BENCH_LIST_RUNS runs (3 by default) of 100 calls each way; within a run the API call and the raw
  // SQL alternate, so a neighbour's burst on this shared machine lands on both alike
  const listRuns = Number(process.env.BENCH_LIST_RUNS ?? 3);
  for (const [label, query, prefix] of [
    ['page 1, default filters', 'currentPage=1&pageSize=10', undefined],
    ['page 1, plate prefix 粤B', `currentPage=1&pageSize=10&plateNumber=${encodeURIComponent('粤B')}&plateMatch=prefix`, '粤B'],
  ] as const) {
    const perRun: { api: Percentiles; sql: Percentiles }[] = [];
    for (let run = 1; run <= listRuns; run++) {
      const loadAtStart = loadAverages();
      const { api, sql } = await alternating(100, listVia(query), listRaw(prefix));
      perRun.push({ api, sql });
      console.log(
        `  ${label.padEnd(26)} run ${run}: API p50 ${ms(api.p50)} p95 ${ms(api.p95)} | raw SQL p50 ${ms(sql.p50)} p95 ${ms(sql.p95)} | API − SQL p95 ${ms(api.p95 - sql.p95)} | load ${loadAtStart} → ${loadAverages()}`,
      );
    }
    const spread = (values: number[]) => `${ms(median(values))} (${ms(Math.min(...values))}–${ms(Math.max(...values))})`;
    console.log(
      `  ${label.padEnd(26)} median of ${listRuns} runs: API p95 ${spread(perRun.map((r) => r.api.p95))} | raw SQL p95 ${spread(perRun.map((r) => r.sql.p95))} | API − SQL p95 ${spread(perRun.map((r) => r.api.p95 - r.sql.p95))}`,
    );
  }
};

interface Percentiles {
  p50: number;
  p95: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** p50 and p95 of `runs` calls of each of `a` and `b`, called in turn, after 5 of each not counted. */
const alternating = async (runs: number, a: () => Promise<void>, b: () => Promise<void>) => {
  for (let i = 0; i < 5; i++) {
    await a();
    await b();
  }
  const times = { a: [] as number[], b: [] as number[] };
  for (let i = 0; i < runs; i++) {
    for (const [key, once] of [['a', a] as const, ['b', b] as const]) {
      const started = performance.now();
      await once();
      times[key].push(performance.now() - started);
    }
  }
  const of = (sorted: number[]): Percentiles => ({ p50: percentile(sorted, 50), p95: percentile(sorted, 95) });
  return { api: of(times.a.sort((x, y) => x - y)), sql: of(times.b.sort((x, y) => x - y)) };
};

const ingestion = async (base: string, token: string, raw: pg.Pool, tenantId: string, server: ChildProcess, database: string) => {
  // ingestion: lots of the simulator, each with an entry and an exit camera; every lot's events in order.
  // Each lot sends its next event only once the last is answered, so the rate is at most lots / answer
  // time: BENCH_INGEST_LOTS=200 (the list's data has 200 lots) shows what the machine does with more at once.
  const lots = Number(process.env.BENCH_INGEST_LOTS ?? 40);
  const cars = Number(process.env.BENCH_INGEST_CARS ?? 10_000);
  const concurrency = Number(process.env.BENCH_INGEST_CONCURRENCY ?? lots);
  const { simLots, devices } = await setUpSimulation(consoleApi(base, token), 'demo', lots, 0);
  // each run is a new day of traffic on top of what the lots hold from earlier runs, as in production,
  // where records are never deleted: its own seed gives it its own plates and device event ids.
  // (Deleting the last run's records instead left the tables full of dead rows and the timings
  // dependent on how many runs came before: one run took 3.3 ms of PostgreSQL CPU per event.)
  const seed = Number(process.env.BENCH_INGEST_SEED ?? Date.now() % 2 ** 31);
  const plan = planTraffic({ lots: simLots, ratePerMinute: 1, minutes: 24 * 60, start: new Date(Date.now() - 86_400_000), seed, cars, resendRate: 0, doubleEntryRate: 0, misreadRate: 0 });
  const simLotIds = simLots.map((l) => l.key);
  const { rows: held } = await raw.query<{ n: string }>('SELECT count(*)::text AS n FROM parking_records WHERE tenant_id = $1', [tenantId]);
  console.log(`\ningestion: seed ${seed}; tenant demo holds ${Number(held[0]!.n).toLocaleString('en')} records before the run`);
  // each answer's wait, as a camera at the barrier sees it
  const waits: number[] = [];
  const send: DeviceSender = async <T>(path: string, device: DeviceCredentials, fields: Record<string, unknown>) => {
    const sentAt = performance.now();
    const answer = await postDeviceCall<T>(base, path, device, fields);
    waits.push(performance.now() - sentAt);
    return answer;
  };
  const scans0 = await eventTableScans(raw);
  const load0 = loadAverage();
  const cpu0 = cpuSecondsOf(server.pid!);
  const pg0 = postgresCpu();
  const own0pg = postgresCpu(database);
  const own0 = process.cpuUsage();
  const t0 = performance.now();
  const summary = await runTraffic(send, devices, plan, { concurrency });
  const seconds = (performance.now() - t0) / 1000;
  const perEvent = (cpuSeconds: number) => ((cpuSeconds * 1000) / plan.length).toFixed(2);
  const serverCpuMs = perEvent(cpuSecondsOf(server.pid!) - cpu0);
  const postgresCpuMs = perEvent(postgresCpuSince(pg0));
  const ownPostgresCpuMs = perEvent(postgresCpuSince(own0pg, database));
  const own = process.cpuUsage(own0);
  const generatorCpuMs = perEvent((own.user + own.system) / 1e6);
  // this run's stays, by the seed in their entry's event id: one per entry, open until its exit, money balanced
  const { rows: check } = await raw.query<{ records: string; open: string; unbalanced: string }>(
    `SELECT count(*)::text AS records, count(*) FILTER (WHERE state = 'parked' AND exit_event_id IS NULL)::text AS open,
            count(*) FILTER (WHERE amount_due - discount <> paid + unpaid)::text AS unbalanced
       FROM parking_records WHERE tenant_id = $1 AND lot_id = ANY($2) AND entry_event_id LIKE $3`,
    [tenantId, simLotIds, `SIM-${seed}-%`],
  );
  const entries = plan.filter((e) => e.kind === 'lane_entry').length;
  const exits = plan.length - entries;
  const stays = { records: Number(check[0]!.records), open: Number(check[0]!.open), unbalanced: Number(check[0]!.unbalanced) };
  const correct =
    summary.refused.length === 0 && summary.entries === entries && summary.exits === exits && stays.records === entries && stays.open === entries - exits && stays.unbalanced === 0;
  console.log(
    `\ningestion through HTTP (${lots} lots, ${concurrency} at once): ${plan.length} events in ${seconds.toFixed(1)} s = ${(plan.length / seconds).toFixed(0)} events/s; refused ${summary.refused.length}; answered as resends ${summary.duplicatesAcknowledged}; results ${correct ? 'correct' : 'WRONG'} (entries ${summary.entries}/${entries}, exits ${summary.exits}/${exits}; stays ${stays.records}, still in ${stays.open}, unbalanced ${stays.unbalanced})`,
  );
  for (const refused of summary.refused.slice(0, 5)) console.log(`  refused ${refused.deviceEventId}: HTTP ${refused.status} ${refused.msg}`);
  waits.sort((a, b) => a - b);
  console.log(`  answered in: p50 ${ms(percentile(waits, 50))}, p95 ${ms(percentile(waits, 95))}, p99 ${ms(percentile(waits, 99))}, max ${ms(waits.at(-1) ?? 0)}`);
  console.log(
    `  CPU per event: server ${serverCpuMs} ms, PostgreSQL ${postgresCpuMs} ms, load generator ${generatorCpuMs} ms (user + system of each process; the machine's load does not change them much)`,
  );
  console.log(`  PostgreSQL CPU per event of this database's connections alone: ${ownPostgresCpuMs} ms (the figure above counts every PostgreSQL process, other work on the server too)`);
  console.log(`  machine load average (1 min): ${load0.toFixed(1)} at the start, ${loadAverage().toFixed(1)} at the end, on ${availableParallelism()} cores`);
  // a server connection reports its counts once idle for 10 s (PostgreSQL 15): wait for them, before the raw SQL below adds its own
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const scans = await eventTableScans(raw);
  const scanned = [...scans].map(([table, now]) => `${table} ${now.scans - (scans0.get(table)?.scans ?? 0)} (${(now.rows - (scans0.get(table)?.rows ?? 0)).toLocaleString('en')} rows)`);
  console.log(`  whole-table scans during the run: ${scanned.join(', ')}`);

  // the raw rate of the same rows: one INSERT per entry and one UPDATE per exit, as many at once.
  // With the table analysed first: planned on the stale statistics of a table that grew during the
  // run, the exits' UPDATE took the space index on the tenant alone and read all of its records,
  // which made the baseline slow and the API/raw ratio look better than it is.
  await raw.query('ANALYZE parking_records');
  const rawLots = simLotIds;
  const rawStart = performance.now();
  const work = plan.map((e) => e);
  const connections = Math.min(concurrency, raw.options.max);
  const rawWorkers = Array.from({ length: connections }, async () => {
    for (let e = work.shift(); e; e = work.shift()) {
      const lotId = rawLots[e.lot]!;
      if (e.kind === 'lane_entry') {
        await raw.query("INSERT INTO parking_records (tenant_id, lot_id, plate_number, entered_at, state) VALUES ($1, $2, $3, $4, 'parked')", [tenantId, lotId, `R${e.plate}`, e.at]);
      } else {
        await raw.query("UPDATE parking_records SET exited_at = $1, state = 'closed' WHERE tenant_id = $2 AND lot_id = $3 AND plate_number = $4 AND state = 'parked'", [
          e.at,
          tenantId,
          lotId,
          `R${e.plate}`,
        ]);
      }
    }
  });
  await Promise.all(rawWorkers);
  const rawSeconds = (performance.now() - rawStart) / 1000;
  console.log(
    `  raw SQL, same rows, ${connections} connections: ${(plan.length / rawSeconds).toFixed(0)} statements/s (API/raw ${(plan.length / seconds / (plan.length / rawSeconds)).toFixed(2)})`,
  );
};

/** The machine's load averages over 1, 5 and 15 minutes, as /proc/loadavg gives them. */
const loadAverages = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const exportBench = async (base: string, token: string, raw: pg.Pool, tenantId: string, server: ChildProcess) => {
  // export: the newest 1,000,000 records of tenant demo (entered since the day that leaves that many)
  const exportRows = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
  // BENCH_EXPORT_RUNS: how many times the same export runs, each on the same server, one after another
  const exportRuns = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
  const { rows: since } = await raw.query<{ at: Date }>(
    'SELECT entered_at AS at FROM parking_records WHERE tenant_id = $1 AND entered_at IS NOT NULL ORDER BY entered_at DESC OFFSET $2 LIMIT 1',
    [tenantId, exportRows - 1],
  );
  if (!since[0]) throw new Error(`tenant demo holds fewer than ${exportRows.toLocaleString('en')} records: raise BENCH_RECORDS (the two tenants share them)`);
  const from = since[0].at.toISOString();
  console.log(
    `\nexport of ${exportRows.toLocaleString('en')} records to xlsx, ${exportRuns} runs; server as npm start runs it (${serverNodeArgs.join(' ')}); load average at start ${loadAverages()}`,
  );
  const seconds: number[] = [];
  const peaks: number[] = [];
  const cpu: number[] = [];
  for (let run = 1; run <= exportRuns; run++) {
    resetPeak(server.pid!);
    const before = memoryOf(server.pid!);
    let peakSeen = before.rssMiB;
    // RSS sampled every 100 ms besides the kernel's own high-water mark (VmHWM), which catches what falls between samples
    const sampler = setInterval(() => {
      peakSeen = Math.max(peakSeen, memoryOf(server.pid!).rssMiB);
    }, 100);
    const cpu0 = cpuSecondsOf(server.pid!);
    const e0 = performance.now();
    const response = await fetch(`${base}${parkingRecordPaths.export}?enteredFrom=${encodeURIComponent(from)}`, { headers: { authorization: token } });
    if (!response.ok) throw new Error(`export answered ${response.status}: ${await response.text()}`);
    let bytes = 0;
    for await (const part of response.body!) bytes += (part as Uint8Array).byteLength;
    const exportSeconds = (performance.now() - e0) / 1000;
    // the server's own CPU time: on a machine shared with other work, less noisy than the wall clock
    const serverCpu = cpuSecondsOf(server.pid!) - cpu0;
    clearInterval(sampler);
    const after = memoryOf(server.pid!);
    const peak = Math.max(peakSeen, after.peakMiB);
    seconds.push(exportSeconds);
    peaks.push(peak);
    cpu.push(serverCpu);
    console.log(
      `  run ${run}: ${exportSeconds.toFixed(1)} s (server CPU ${serverCpu.toFixed(1)} s), ${(bytes / 2 ** 20).toFixed(1)} MiB; server RSS before ${before.rssMiB.toFixed(0)} MiB, peak during ${peak.toFixed(0)} MiB (sampled ${peakSeen.toFixed(0)}, VmHWM ${after.peakMiB.toFixed(0)})`,
    );
  }
  console.log(
    `  median ${median(seconds).toFixed(1)} s (${Math.min(...seconds).toFixed(1)}–${Math.max(...seconds).toFixed(1)}), server CPU median ${median(cpu).toFixed(1)} s (${Math.min(...cpu).toFixed(1)}–${Math.max(...cpu).toFixed(1)}), peak RSS median ${median(peaks).toFixed(0)} MiB (${Math.min(...peaks).toFixed(0)}–${Math.max(...peaks).toFixed(0)}); load average at end ${loadAverages()}`,
  );
};
