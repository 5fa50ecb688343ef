import { pipeline, Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { dataViewPaths, devicePublicPaths, vehicleEventKinds, vehicleEventPath } from '@parking/contract';
import type { Database, ReadRoute } from '../db/client.js';
import type { JobObserver } from '../shared/job-runner.js';

/**
 * Prometheus figures of one app, in a registry of its own (never prom-client's global one, so tests
 * and several apps in one process do not mix their counts). They are read on METRICS_PORT
 * (plugins/metrics-server.ts), never on the API's port.
 */
export const createMetricsRegistry = () => {
  const registry = new Registry();
  // process RSS, CPU, heap, event-loop lag, GC
  collectDefaultMetrics({ register: registry });
  return registry;
};

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The routes devices report events through, and the kind of event each takes. */
const eventRoutes = new Map<string, (body: unknown) => string>([
  [
    vehicleEventPath,
    (body) => {
      const kind = (body as { kind?: unknown } | undefined)?.kind;
      // what a device sent before validation: only the kinds the contract knows become a label
      return (vehicleEventKinds as readonly unknown[]).includes(kind) ? String(kind) : 'unknown';
    },
  ],
  [devicePublicPaths.heartbeat, () => 'heartbeat'],
]);

/** A request's route as a label: its pattern (`/api/x/:id`), never the raw URL, whose ids would make a series each. */
export const routeLabel = (request: FastifyRequest) => (request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched'));

const outcomeOf = (status: number) => (status < 400 ? 'accepted' : status < 500 ? 'refused' : 'failed');

const parkingMetricsOf = new WeakMap<Registry, ReturnType<typeof newParkingMetrics>>();

const newParkingMetrics = (registry: Registry) => {
  const registers = [registry];
  return {
    requests: new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route pattern and status', labelNames: ['method', 'route', 'status'], registers }),
    duration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'time from request to the last byte of the answer, by route pattern',
      labelNames: ['method', 'route'],
      // exports of many rows take up to a minute
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    }),
    events: new Counter({
      name: 'parking_events_total',
      help: 'device events (vehicle events, heartbeats) by kind: accepted (2xx), refused (4xx) or failed (5xx)',
      labelNames: ['route', 'kind', 'outcome'],
      registers,
    }),
    exportBytes: new Counter({ name: 'parking_export_bytes_total', help: 'bytes of xlsx exports sent, by route pattern', labelNames: ['route'], registers }),
    screenStreams: new Gauge({ name: 'parking_screen_streams_open', help: 'big screens holding the live-event stream open', registers }),
    jobRuns: new Counter({ name: 'parking_job_runs_total', help: 'scheduled job passes this process ran, by job and outcome (done or failed)', labelNames: ['job', 'outcome'], registers }),
    jobSeconds: new Histogram({
      name: 'parking_job_run_seconds',
      help: 'how long a scheduled job pass took, by job',
      labelNames: ['job'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 1800],
      registers,
    }),
    jobFailures: new Counter({
      name: 'parking_job_failures_total',
      help: 'scheduled job passes that failed, and due turns that could not be taken (database unreachable), by job',
      labelNames: ['job'],
      registers,
    }),
    database: new Gauge({ name: 'parking_database_info', help: 'the database the app runs on: pglite (embedded, one connection) or postgres', labelNames: ['kind'], registers }),
  };
};

/** The product's own figures in `registry`, made once however often asked. */
export const parkingMetrics = (registry: Registry) => {
  let metrics = parkingMetricsOf.get(registry);
  if (!metrics) {
    metrics = newParkingMetrics(registry);
    parkingMetricsOf.set(registry, metrics);
  }
  return metrics;
};

/** Counts the bytes of a streamed answer as they go out; an error or an early close on either side ends both. */
const countedStream = (source: Readable, count: (bytes: number) => void) => {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      count(chunk.length);
      callback(null, chunk);
    },
  });
  pipeline(source, counter, () => undefined);
  return counter;
};

const isStream = (payload: unknown): payload is Readable => typeof (payload as { pipe?: unknown } | null)?.pipe === 'function';

/**
 * The PostgreSQL pool's connections as gauges read at each scrape, and how long each checkout holds a
 * connection (one query, or a request's whole transaction).
 */
export const watchDatabasePool = (registry: Registry, pool: pg.Pool) => {
  const registers = [registry];
  new Gauge({
    name: 'db_pool_connections',
    help: 'connections of the PostgreSQL pool: in_use (checked out) or idle',
    labelNames: ['state'],
    registers,
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
    },
  });
  new Gauge({
    name: 'db_pool_waiting',
    help: 'queries and transactions waiting for a free pool connection',
    registers,
    collect() {
      this.set(pool.waitingCount);
    },
  });
  new Gauge({
    name: 'db_pool_max',
    help: 'the most connections the pool opens',
    registers,
    collect() {
      this.set(pool.options.max);
    },
  });
  const held = new Histogram({
    name: 'db_pool_checkout_seconds',
    help: 'how long a pool connection was held, from checkout to release',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 60],
    registers,
  });
  const checkedOut = new WeakMap<pg.PoolClient, () => number>();
  pool.on('acquire', (client) => checkedOut.set(client, held.startTimer()));
  pool.on('release', (_error, client) => {
    checkedOut.get(client)?.();
    checkedOut.delete(client);
  });
};

const replicaStates = ['up', 'down', 'lagging'] as const;

/**
 * With DATABASE_REPLICA_URL: which state the read replica was last seen in, 1 for that state and 0
 * for the others, so an alert can ask for the replica being skipped (its reads on the primary).
 */
export const watchReplica = (registry: Registry, state: () => (typeof replicaStates)[number]) => {
  new Gauge({
    name: 'db_replica_state',
    help: 'the read replica as last checked: up (serving the replica-safe reads), down or lagging (those reads go to the primary)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const now = state();
      for (const each of replicaStates) this.set({ state: each }, each === now ? 1 : 0);
    },
  });
};

/**
 * With DATABASE_REPLICA_URL: the replica-safe reads by where they went and why (db/replica.ts), read
 * from the replica side's own tally at each scrape.
 */
export const watchReplicaReads = (registry: Registry, routed: () => Readonly<Record<ReadRoute, number>>) => {
  const told = new Map<string, number>();
  new Counter({
    name: 'db_replica_reads_total',
    help: 'replica-safe reads by where they ran: served_by="replica", or "primary" with the reason (sticky after a write, down, lagging, unreachable, retried after a failure midway)',
    labelNames: ['served_by', 'reason'],
    registers: [registry],
    collect() {
      for (const [reason, count] of Object.entries(routed())) {
        const added = count - (told.get(reason) ?? 0);
        told.set(reason, count);
        const labels = reason === 'replica' ? { served_by: 'replica', reason: 'replica' } : { served_by: 'primary', reason };
        // zero too, so each series exists from the first scrape
        this.inc(labels, added);
      }
    },
  });
};

/** The pg pool behind the app's drizzle database, when it runs on PostgreSQL. */
const poolOf = (database: Pick<Database, 'db'>) => {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
};

/**
 * Hooks on `app` that count every request by route pattern, the devices' events accepted and
 * refused, the bytes of xlsx exports and the open screen streams; and, with `database`, its pool.
 * Called on the root instance before the app's routes are registered, so their contexts inherit the hooks.
 */
export const installMetrics = (app: FastifyInstance, registry: Registry, options: { database?: Pick<Database, 'db' | 'kind' | 'reads'> } = {}) => {
  const metrics = parkingMetrics(registry);
  if (options.database) {
    metrics.database.set({ kind: options.database.kind }, 1);
    const pool = poolOf(options.database);
    if (pool) watchDatabasePool(registry, pool);
    const replicaState = options.database.reads?.state;
    if (replicaState) watchReplica(registry, replicaState);
    const routed = options.database.reads?.routed;
    if (routed) watchReplicaReads(registry, routed);
  }

  app.addHook('onRequest', (request, reply, done) => {
    // a screen's stream is answered in its handler and stays open until one side closes it
    if (!request.is404 && request.routeOptions.url === dataViewPaths.events) {
      metrics.screenStreams.inc();
      reply.raw.once('close', () => metrics.screenStreams.dec());
    }
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith(xlsxType)) return done(null, payload);
    const route = routeLabel(request);
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      metrics.exportBytes.inc({ route }, Buffer.byteLength(payload));
      return done(null, payload);
    }
    // a streamed export has no Content-Length: its bytes are counted as they pass
    if (isStream(payload))
      return done(
        null,
        countedStream(payload, (bytes) => metrics.exportBytes.inc({ route }, bytes)),
      );
    done(null, payload);
  });

  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const route = routeLabel(request);
    const status = reply.statusCode;
    metrics.requests.inc({ method: request.method, route, status: String(status) });
    metrics.duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    const kindOf = eventRoutes.get(route);
    if (kindOf) metrics.events.inc({ route, kind: kindOf(request.body), outcome: outcomeOf(status) });
    done();
  });
};

/** What the scheduled jobs' runner tells of each pass (shared/job-runner.ts), as figures by job. */
export const jobMetrics = (registry: Registry): JobObserver => {
  const { jobRuns, jobSeconds, jobFailures } = parkingMetrics(registry);
  return {
    ran: (job, outcome, seconds) => {
      jobRuns.inc({ job, outcome });
      jobSeconds.observe({ job }, seconds);
      if (outcome === 'failed') jobFailures.inc({ job });
    },
    missed: (job) => jobFailures.inc({ job }),
  };
};
