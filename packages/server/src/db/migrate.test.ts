import { count } from 'drizzle-orm';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.js';
import type { Database } from './client.js';
import { migrate, migrationsDir } from './migrate.js';

const migrationFiles = readdirSync(migrationsDir)
  .filter((f) => f.endsWith('.sql'))
  .sort();
import { menus, tenants, users } from './schema/index.js';
import { seedDemoData } from './seed/seed.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('migrations and the first-run seed', () => {
  it('applies each migration once, even when two starters race', async () => {
    const [a, b] = await Promise.all([migrate(database), migrate(database)]);
    expect([...a.applied, ...b.applied]).toEqual(migrationFiles);
    const again = await migrate(database);
    expect(again.applied).toEqual([]);
    expect(again.alreadyApplied).toBe(migrationFiles.length);
  });

  it('seeds the demo tenants once, whatever the number of starters', async () => {
    const results = await Promise.all([seedDemoData(database.db), seedDemoData(database.db)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await seedDemoData(database.db)).toBe(false);
    const [tenantCount] = await database.db.select({ n: count() }).from(tenants);
    const [userCount] = await database.db.select({ n: count() }).from(users);
    const [menuCount] = await database.db.select({ n: count() }).from(menus);
    expect(Number(tenantCount!.n)).toBe(2);
    expect(Number(userCount!.n)).toBe(3);
    // 8 folders and 42 pages per tenant
    expect(Number(menuCount!.n)).toBe(2 * (8 + 42));
  });
});
