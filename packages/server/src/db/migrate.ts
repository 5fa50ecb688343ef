import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import type { Database, DedicatedSession, SqlSession } from './client.js';
import { hasSqlState } from './sql-error.js';

/** The same folder from src/db and dist/db: migrations ship as SQL beside the source. */
export const migrationsDir = resolve(import.meta.dirname, '../../src/db/migrations');

/** Any constant shared by every process of this product; it keys the migration lock. */
const migrationLockKey = 7_310_422_913;
const lockPollMs = 100;

/**
 * A migration whose header holds this line runs outside a transaction on PostgreSQL, one statement
 * at a time (`--> statement-breakpoint` between them), so it may build an index CONCURRENTLY.
 */
export const noTransactionDirective = '-- migrate: no-transaction';

/**
 * How a migration in a transaction of its own (PostgreSQL) meets the live writes. It takes its locks
 * one table after another while the writers take theirs in their own order, so the two can deadlock;
 * and a lock it waits for behind a long transaction makes every writer of that table wait behind it.
 * So each lock is waited for `lockTimeoutMs` at most, and a migration that gave up a lock or lost a
 * deadlock is rolled back and run again, up to `attempts` times, a little later each time.
 */
export interface MigrateOptions {
  lockTimeoutMs?: number;
  attempts?: number;
  /** told of each attempt given up; the next waits for it */
  onRetry?: (name: string, attempt: number, error: unknown) => void | Promise<void>;
}

const lockGivenUp = ['40P01', '55P03'];

export interface MigrationReport {
  applied: string[];
  alreadyApplied: number;
}

export interface MigrationFile {
  name: string;
  sql: string;
  noTransaction: boolean;
}

/** The leading comment lines of a migration, where its directives and its `-- locks:` line live. */
export const migrationHeader = (sql: string) => {
  const header: string[] = [];
  for (const line of sql.split('\n')) {
    if (!line.startsWith('--') || line.startsWith('-->')) break;
    header.push(line.trimEnd());
  }
  return header;
};

export const readMigrations = (dir = migrationsDir): MigrationFile[] =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => {
      const sql = readFileSync(resolve(dir, name), 'utf8');
      return { name, sql, noTransaction: migrationHeader(sql).includes(noTransactionDirective) };
    });

/** Statements of a migration as drizzle-kit separates them, without the empty ones. */
export const migrationStatements = (sql: string) =>
  sql
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => statement.split('\n').some((line) => line.trim() !== '' && !line.trim().startsWith('--')));

/**
 * The statements of a migration without its comments or blank lines: what a database that applied it
 * ran. A released migration keeps this hash for good (migrate-rules.test.ts; scripts/upgrade-fixture.mjs
 * records it for each release); its comments may change.
 */
export const statementsHash = (sql: string) =>
  createHash('sha256')
    .update(
      sql
        .split('\n')
        .map((line) => line.trimEnd())
        .filter((line) => line !== '' && !(line.trimStart().startsWith('--') && !line.trimStart().startsWith('-->')))
        .join('\n'),
    )
    .digest('hex');

/**
 * Applies pending migrations under an advisory lock, so two processes starting together serialise:
 * the second waits, then finds nothing left to do. Without a no-transaction migration in the folder
 * every pending one is applied in one transaction; with one (PostgreSQL), the lock is a session's
 * and every other migration goes in a transaction of its own, so that one's locks are not held
 * through the next (a check added NOT VALID, then validated while writes go on).
 */
export const migrate = async (database: Database, dir = migrationsDir, options: MigrateOptions = {}): Promise<MigrationReport> => {
  const files = readMigrations(dir);
  if (database.kind === 'postgres' && files.some((file) => file.noTransaction)) return migrateInSteps(database, files, options);
  return database.transaction(async (session) => {
    await session.query('SELECT pg_advisory_xact_lock($1)', [migrationLockKey]);
    const done = await appliedNames(session, files);
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file.name)) continue;
      // PGlite has one connection, so nothing waits on the build: the index is built plainly, in the transaction
      await session.exec(file.noTransaction ? file.sql.replace(/\s+CONCURRENTLY\b/gi, '') : file.sql);
      await session.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file.name]);
      applied.push(file.name);
    }
    return { applied, alreadyApplied: done.size };
  });
};

const appliedNames = async (session: Pick<SqlSession, 'query'>, files: MigrationFile[]) => {
  await session.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const done = new Set((await session.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name));
  const known = new Set(files.map((file) => file.name));
  const unknown = [...done].filter((name) => !known.has(name)).sort();
  // forward-only: a database a newer build migrated, or a migration renamed or removed, is not ours to run on
  if (unknown.length > 0)
    throw new Error(
      `the database has migrations this build does not ship (${unknown.join(', ')}): a newer build migrated it, or a migration file was renamed or removed. Migrations only go forward: run a build that ships them`,
    );
  return done;
};

const migrateInSteps = async (database: Database, files: MigrationFile[], { lockTimeoutMs = 5_000, attempts = 30, onRetry }: MigrateOptions): Promise<MigrationReport> => {
  const lock = await database.openSession();
  try {
    // polled, not waited for in a statement: a waiting statement holds a snapshot, which a concurrent
    // index build waits for in turn, and the two would deadlock
    while (!(await lock.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [migrationLockKey]))[0]!.locked) await setTimeout(lockPollMs);
    const done = await appliedNames(lock, files);
    const pending = files.filter((file) => !done.has(file.name));
    const applied: string[] = [];
    for (const file of pending) {
      if (file.noTransaction) {
        await applyOutsideTransaction(lock, file);
        // recorded only once every statement succeeded; a failure midway is run again from the start
        await lock.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file.name]);
      } else {
        // each in a transaction of its own, recorded in it: the locks one takes (a check added NOT
        // VALID) are let go before the next runs (the check validated while the table is written on)
        for (let attempt = 1; ; attempt += 1) {
          try {
            await database.transaction(async (session) => {
              await session.exec(`SET LOCAL lock_timeout = ${Math.round(lockTimeoutMs)}`);
              await session.exec(file.sql);
              await session.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file.name]);
            });
            break;
          } catch (error) {
            if (attempt >= attempts || !hasSqlState(error, ...lockGivenUp)) throw error;
            await onRetry?.(file.name, attempt, error);
            await setTimeout(Math.min(attempt * 200, 2_000));
          }
        }
      }
      applied.push(file.name);
    }
    return { applied, alreadyApplied: done.size };
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
    await lock.end();
  }
};

const concurrentIndex = /^CREATE\s+(?:UNIQUE\s+)?INDEX\s+CONCURRENTLY\s+IF\s+NOT\s+EXISTS\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/i;

/**
 * One statement at a time on the lock's own session. A concurrent build that failed (a crash, a
 * duplicate in a unique index) leaves its index behind invalid, which IF NOT EXISTS would keep: it
 * is dropped and built again.
 */
const applyOutsideTransaction = async (session: DedicatedSession, file: MigrationFile) => {
  for (const statement of migrationStatements(file.sql)) {
    const index = concurrentIndex.exec(statement.replace(/^(--.*\n)+/, ''))?.[1];
    if (index) {
      const invalid = await session.query(
        `SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE c.relname = $1 AND n.nspname = current_schema() AND NOT i.indisvalid`,
        [index],
      );
      if (invalid.length > 0) await session.query(`DROP INDEX CONCURRENTLY IF EXISTS "${index}"`);
    }
    await session.query(statement);
  }
};
