import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Database } from './client.js';

/** The same folder from src/db and dist/db: migrations ship as SQL beside the source. */
export const migrationsDir = resolve(import.meta.dirname, '../../src/db/migrations');

/** Any constant shared by every process of this product; it keys the migration lock. */
const migrationLockKey = 7_310_422_913;

export interface MigrationReport {
  applied: string[];
  alreadyApplied: number;
}

/**
 * Applies pending migrations in one transaction under an advisory lock, so two processes starting
 * together serialise: the second waits, then finds nothing left to do.
 */
export const migrate = (database: Database, dir = migrationsDir): Promise<MigrationReport> =>
  database.transaction(async (session) => {
    await session.query('SELECT pg_advisory_xact_lock($1)', [migrationLockKey]);
    await session.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set((await session.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name));
    const files = readdirSync(dir)
      .filter((name) => name.endsWith('.sql'))
      .sort();
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await session.exec(readFileSync(resolve(dir, file), 'utf8'));
      await session.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    return { applied, alreadyApplied: done.size };
  });
