import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.js';
import { openPostgres, type Database } from './client.js';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, migrationsDir } from './migrate.js';
import { hasSqlState } from './sql-error.js';

// runs only in the server:postgres project (vitest.config.ts), where TEST_DATABASE_URL is set
describe('migrations on a PostgreSQL server', () => {
  it('serialises two separate processes (pools) migrating one database', async () => {
    const fresh = await createTestDatabase();
    // a second, independent pool to the same database stands for a second process
    const other = await openPostgres(await currentDatabaseUrl(fresh));
    const [a, b] = await Promise.all([migrate(fresh), migrate(other)]);
    expect([...a.applied, ...b.applied]).toEqual(
      readdirSync(migrationsDir)
        .filter((f) => f.endsWith('.sql'))
        .sort(),
    );
    await other.close();
    await fresh.close();
  });
});

describe('a migration outside a transaction on a PostgreSQL server', () => {
  const lots = '-- locks: none\nCREATE TABLE lots (id int PRIMARY KEY, code text);';
  const codeIndex = '-- migrate: no-transaction\n-- locks: none (CONCURRENTLY)\nCREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "lots_code" ON "lots" ("code");';
  const folder = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return dir;
  };

  it('serialises two processes building an index concurrently, and each migration is applied once', async () => {
    const fresh = await createTestDatabase();
    const other = await openPostgres(await currentDatabaseUrl(fresh));
    const dir = folder({ '0000_lots.sql': lots, '0001_lots_code.sql': codeIndex, '0002_lots_name.sql': '-- locks: lots (ACCESS EXCLUSIVE, brief)\nALTER TABLE lots ADD COLUMN name text;' });
    try {
      const [a, b] = await Promise.all([migrate(fresh, dir), migrate(other, dir)]);
      expect([...a.applied, ...b.applied].sort()).toEqual(['0000_lots.sql', '0001_lots_code.sql', '0002_lots_name.sql']);
    } finally {
      await other.close();
      await fresh.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('applies each migration beside a no-transaction one in a transaction of its own: a check added NOT VALID is validated after its lock is let go', async () => {
    const fresh = await createTestDatabase();
    const watcher = await openPostgres(await currentDatabaseUrl(fresh));
    const addCheck = '-- locks: lots (ACCESS EXCLUSIVE, brief)\nALTER TABLE lots ADD CONSTRAINT lots_code_set CHECK (code IS NOT NULL) NOT VALID;';
    // the validation sees what locks its session holds on lots: only its own SHARE UPDATE EXCLUSIVE, not the check's ACCESS EXCLUSIVE
    const validate = `-- locks: lots (SHARE UPDATE EXCLUSIVE)
ALTER TABLE lots VALIDATE CONSTRAINT lots_code_set;--> statement-breakpoint
CREATE TABLE held AS SELECT mode FROM pg_locks WHERE pid = pg_backend_pid() AND relation = 'lots'::regclass;`;
    const dir = folder({
      '0000_lots.sql': lots,
      '0001_lots_code.sql': codeIndex,
      '0002_lots_code_set.sql': addCheck,
      '0003_lots_code_valid.sql': validate,
      '0004_broken.sql': '-- locks: none\nSELECT no_such_function();',
    });
    try {
      await expect(migrate(fresh, dir)).rejects.toThrow(/no_such_function/);
      const held = await watcher.transaction((s) => s.query<{ mode: string }>('SELECT mode FROM held ORDER BY mode'));
      expect(held.map((row) => row.mode)).not.toContain('AccessExclusiveLock');
      expect(held.map((row) => row.mode)).toContain('ShareUpdateExclusiveLock');
      // the ones before the failure stay applied; only the failed one is to run again
      const recorded = await watcher.transaction((s) => s.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name'));
      expect(recorded.map((row) => row.name)).toEqual(['0000_lots.sql', '0001_lots_code.sql', '0002_lots_code_set.sql', '0003_lots_code_valid.sql']);
    } finally {
      await watcher.close();
      await fresh.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('records it only once it succeeded, and builds again an index a failed build left invalid', async () => {
    const fresh = await createTestDatabase();
    const before = folder({ '0000_lots.sql': lots });
    const dir = folder({ '0000_lots.sql': lots, '0001_lots_code.sql': codeIndex });
    try {
      await migrate(fresh, before);
      // two lots with one code: the unique build fails and leaves its index behind, invalid
      await fresh.transaction((s) => s.query(`INSERT INTO lots (id, code) VALUES (1, 'A'), (2, 'A')`));
      await expect(migrate(fresh, dir)).rejects.toThrow(/could not create unique index/);
      const validity = () =>
        fresh.transaction((s) => s.query<{ valid: boolean }>(`SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = 'lots_code'`));
      expect(await validity()).toEqual([{ valid: false }]);
      const recorded = () => fresh.transaction((s) => s.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name'));
      expect(await recorded()).toEqual([{ name: '0000_lots.sql' }]);

      await fresh.transaction((s) => s.query(`UPDATE lots SET code = 'B' WHERE id = 2`));
      expect((await migrate(fresh, dir)).applied).toEqual(['0001_lots_code.sql']);
      expect(await validity()).toEqual([{ valid: true }]);
      expect(await recorded()).toEqual([{ name: '0000_lots.sql' }, { name: '0001_lots_code.sql' }]);
    } finally {
      await fresh.close();
      rmSync(before, { recursive: true, force: true });
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('a migration that meets a writer holding its table', () => {
    const addName = '-- locks: lots (ACCESS EXCLUSIVE, brief)\nALTER TABLE lots ADD COLUMN name text;';

    it('gives the lock up rather than make every writer wait behind it, and is run again once the writer is done', async () => {
      const fresh = await createTestDatabase();
      const dir = folder({ '0000_lots.sql': lots, '0001_lots_code.sql': codeIndex });
      const writer = await fresh.openSession();
      try {
        await migrate(fresh, dir);
        writeFileSync(join(dir, '0002_lots_name.sql'), addName);
        // a transaction of the live writers, still open, holding lots
        await writer.query('BEGIN');
        await writer.query('INSERT INTO lots (id, code) VALUES (1, $1)', ['A']);
        const retries: [string, number, boolean][] = [];
        const report = await migrate(fresh, dir, {
          lockTimeoutMs: 50,
          onRetry: async (name, attempt, error) => {
            retries.push([name, attempt, hasSqlState(error, '55P03')]);
            if (attempt === 2) await writer.query('COMMIT');
          },
        });
        expect(report.applied).toEqual(['0002_lots_name.sql']);
        expect(retries).toEqual([
          ['0002_lots_name.sql', 1, true],
          ['0002_lots_name.sql', 2, true],
        ]);
        const rows = await fresh.transaction((s) => s.query<{ id: number; name: string | null }>('SELECT id, name FROM lots'));
        expect(rows).toEqual([{ id: 1, name: null }]);
      } finally {
        await writer.end();
        await fresh.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('stops after its attempts with the lock it could not get, recording nothing', async () => {
      const fresh = await createTestDatabase();
      const dir = folder({ '0000_lots.sql': lots, '0001_lots_code.sql': codeIndex });
      const writer = await fresh.openSession();
      try {
        await migrate(fresh, dir);
        writeFileSync(join(dir, '0002_lots_name.sql'), addName);
        await writer.query('BEGIN');
        await writer.query('SELECT * FROM lots');
        let retried = 0;
        await expect(migrate(fresh, dir, { lockTimeoutMs: 20, attempts: 3, onRetry: () => (retried += 1) })).rejects.toThrow(/lock timeout/);
        expect(retried).toBe(2);
        await writer.query('COMMIT');
        const recorded = await fresh.transaction((s) => s.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name'));
        expect(recorded.map((row) => row.name)).toEqual(['0000_lots.sql', '0001_lots_code.sql']);
      } finally {
        await writer.end();
        await fresh.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});

const currentDatabaseUrl = async (database: Database) => {
  const rows = await database.transaction((s) => s.query<{ name: string }>('SELECT current_database() AS name'));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
};
