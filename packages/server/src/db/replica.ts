import pg from 'pg';
import type { Database, Db, ReadRoute, ReadSide } from './client.js';
import { sharedStickyWriters, stickyWriters, type StickyStore } from './replica-sticky.js';
import { errorCauses, hasSqlState, sqlState } from './sql-error.js';
import { assertTenantId, tenantTransactionOn, withTenant, type HeldConnection } from './tenant-scope.js';

/** Lines an operator should see when reads leave or come back to the replica. */
export interface ReplicaLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

export interface ReplicaOptions {
  /** DATABASE_REPLICA_URL */
  url: string;
  /** how long after a write a user's reads stay on the primary (REPLICA_STICKY_MS) */
  stickyMs?: number;
  /** a replica further behind than this, while the primary has WAL it has not replayed, is skipped */
  maxLagMs?: number;
  /** the replica is looked at no more often than this, on the clock of the readers */
  checkEveryMs?: number;
  log?: ReplicaLog;
  /** Redis (REDIS_URL): who wrote lately is known to every process, not only the one they wrote through */
  shared?: StickyStore;
}

/** No replica (and always on PGlite): reads are the primary's, the same transaction every request runs. */
export const primaryReads = (primary: Db): ReadSide => ({
  kind: 'primary',
  wrote: () => undefined,
  withTenant: (tenantId, _reader, work) => withTenant(primary, tenantId, work),
  close: async () => undefined,
});

export type ReplicaState = 'up' | 'down' | 'lagging';

/**
 * The replica is lagging when the primary has WAL it has not replayed and the last transaction it
 * replayed is older than `maxLagMs` (or it has replayed none since it started). A replica that is
 * behind by moments under load, or idle with nothing to replay, is up.
 */
export const replicaVerdict = (probe: { behindBytes: number; replayAgeMs: number | null; maxLagMs: number }): ReplicaState =>
  probe.behindBytes > 0 && (probe.replayAgeMs === null || probe.replayAgeMs > probe.maxLagMs) ? 'lagging' : 'up';

const connectionCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const connectionMessages = /connection terminated|timeout exceeded when trying to connect|not queryable|connection timeout/i;

/** The connection to the server is gone (stopped, restarted, unreachable): SQLSTATE class 08, 57P01–57P03, or a socket error. */
export const isConnectionLoss = (error: unknown) =>
  errorCauses(error).some((cause) => {
    const code = sqlState(cause);
    if (typeof code === 'string' && (connectionCodes.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))) return true;
    return cause instanceof Error && connectionMessages.test(cause.message);
  });

/** A standby cancelled the query because replaying the primary's WAL needed what it held (40001, 40P01). */
const isRecoveryConflict = (error: unknown) => hasSqlState(error, '40001', '40P01');

/** The work tried to write (25006 read_only_sql_transaction): its route should not have been marked replica-safe. */
const isWriteAttempt = (error: unknown) => hasSqlState(error, '25006');

/**
 * Reads on a streaming replica, the primary standing in whenever the replica cannot serve.
 * A request is never failed because of the replica: a connection that cannot be had, a transaction
 * that cannot begin, or a connection lost before anything was sent, and the same work runs on the
 * primary. Whether the replica is up or lagging is looked at in the background, at most every
 * `checkEveryMs`, and each change is logged once.
 *
 * A long export on a hot standby can be cancelled when replay needs the rows it reads
 * (max_standby_streaming_delay, 30 s by default); before its first bytes it is run again on the
 * primary, after them the download breaks off as any failed export does.
 */
export const replicaReads = (primary: Database, options: ReplicaOptions): ReadSide => {
  const { stickyMs = 5_000, maxLagMs = 30_000, checkEveryMs = 5_000, log } = options;
  // fails fast when the replica is unreachable, so a read waits on it at most this long before the primary
  // (keepAlive: a replica whose host vanished is noticed by the socket, not only by the next query)
  const pool = new pg.Pool({ connectionString: options.url, max: 10, connectionTimeoutMillis: 2_000, keepAlive: true });
  // an idle connection the replica dropped must not crash the process; the next read finds it down
  pool.on('error', (error) => log?.warn({ err: error }, 'an idle read replica connection was closed by the server'));
  const writers = options.shared
    ? sharedStickyWriters(stickyWriters(stickyMs), options.shared, stickyMs, (error) => log?.warn({ err: error }, 'Redis did not answer about recent writers: this read goes to the primary'))
    : stickyWriters(stickyMs);

  let state: ReplicaState = 'up';
  let nextCheckAt = Number.NEGATIVE_INFINITY;
  let checking = false;
  const become = (next: ReplicaState, fields: object = {}) => {
    if (next === state) return;
    state = next;
    if (next === 'up') log?.info(fields, 'read replica serves reads again');
    else log?.warn(fields, next === 'down' ? 'read replica unreachable: reads go to the primary' : 'read replica lags: reads go to the primary');
  };

  const check = async () => {
    try {
      const [replica] = (
        await pool.query<{ standby: boolean; replayed: string | null; age: number | null }>(
          `SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replayed,
                  (extract(epoch FROM now() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS age`,
        )
      ).rows;
      // a server that is not (or no longer) a standby has nothing to replay
      if (!replica?.standby || replica.replayed === null) return become('up');
      const replayed = replica.replayed;
      const [primaryAt] = await primary.transaction((session) => session.query<{ behind: number }>('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::float8 AS behind', [replayed]));
      const behindBytes = Number(primaryAt?.behind ?? 0);
      become(replicaVerdict({ behindBytes, replayAgeMs: replica.age, maxLagMs }), { behindBytes, replayAgeMs: replica.age });
    } catch (error) {
      become('down', { err: error });
    }
  };
  const maybeCheck = (at: number) => {
    if (checking || at < nextCheckAt) return;
    checking = true;
    nextCheckAt = at + checkEveryMs;
    // a check that hangs (a replica that stopped answering mid-query) counts as down and lets the next one run
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        become('down', { reason: 'the replica did not answer the check within 10 s' });
        resolve();
      }, 10_000);
      timer.unref();
    });
    void Promise.race([check(), hung]).finally(() => {
      clearTimeout(timer);
      checking = false;
    });
  };

  const routed: Record<ReadRoute, number> = { replica: 0, sticky: 0, down: 0, lagging: 0, unreachable: 0, retried: 0 };
  const onPrimary = <T>(why: Exclude<ReadRoute, 'replica'>, tenantId: string, work: (tx: Db) => Promise<T>) => {
    routed[why]++;
    return withTenant(primary.db, tenantId, work);
  };
  const failed = (error: unknown, at: number) => {
    become('down', { err: error });
    // looked at again only after the interval: until then every read goes straight to the primary
    nextCheckAt = at + checkEveryMs;
  };

  return {
    kind: 'replica',
    state: () => state,
    routed: () => ({ ...routed }),
    wrote: (userId, at) => writers.wrote(userId, at),
    withTenant: async (tenantId, reader, work) => {
      // refused before any connection: a bad id is the caller's mistake, never the replica's
      assertTenantId(tenantId);
      maybeCheck(reader.at);
      if (state !== 'up') return onPrimary(state, tenantId, work);
      if (await writers.holds(reader.userId, reader.at)) return onPrimary('sticky', tenantId, work);
      let held: HeldConnection;
      try {
        held = { client: await pool.connect() };
      } catch (error) {
        failed(error, reader.at);
        return onPrimary('unreachable', tenantId, work);
      }
      let started = false;
      let done: { answer: Awaited<ReturnType<typeof work>> } | undefined;
      let lost: Error | undefined;
      try {
        // the same transaction as the primary's (BEGIN READ ONLY with the role and tenant in one round trip), on the replica's connection
        const answer = await tenantTransactionOn(
          held,
          primary.db,
          tenantId,
          async (tx) => {
            started = true;
            done = { answer: await work(tx) };
            return done.answer;
          },
          { readOnly: true },
        );
        routed.replica++;
        return answer;
      } catch (error) {
        if (isConnectionLoss(error)) {
          lost = error as Error;
          failed(error, reader.at);
        }
        // the work had finished (an export may be sent already): a read-only transaction has nothing to commit
        if (done) {
          routed.replica++;
          return done.answer;
        }
        const wrote = isWriteAttempt(error);
        // a mistake of ours, not the replica's: the request still succeeds, and the log names it
        if (wrote) log?.warn({ err: error }, 'a replica-safe read tried to write: it ran on the primary instead; its route should not be marked replicaSafe');
        const again = !started || ((lost !== undefined || wrote || isRecoveryConflict(error)) && (reader.retryable?.() ?? true));
        if (!again) throw error;
        if (!lost && !started) failed(error, reader.at);
      } finally {
        // a connection that broke, or could not roll back, is dropped from the pool, not handed to the next read
        held.client.release(lost ?? held.unusable);
      }
      return onPrimary('retried', tenantId, work);
    },
    close: () => pool.end(),
  };
};

/**
 * The primary `database` with its streaming replica as the read side. The replica is not probed
 * here: one that is down at start only sends reads to the primary until it is up.
 */
export const withReplica = (database: Database, options: ReplicaOptions): Database => {
  if (database.kind !== 'postgres') throw new Error('DATABASE_REPLICA_URL needs DATABASE_URL: the embedded database has no replica');
  const reads = replicaReads(database, options);
  return {
    ...database,
    reads,
    close: async () => {
      await reads.close();
      await database.close();
    },
  };
};
