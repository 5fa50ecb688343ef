import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationHeader, migrationStatements, noTransactionDirective, readMigrations, statementsHash, type MigrationFile } from './migrate.js';
import { upgradeFixturesDir } from './upgrade-fixtures/upgrade-fixture.js';

/**
 * Migrations from this one on follow the rules below; the earlier ones are history, applied as they
 * are everywhere, whose `-- locks:` lines were written afterwards and whose statements stay as they were.
 */
const rulesFrom = '0049';

/** Tables that grow with traffic: locking one for the length of a scan or an index build stops the lots. */
export const bigTables = [
  'parking_records',
  'vehicle_events',
  'device_events',
  'device_nonces',
  'payments',
  'refunds',
  'gateway_orders',
  'sandbox_cashier_orders',
  'operation_logs',
  'system_messages',
  'order_warnings',
  'coupons',
  'group_card_uses',
  'merchant_ledger',
  'lane_commands',
  'recovery_records',
  'revenue_daily',
  'sessions',
  'login_attempts',
];

const code = (statement: string) =>
  statement
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n');

/** What a migration breaks of the rules, in words. */
export const ruleBreaches = (file: MigrationFile) => {
  const breaches: string[] = [];
  const header = migrationHeader(file.sql);
  const locks = header.find((line) => line.startsWith('-- locks:'));
  if (!locks) breaches.push('its header has no "-- locks:" line saying which big table it locks, and how long');
  for (const statement of migrationStatements(file.sql).map(code)) {
    for (const column of statement.matchAll(/ADD\s+COLUMN\s+(?:IF\s+NOT\s+EXISTS\s+)?("?\w+"?)([^,;]*)/gi)) {
      if (/NOT\s+NULL/i.test(column[2]!) && !/DEFAULT/i.test(column[2]!)) breaches.push(`adds the NOT NULL column ${column[1]} without a default (existing rows have none)`);
    }
    // ON ONLY a partitioned table builds nothing: the partitions' own indexes are attached to it
    const index = /CREATE\s+(?:UNIQUE\s+)?INDEX\s+(CONCURRENTLY\s+)?(IF\s+NOT\s+EXISTS\s+)?"?(\w+)"?\s+ON\s+(ONLY\s+)?(?:"?public"?\.)?"?(\w+)"?/i.exec(statement);
    if (index && !index[1] && !index[4] && bigTables.includes(index[5]!))
      breaches.push(`builds ${index[3]} on the big table ${index[5]} without CONCURRENTLY (writes wait until it is built)`);
    if (index?.[1] && !index[2]) breaches.push(`builds ${index[3]} CONCURRENTLY without IF NOT EXISTS (a build that failed midway could not run again)`);
    if (/\bCONCURRENTLY\b/i.test(statement) && !file.noTransaction) breaches.push(`uses CONCURRENTLY without "${noTransactionDirective}" (PostgreSQL refuses it in a transaction)`);
    if (file.noTransaction && !/^\s*(CREATE\s+(UNIQUE\s+)?INDEX|DROP\s+INDEX)\s+CONCURRENTLY\b/i.test(statement))
      breaches.push(`runs outside a transaction a statement that is not an index built or dropped CONCURRENTLY (put it in a migration of its own): ${statement.trim().slice(0, 60)}`);
    for (const altered of statement.matchAll(/ALTER\s+TABLE\s+(?:ONLY\s+)?(?:IF\s+EXISTS\s+)?(?:"?public"?\.)?"?(\w+)"?/gi)) {
      if (bigTables.includes(altered[1]!) && !locks?.includes(altered[1]!)) breaches.push(`alters the big table ${altered[1]} without naming it in its "-- locks:" line`);
    }
  }
  return breaches;
};

interface Released {
  through: string;
  migrations: Record<string, string>;
}

const sample = (sql: string, noTransaction = false): MigrationFile => ({ name: '9999_sample.sql', sql, noTransaction });

describe('each migration says what it locks, and from 0049 on locks no big table for long', () => {
  const files = readMigrations();

  it('every migration has a "-- locks:" line in its header', () => {
    expect(files.filter((file) => !migrationHeader(file.sql).some((line) => line.startsWith('-- locks:'))).map((file) => file.name)).toEqual([]);
  });

  it(`every migration from ${rulesFrom} on keeps the rules`, () => {
    const breaches = files.filter((file) => file.name >= rulesFrom).flatMap((file) => ruleBreaches(file).map((breach) => `${file.name}: ${breach}`));
    expect(breaches).toEqual([]);
  });

  it('the rules catch what they forbid', () => {
    expect(ruleBreaches(sample('CREATE TABLE t (id int);'))).toEqual([expect.stringMatching(/no "-- locks:" line/)]);
    expect(ruleBreaches(sample('-- locks: parking_records (ACCESS EXCLUSIVE, brief)\nALTER TABLE "parking_records" ADD COLUMN "lane_note" text NOT NULL;'))).toEqual([
      expect.stringMatching(/NOT NULL column "lane_note" without a default/),
    ]);
    expect(ruleBreaches(sample('-- locks: parking_records (ACCESS EXCLUSIVE, brief)\nALTER TABLE "parking_records" ADD COLUMN "lane_note" text DEFAULT \'\' NOT NULL;'))).toEqual([]);
    expect(ruleBreaches(sample('-- locks: none\nALTER TABLE "payments" ADD COLUMN "memo" text;'))).toEqual([expect.stringMatching(/alters the big table payments without naming it/)]);
    expect(ruleBreaches(sample('-- locks: none\nCREATE INDEX "records_plate" ON "parking_records" USING btree ("plate_number");'))).toEqual([
      expect.stringMatching(/records_plate on the big table parking_records without CONCURRENTLY/),
    ]);
    expect(ruleBreaches(sample('-- locks: none\nCREATE INDEX "lots_name" ON "parking_lots" ("name");'))).toEqual([]);
    // on a partitioned table only: nothing is built, the partitions' indexes are attached to it
    expect(ruleBreaches(sample('-- locks: none\nCREATE INDEX IF NOT EXISTS "records_plate" ON ONLY "parking_records" ("plate_number");'))).toEqual([]);
    expect(ruleBreaches(sample('-- locks: none\nCREATE INDEX CONCURRENTLY IF NOT EXISTS "records_plate" ON "parking_records" ("plate_number");'))).toEqual([
      expect.stringMatching(/without "-- migrate: no-transaction"/),
    ]);
    const concurrent = `${noTransactionDirective}\n-- locks: none (CONCURRENTLY)\n`;
    expect(ruleBreaches(sample(`${concurrent}CREATE INDEX CONCURRENTLY "records_plate" ON "parking_records" ("plate_number");`, true))).toEqual([
      expect.stringMatching(/CONCURRENTLY without IF NOT EXISTS/),
    ]);
    expect(
      ruleBreaches(
        sample(`${concurrent}CREATE INDEX CONCURRENTLY IF NOT EXISTS "records_plate" ON "parking_records" ("plate_number");--> statement-breakpoint\nUPDATE tenants SET name = name;`, true),
      ),
    ).toEqual([expect.stringMatching(/not an index built or dropped CONCURRENTLY/)]);
    expect(ruleBreaches(sample(`${concurrent}CREATE INDEX CONCURRENTLY IF NOT EXISTS "records_plate" ON "parking_records" ("plate_number");`, true))).toEqual([]);
  });
});

describe('migrations only go forward', () => {
  const released = JSON.parse(readFileSync(resolve(upgradeFixturesDir, 'released-migrations.json'), 'utf8')) as Released;
  const files = readMigrations();

  it('keeps every released migration under its name with the statements it had (comments may change)', () => {
    const now = Object.fromEntries(files.map((file) => [file.name, statementsHash(file.sql)]));
    const changed = Object.entries(released.migrations)
      .filter(([name, hash]) => now[name] !== hash)
      .map(([name]) => (name in now ? `${name} changed its statements` : `${name} is gone (renamed or removed)`));
    expect(changed).toEqual([]);
  });

  it('tells an edited comment, which a database never ran, from an edited statement', () => {
    const applied = 'ALTER TABLE "devices" ADD COLUMN "stream_url" text;--> statement-breakpoint\nCREATE INDEX "devices_stream" ON "devices" ("stream_url");';
    expect(statementsHash(`-- locks: devices (ACCESS EXCLUSIVE, brief)\n-- why, in one line\n\n${applied}\n`)).toBe(statementsHash(applied));
    expect(statementsHash(applied.replace('text', 'varchar(200)'))).not.toBe(statementsHash(applied));
  });

  it(`adds new migrations only after the last released one (${released.through}), and no down migrations`, () => {
    const added = files.filter((file) => !(file.name in released.migrations));
    expect(added.filter((file) => file.name <= released.through).map((file) => file.name)).toEqual([]);
    expect(files.filter((file) => /(^|[._-])(down|rollback|revert)([._-]|$)/i.test(file.name)).map((file) => file.name)).toEqual([]);
  });
});
