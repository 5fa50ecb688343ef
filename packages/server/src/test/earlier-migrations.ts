import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsDir } from '../db/migrate.js';

/**
 * Migrations that today's demo seed needs at any level: they add columns to tables the seed writes
 * through today's schema (tenants). Tests that seed a database at an earlier level apply these early;
 * the later full migrate finds them applied and goes on. Where a test needs the data of the level
 * itself, made by that level's own code, db/upgrade.test.ts has fixtures.
 */
const seedNeeds = ['0049_tenant_retention.sql', '0052_menus_offered.sql'];

/** A folder of today's migrations before `target` (a file name), plus those today's seed needs. */
export const earlierMigrations = (target: string) => {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
  for (const file of readdirSync(migrationsDir).filter((f) => f.endsWith('.sql') && (f < target || seedNeeds.includes(f)))) copyFileSync(join(migrationsDir, file), join(folder, file));
  return folder;
};
