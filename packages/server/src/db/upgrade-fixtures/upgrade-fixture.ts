import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Database, SqlSession } from '../client.js';
import { migrate } from '../migrate.js';

/** Fixtures of released migration levels, made by scripts/upgrade-fixture.mjs. */
export const upgradeFixturesDir = import.meta.dirname;

/** A database at an earlier released level: that commit's migrations as they were then, and every table's rows. */
export interface UpgradeFixture {
  level: string;
  commit: string;
  subject: string;
  made: string;
  migrations: { name: string; sql: string }[];
  data: { table: string; columns: string[]; count: number; rows: string }[];
  sequences: { name: string; value: string }[];
}

export const upgradeFixtureFiles = () =>
  readdirSync(upgradeFixturesDir)
    .filter((name) => name.endsWith('.json.gz'))
    .sort();

export const readUpgradeFixture = (file: string) => JSON.parse(gunzipSync(readFileSync(resolve(upgradeFixturesDir, file))).toString('utf8')) as UpgradeFixture;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Makes `database` what the fixture's commit left: its migrations applied as it applied them, then
 * the rows as they were, with triggers and foreign-key checks off (the kept aggregates are rows of
 * their own, and tables load in any order).
 */
export const loadUpgradeFixture = async (database: Database, fixture: UpgradeFixture) => {
  const dir = mkdtempSync(join(tmpdir(), `upgrade-${fixture.level.slice(0, 4)}-`));
  try {
    for (const migration of fixture.migrations) writeFileSync(join(dir, migration.name), migration.sql);
    await migrate(database, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await database.transaction(async (session: SqlSession) => {
    await session.exec('SET LOCAL session_replication_role = replica');
    for (const { table, columns, rows } of fixture.data) {
      const list = columns.map(quoted).join(', ');
      await session.query(`INSERT INTO ${quoted(table)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(NULL::${quoted(table)}, $1::json)`, [rows]);
    }
    for (const { name, value } of fixture.sequences) await session.query('SELECT setval($1::regclass, $2::bigint)', [quoted(name), value]);
  });
};
