import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.js';
import { openPostgres, type Database } from './client.js';
import { readdirSync } from 'node:fs';
import { migrate, migrationsDir } from './migrate.js';

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

const currentDatabaseUrl = async (database: Database) => {
  const rows = await database.transaction((s) => s.query<{ name: string }>('SELECT current_database() AS name'));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
};
