import { devicePublicPaths, vehicleEventPath } from '@parking/contract';
import Fastify from 'fastify';
import type { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { app, type AppOptions } from '../app.js';
import { carIn, laneCamera, openEventStream } from '../modules/screens/live-events-test-kit.js';
import { deviceBody, postSigned } from '../modules/devices/device-signing.js';
import { fastifyOptions } from '../server-options.js';
import { sendXlsx } from '../shared/xlsx-export.js';
import { fixedClock, seededTestDatabase, signIn, testConfig } from '../test/test-app.js';
import { inProcessJobs, postgresJobs } from '../shared/job-runner.js';
import { scheduledJob } from '../shared/periodic-job.js';
import { createMetricsRegistry, installMetrics, jobMetrics } from './metrics.js';
import { errorsPlugin } from './errors.js';
import { startMetricsServer } from './metrics-server.js';

/**
 * The whole app on a seeded test database with its metrics installed as server.ts does (before the
 * routes), and the metrics listener on a free loopback port.
 */
const buildMeteredApp = async (options: Partial<Omit<AppOptions, 'config' | 'database'>> = {}) => {
  const database = await seededTestDatabase();
  const registry: Registry = createMetricsRegistry();
  const api = Fastify(fastifyOptions(false));
  installMetrics(api, registry, { database });
  await api.register(app, { ...options, config: testConfig(), database });
  await api.ready();
  const metrics = await startMetricsServer(registry, { port: 0, host: '127.0.0.1' });
  const metricsUrl = `http://127.0.0.1:${metrics.address.port}`;
  return {
    api,
    database,
    registry,
    metricsUrl,
    /** GET /metrics on the metrics listener, as Prometheus scrapes it */
    scrape: async () => {
      const response = await fetch(`${metricsUrl}/metrics`);
      if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`);
      return response.text();
    },
    close: async () => {
      await metrics.close();
      await api.close();
      await database.close();
    },
  };
};

const labelPair = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/**
 * The value of the sample `name` whose labels include `labels` in a scrape, summed over the samples
 * that match (0 when none does).
 */
const sampleOf = (text: string, name: string, labels: Record<string, string> = {}) => {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const found = new Map<string, string>();
    for (const pair of (match[2] ?? '').matchAll(labelPair)) found.set(pair[1]!, pair[2]!);
    if (Object.entries(labels).every(([key, value]) => found.get(key) === value)) sum += Number(match[3]);
  }
  return sum;
};

// the app's clock, fixed: the cameras sign their calls with its time
const clock = fixedClock('2026-03-10T02:00:00Z');
let t: Awaited<ReturnType<typeof buildMeteredApp>>;
let admin: string;

beforeAll(async () => {
  t = await buildMeteredApp({ now: clock.now });
  admin = await signIn(t.api);
});
afterAll(() => t.close());

describe('GET /metrics on the metrics listener', () => {
  it('answers the Prometheus text format, with the process figures and the database it runs on', async () => {
    const response = await fetch(`${t.metricsUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await response.text();
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('# TYPE process_resident_memory_bytes gauge');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(sampleOf(text, 'parking_database_info', { kind: t.database.kind })).toBe(1);
  });

  it('is not served on the API: the public port answers 404 there', async () => {
    const response = await t.api.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('http_requests_total');
    // and the listener shows nothing but /metrics
    expect((await fetch(`${t.metricsUrl}/`)).status).toBe(404);
    expect((await fetch(`${t.metricsUrl}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});

describe('requests', () => {
  it('are counted by the route pattern and status, never the raw URL; unmatched ones as "unmatched"', async () => {
    const before = await t.scrape();
    const item = { method: 'GET', route: '/api/system/Parking/:id' };
    const { lotId: id } = await laneCamera(t.api, admin, 'METRICS-ROUTE-1');
    expect((await t.api.inject({ method: 'GET', url: `/api/system/Parking/${id}`, headers: { authorization: admin } })).statusCode).toBe(200);
    expect((await t.api.inject({ method: 'GET', url: `/api/system/Parking/${id}` })).statusCode).toBe(401);
    expect((await t.api.inject({ method: 'GET', url: '/api/nowhere/12345' })).statusCode).toBe(404);

    const after = await t.scrape();
    const moved = (name: string, labels: Record<string, string>) => sampleOf(after, name, labels) - sampleOf(before, name, labels);
    expect(moved('http_requests_total', { ...item, status: '200' })).toBe(1);
    expect(moved('http_requests_total', { ...item, status: '401' })).toBe(1);
    expect(moved('http_request_duration_seconds_count', item)).toBe(2);
    expect(moved('http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(after).not.toContain(id);
    expect(after).not.toContain('/api/nowhere');
  });
});

describe('device events', () => {
  it('are counted accepted or refused by route and kind', async () => {
    const camera = await laneCamera(t.api, admin, 'METRICS-IN-1');
    const before = await t.scrape();
    await carIn(t.api, camera, 'METRICS-IN-1', '粤B77001', clock.now(), 'METRICS-1');
    const forged = deviceBody('demo', 'METRICS-IN-1', {
      timestamp: clock.now().getTime(),
      kind: 'lane_entry',
      deviceEventId: 'METRICS-2',
      plate: '粤B77002',
      plateColour: 0,
      confidence: 0.99,
      occurredAt: clock.now().toISOString(),
    });
    expect((await postSigned(t.api, vehicleEventPath, camera.secret, forged, '0'.repeat(64))).statusCode).toBe(401);
    const heartbeat = deviceBody('demo', 'METRICS-IN-1', { timestamp: clock.now().getTime() });
    expect((await postSigned(t.api, devicePublicPaths.heartbeat, camera.secret, heartbeat)).statusCode).toBe(200);
    expect((await postSigned(t.api, devicePublicPaths.heartbeat, camera.secret, deviceBody('demo', 'METRICS-IN-1', { timestamp: clock.now().getTime() }), '0'.repeat(64))).statusCode).toBe(
      401,
    );
    // a kind the contract does not know is refused, and does not become a label of its own
    const unknown = { ...forged, kind: 'teleport', nonce: deviceBody('demo', 'METRICS-IN-1').nonce };
    expect((await postSigned(t.api, vehicleEventPath, camera.secret, unknown)).statusCode).toBe(400);

    const after = await t.scrape();
    const moved = (labels: Record<string, string>) => sampleOf(after, 'parking_events_total', labels) - sampleOf(before, 'parking_events_total', labels);
    expect(moved({ route: vehicleEventPath, kind: 'lane_entry', outcome: 'accepted' })).toBe(1);
    expect(moved({ route: vehicleEventPath, kind: 'lane_entry', outcome: 'refused' })).toBe(1);
    expect(moved({ route: vehicleEventPath, kind: 'unknown', outcome: 'refused' })).toBe(1);
    expect(moved({ route: devicePublicPaths.heartbeat, kind: 'heartbeat', outcome: 'accepted' })).toBe(1);
    expect(moved({ route: devicePublicPaths.heartbeat, kind: 'heartbeat', outcome: 'refused' })).toBe(1);
    expect(after).not.toContain('teleport');
  });
});

describe('exports', () => {
  it('count the bytes of a streamed xlsx as they are sent', async () => {
    const route = '/api/system/Parking/Actions/Export';
    const before = sampleOf(await t.scrape(), 'parking_export_bytes_total', { route });
    const response = await t.api.inject({ method: 'GET', url: route, headers: { authorization: admin } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const after = sampleOf(await t.scrape(), 'parking_export_bytes_total', { route });
    expect(after - before).toBe(response.rawPayload.length);
  });
});

describe('an export counted on its way out', () => {
  it('still stops reading rows when the client goes away, having counted what was sent', async () => {
    const registry = createMetricsRegistry();
    // the test's own server: closing it must not wait for the connection the client gave up
    const server = Fastify({ forceCloseConnections: true });
    installMetrics(server, registry);
    await server.register(errorsPlugin);
    let pulled = 0;
    let onClosed: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => (onClosed = resolve));
    async function* plates() {
      try {
        for (let b = 0; b < 100_000; b++) {
          pulled++;
          // plates that do not repeat, so the zip cannot shrink them to nothing
          yield Array.from({ length: 500 }, (_, i) => ({ plate: `粤B${String((Math.imul(b * 500 + i + 1, 2_654_435_761) >>> 0) % 100_000).padStart(5, '0')}` }));
        }
      } finally {
        onClosed();
      }
    }
    server.get('/many', (_request, reply) =>
      sendXlsx(reply, { fileName: '导出', sheetName: '导出', columns: [{ header: '车牌号', value: (row: { plate: string }) => row.plate }], batches: plates() }),
    );
    const baseUrl = await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const leaving = new AbortController();
      const response = await fetch(`${baseUrl}/many`, { signal: leaving.signal });
      const reader = response.body!.getReader();
      const first = await reader.read();
      leaving.abort();
      await closed;
      expect(pulled).toBeLessThan(100_000);
      const sent = sampleOf(await registry.metrics(), 'parking_export_bytes_total', { route: '/many' });
      expect(sent).toBeGreaterThanOrEqual(first.value!.length);
    } finally {
      await server.close();
    }
  });
});

describe('screens', () => {
  it('count the live-event streams open, until the screen goes away', async () => {
    const baseUrl = await t.api.listen({ host: '127.0.0.1', port: 0 });
    const open = async () => sampleOf(await t.scrape(), 'parking_screen_streams_open');
    expect(await open()).toBe(0);
    const first = await openEventStream(baseUrl, admin);
    const second = await openEventStream(baseUrl, admin);
    expect(await open()).toBe(2);
    first.close();
    await vi.waitFor(async () => expect(await open()).toBe(1), { timeout: 10_000 });
    second.close();
    await vi.waitFor(async () => expect(await open()).toBe(0), { timeout: 10_000 });
  });
});

describe('scheduled jobs', () => {
  const quiet = { info: () => undefined, error: () => undefined };
  const job = (name: string, pass: () => Promise<object>) => scheduledJob({ name, intervalMs: 1000, pass, messages: { done: 'done', failed: 'failed', worthTelling: () => false } });

  it('count each pass by job and outcome, time it, and count a failed pass as a failure of that job', async () => {
    vi.useFakeTimers();
    try {
      const registry = createMetricsRegistry();
      const jobs = inProcessJobs(quiet, jobMetrics(registry));
      const outcomes = ['ok', 'fail', 'ok'];
      const running = jobs.start(
        job('record-clock', async () => {
          if (outcomes.shift() === 'fail') throw new Error('数据库不可用');
          return {};
        }),
      );
      await vi.advanceTimersByTimeAsync(3_000);
      await running.stop();
      const text = await registry.metrics();
      expect(sampleOf(text, 'parking_job_runs_total', { job: 'record-clock', outcome: 'done' })).toBe(2);
      expect(sampleOf(text, 'parking_job_runs_total', { job: 'record-clock', outcome: 'failed' })).toBe(1);
      expect(sampleOf(text, 'parking_job_run_seconds_count', { job: 'record-clock' })).toBe(3);
      expect(sampleOf(text, 'parking_job_failures_total', { job: 'record-clock' })).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('count a turn that could not be taken, the database out of reach, as a failure of its job and not as a run', async () => {
    const registry = createMetricsRegistry();
    let turn: () => Promise<void> = async () => undefined;
    const unreachable = { openSession: () => Promise.reject(new Error('connect ECONNREFUSED')) };
    const jobs = postgresJobs(unreachable, quiet, { observer: jobMetrics(registry), every: (_ms, tick) => ((turn = tick), () => undefined) });
    const pass = vi.fn(async () => ({}));
    const running = jobs.start(job('device-offline', pass));
    await turn();
    await turn();
    await running.stop();
    const text = await registry.metrics();
    expect(pass).not.toHaveBeenCalled();
    expect(sampleOf(text, 'parking_job_failures_total', { job: 'device-offline' })).toBe(2);
    expect(sampleOf(text, 'parking_job_runs_total')).toBe(0);
  });
});

// the database of the project that runs this file: PostgreSQL's pool (server:postgres), or PGlite's one
// connection, which has no pool to show (server:pglite)
describe('the database pool', () => {
  it('shows the PostgreSQL pool’s connections on each scrape and times each checkout; the embedded database shows none', async () => {
    const before = await t.scrape();
    expect((await t.api.inject({ method: 'GET', url: '/api/system/Parking', headers: { authorization: admin } })).statusCode).toBe(200);
    const after = await t.scrape();
    if (t.database.kind === 'pglite') {
      expect(after).not.toContain('db_pool_');
      return;
    }
    expect(sampleOf(after, 'db_pool_max')).toBe(10);
    // every request has given its connection back by now
    expect(sampleOf(after, 'db_pool_connections', { state: 'in_use' })).toBe(0);
    expect(sampleOf(after, 'db_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
    expect(sampleOf(after, 'db_pool_waiting')).toBe(0);
    // the request's transaction at least
    expect(sampleOf(after, 'db_pool_checkout_seconds_count') - sampleOf(before, 'db_pool_checkout_seconds_count')).toBeGreaterThanOrEqual(1);
  });
});

describe('the read replica', () => {
  it('shows the state it was last seen in, 1 for that state and 0 for the others, as it changes', async () => {
    const registry = createMetricsRegistry();
    let seen: 'up' | 'down' | 'lagging' = 'up';
    const reads = { kind: 'replica' as const, state: () => seen, wrote: () => undefined, withTenant: () => Promise.reject(new Error('not read here')), close: async () => undefined };
    installMetrics(Fastify(fastifyOptions(false)), registry, { database: { db: t.database.db, kind: 'postgres', reads } });
    const states = async () => {
      const text = await registry.metrics();
      return Object.fromEntries(['up', 'down', 'lagging'].map((state) => [state, sampleOf(text, 'db_replica_state', { state })]));
    };
    expect(await states()).toEqual({ up: 1, down: 0, lagging: 0 });
    seen = 'lagging';
    expect(await states()).toEqual({ up: 0, down: 0, lagging: 1 });
    seen = 'down';
    expect(await states()).toEqual({ up: 0, down: 1, lagging: 0 });
  });

  it('counts the replica-safe reads by where they ran and why, from the first scrape on', async () => {
    const registry = createMetricsRegistry();
    const routed = { replica: 0, sticky: 0, down: 0, lagging: 0, unreachable: 0, retried: 0 };
    const reads = {
      kind: 'replica' as const,
      state: () => 'up' as const,
      routed: () => ({ ...routed }),
      wrote: () => undefined,
      withTenant: () => Promise.reject(new Error('not read here')),
      close: async () => undefined,
    };
    installMetrics(Fastify(fastifyOptions(false)), registry, { database: { db: t.database.db, kind: 'postgres', reads } });
    let text = await registry.metrics();
    expect(text).toContain('db_replica_reads_total{served_by="primary",reason="lagging"} 0');
    routed.replica = 5;
    routed.sticky = 2;
    text = await registry.metrics();
    expect(sampleOf(text, 'db_replica_reads_total', { served_by: 'replica' })).toBe(5);
    expect(sampleOf(text, 'db_replica_reads_total', { served_by: 'primary', reason: 'sticky' })).toBe(2);
    routed.replica = 7;
    routed.down = 1;
    text = await registry.metrics();
    // a counter: what was added since the last scrape goes on top, never counted twice
    expect(sampleOf(text, 'db_replica_reads_total', { served_by: 'replica' })).toBe(7);
    expect(sampleOf(text, 'db_replica_reads_total', { served_by: 'primary' })).toBe(3);
  });

  it('is not shown without a replica', async () => {
    const text = await t.scrape();
    expect(text).not.toContain('db_replica_state');
    expect(text).not.toContain('db_replica_reads_total');
  });
});
