import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import * as schema from './schema/index.js';
// timestamps read back with their own year, 0001 included (drizzle's reading made it 2001)
import './timestamp-text.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Plain SQL access for the migrator: both drivers run multi-statement text without parameters. */
export interface SqlSession {
  exec(sql: string): Promise<void>;
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

/**
 * A connection of the caller's own, outside the pool, for what belongs to one session (session
 * advisory locks). `onDrop` hears once that it closed or failed; a dropped session is not reopened.
 */
export interface DedicatedSession {
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
  onDrop(listener: (error?: Error) => void): void;
  end(): Promise<void>;
}

/**
 * Where the reads a route marks replica-safe go (`routeOf`'s `replicaSafe` option). db/replica.ts makes
 * both kinds: the primary itself, and a streaming replica that falls back to the primary.
 */
export interface ReadSide {
  readonly kind: 'primary' | 'replica';
  /** the user wrote (a non-GET request answered 2xx): their reads stay on the primary a while */
  wrote(userId: string, at: number): void | Promise<void>;
  /** `work` in one transaction scoped to the tenant, as tenant-scope.ts `withTenant`; read-only on a replica */
  withTenant<T>(tenantId: string, reader: Reader, work: (tx: Db) => Promise<T>): Promise<T>;
  /** a replica's state as last seen: `up` serves reads; `down` or `lagging` sends them to the primary */
  state?: () => 'up' | 'down' | 'lagging';
  /** how many replica-safe reads went where, and why, since the app started (the metrics' db_replica_reads_total) */
  routed?: () => Readonly<Record<ReadRoute, number>>;
  close(): Promise<void>;
}

/**
 * Where a replica-safe read went: `replica`, or the primary because the user wrote lately (`sticky`),
 * the replica was known `down` or `lagging`, could not be connected to (`unreachable`), or failed
 * the read midway so it ran again (`retried`).
 */
export type ReadRoute = 'replica' | 'sticky' | 'down' | 'lagging' | 'unreachable' | 'retried';

export interface Reader {
  userId: string;
  /** now, in milliseconds of the app's clock: stickiness and how often the replica is checked go by it */
  at: number;
  /** whether `work` may run again on the primary after the replica failed midway (nothing sent yet) */
  retryable?: () => boolean;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * A streaming replica for replica-safe reads (db/replica.ts `withReplica`, DATABASE_REPLICA_URL).
   * Without one those reads are the primary's, the same transaction as every other request.
   */
  reads?: ReadSide;
  /** runs `work` in one transaction on one connection */
  transaction<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  /**
   * Hands `onPayload` each NOTIFY on `channel` once its transaction commits, until the answered
   * function is called. On PostgreSQL this holds a connection of its own, opened again after a
   * second when it drops (what was notified meanwhile is lost).
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** a session of its own: on PostgreSQL a new connection; on PGlite the one connection there is */
  openSession(): Promise<DedicatedSession>;
  close(): Promise<void>;
}

/** A channel name as LISTEN takes it: quoted, so only our own plain names are let through. */
const quotedChannel = (channel: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  return `"${channel}"`;
};

/**
 * PGlite in `dataDir`, or in memory without one; an in-memory one may start from a dumped data
 * directory (`loadDataDir`), as the tests start from their migrated template.
 */
export const openPglite = async (dataDir: string | undefined, who = 'server', options: { loadDataDir?: Blob } = {}): Promise<Database> => {
  let client: PGlite;
  let lock: { release: () => void } | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    // one process at a time on a data directory (data-dir-lock.ts)
    lock = lockDataDir(dataDir, who);
    try {
      client = await PGlite.create(join(dataDir, 'pglite'));
    } catch (error) {
      lock.release();
      throw error;
    }
  } else {
    client = await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  }
  return {
    db: drizzlePglite({ client, schema }) as unknown as Db,
    kind: 'pglite',
    transaction: (work) =>
      client.transaction((tx) =>
        work({
          exec: async (text) => {
            await tx.exec(text);
          },
          query: async <Row>(text: string, params?: unknown[]) => (await tx.query<Row>(text, params)).rows,
        }),
      ),
    listen: (channel, onPayload) => client.listen(quotedChannel(channel), onPayload),
    openSession: async () => ({
      query: async <Row>(text: string, params?: unknown[]) => (await client.query<Row>(text, params)).rows,
      onDrop: () => undefined,
      end: async () => undefined,
    }),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
};

/**
 * A connection of its own LISTENing on `channel`, opened again a second after it drops or fails to
 * open, until stopped. It never throws: a listener that cannot connect keeps trying.
 */
const listenOnPostgres = async (connectionString: string, channel: string, onPayload: (payload: string) => void, onError: (error: Error) => void) => {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const open = async () => {
    const next = new pg.Client({ connectionString });
    client = next;
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (error && !stopped) onError(error);
      if (client === next) client = undefined;
      void next.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void open(), 1_000);
    };
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', drop);
    next.on('end', () => drop());
    try {
      await next.connect();
      await next.query(`LISTEN ${quotedChannel(channel)}`);
    } catch (error) {
      drop(error as Error);
    }
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
};

const openPostgresSession = async (connectionString: string): Promise<DedicatedSession> => {
  const client = new pg.Client({ connectionString });
  const listeners: ((error?: Error) => void)[] = [];
  let dropped = false;
  const drop = (error?: Error) => {
    if (dropped) return;
    dropped = true;
    for (const listener of listeners) listener(error);
  };
  // a server that ends the session (restart, pg_terminate_backend) must not crash the process
  client.on('error', drop);
  client.on('end', () => drop());
  await client.connect();
  // one query at a time: pg deprecates queueing on a client, and several jobs share this one
  let last: Promise<unknown> = Promise.resolve();
  return {
    query: <Row>(text: string, params?: unknown[]) => {
      const result = last.then(() => client.query(text, params)).then((answer) => answer.rows as Row[]);
      last = result.catch(() => undefined);
      return result;
    },
    onDrop: (listener) => {
      listeners.push(listener);
    },
    end: () => client.end().catch(() => undefined),
  };
};

/** how the server's connections name themselves to PostgreSQL (pg_stat_activity): a restore refuses a database they use */
export const serverApplicationName = 'parking-server';

export const openPostgres = async (connectionString: string, onIdleError: (error: Error) => void = () => {}): Promise<Database> => {
  const pool = new pg.Pool({ connectionString, max: 10, application_name: serverApplicationName });
  // an idle connection dropped by the server (restart, failover) must not crash the process
  pool.on('error', onIdleError);
  // fail fast with a clear message when the server is unreachable
  const probe = await pool.connect();
  probe.release();
  return {
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    kind: 'postgres',
    transaction: async (work) => {
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        const result = await work({
          exec: async (text) => {
            await conn.query(text);
          },
          query: async <Row>(text: string, params?: unknown[]) => (await conn.query(text, params)).rows as Row[],
        });
        await conn.query('COMMIT');
        return result;
      } catch (error) {
        await conn.query('ROLLBACK');
        throw error;
      } finally {
        conn.release();
      }
    },
    listen: (channel, onPayload) => listenOnPostgres(connectionString, channel, onPayload, onIdleError),
    openSession: () => openPostgresSession(connectionString),
    close: () => pool.end(),
  };
};

export const openDatabase = (options: { databaseUrl?: string | undefined; dataDir?: string | undefined; onIdleError?: (error: Error) => void }) =>
  options.databaseUrl ? openPostgres(options.databaseUrl, options.onIdleError) : openPglite(options.dataDir);
