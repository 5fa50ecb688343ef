import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkingLotPaths, parkingRecordPaths, parkingRecordStates, paymentPaths } from '@parking/contract';
import { app } from '../app.js';
import { fastifyOptions } from '../server-options.js';
import { createTestDatabase, signIn, testConfig } from '../test/test-app.js';
import type { Database, SqlSession } from './client.js';
import { migrate } from './migrate.js';
import { tenantRole } from './tenant-scope.js';
import { loadUpgradeFixture, readUpgradeFixture, upgradeFixtureFiles, upgradeFixturesDir } from './upgrade-fixtures/upgrade-fixture.js';

// Each fixture is a database at an earlier released migration level, holding what that commit's own
// seed, demo history and traffic simulator wrote (scripts/upgrade-fixture.mjs). Today's migrations
// must take it to today's schema, exactly as a fresh install has it, and keep its data.

/** Tables a later migration drops, and where their rows went. */
const dropped: Record<string, string> = { plate_blacklist: '0030 moved its plates into black_white_list' };

/** Aggregates a later migration recounts from the facts: held to their recomputation instead of to their old rows. */
const recounted = new Set(['revenue_daily']);

const read = <Row>(database: Database, text: string, params?: unknown[]) => database.transaction((s: SqlSession) => s.query<Row>(text, params));

/** What makes the schema: columns, constraints, indexes, row-level security and policies, triggers and functions. */
const schemaOf = async (database: Database) => {
  const rows = await read<{ line: string }>(
    database,
    `SELECT 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END
            || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '') AS line
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
     UNION ALL
     SELECT 'constraint ' || c.relname || '.' || k.conname || ' ' || pg_get_constraintdef(k.oid)
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'
     UNION ALL
     SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = 'public'
     UNION ALL
     SELECT 'rls ' || c.relname || ' ' || c.relrowsecurity FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
     UNION ALL
     SELECT 'policy ' || tablename || '.' || policyname || ' ' || array_to_string(roles, ',') || ' ' || coalesce(qual, '') || ' ' || coalesce(with_check, '') FROM pg_policies WHERE schemaname = 'public'
     UNION ALL
     SELECT 'trigger ' || pg_get_triggerdef(t.oid) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND NOT t.tgisinternal
     UNION ALL
     SELECT 'function ' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ') ' || md5(p.prosrc)
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'`,
  );
  // the months 0054–0056 partition from are the month after the day they ran: the fresh install and an
  // upgrade migrated across a month's end differ in those alone
  return rows.map((row) => row.line.replace(/_\d{4}_\d{2}(?!\d)/g, '_<month>').replace(/(_before_months CHECK \(\(\w+ < )'[^']+'/, "$1'<month>'")).sort();
};

/** The tables as the application names them: a partitioned table once, not each of its partitions. */
const tablesOf = async (database: Database) =>
  (
    await read<{ name: string }>(
      database,
      `SELECT relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname <> 'schema_migrations' ORDER BY 1`,
    )
  ).map((row) => row.name);

/** Each table's row count and the sum of each of its integer columns (the money is in fen): what must come through. */
const contentsOf = async (database: Database, tables: string[]) => {
  const columns = await read<{ table: string; column: string }>(
    database,
    `SELECT table_name AS table, column_name AS column FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = ANY($1::text[]) AND data_type IN ('integer', 'bigint', 'smallint') ORDER BY 1, 2`,
    [tables],
  );
  const parts = tables.map((table) => {
    const sums = columns.filter((c) => c.table === table).map((c) => `, '${c.column}', coalesce(sum("${c.column}"), 0)::text`);
    return `SELECT '${table}' AS table, json_build_object('rows', count(*)::text${sums.join('')})::text AS contents FROM "${table}"`;
  });
  const rows = await read<{ table: string; contents: string }>(database, parts.join(' UNION ALL '));
  return Object.fromEntries(rows.map((row) => [row.table, JSON.parse(row.contents) as Record<string, string>]));
};

/** Rows whose foreign key names no row: loading switched the checks off, and a migration may have moved keys. */
const danglingKeys = async (database: Database) => {
  const keys = await read<{ name: string; child: string; parent: string; pairs: string }>(
    database,
    `SELECT k.conname AS name, c.relname AS child, p.relname AS parent,
            string_agg(format('x.%I = y.%I', ca.attname, pa.attname), ' AND ') || '|' || string_agg(format('x.%I IS NOT NULL', ca.attname), ' AND ') AS pairs
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       CROSS JOIN LATERAL unnest(k.conkey, k.confkey) AS u(ck, pk)
       JOIN pg_attribute ca ON ca.attrelid = k.conrelid AND ca.attnum = u.ck JOIN pg_attribute pa ON pa.attrelid = k.confrelid AND pa.attnum = u.pk
      -- a table's own keys: each partition of a partitioned one holds a part of its table's (conparentid), which a row of another partition would not match
      WHERE k.contype = 'f' AND n.nspname = 'public' AND k.conparentid = 0 GROUP BY k.conname, c.relname, p.relname ORDER BY 1`,
  );
  const counts = keys.map((key) => {
    const [match, present] = key.pairs.split('|');
    return `SELECT '${key.name}' AS name, count(*)::int AS n FROM "${key.child}" x WHERE ${present} AND NOT EXISTS (SELECT 1 FROM "${key.parent}" y WHERE ${match})`;
  });
  return (await read<{ name: string; n: number }>(database, counts.join(' UNION ALL '))).filter((row) => row.n > 0);
};

/** NULLs in a column today's schema declares NOT NULL (a constraint added NOT VALID, or a loader that bypassed it). */
const nullsInNotNull = async (database: Database) => {
  const columns = await read<{ table: string; column: string }>(
    database,
    `SELECT table_name AS table, column_name AS column FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.is_nullable = 'NO' ORDER BY 1, 2`,
  );
  const counts = [...new Set(columns.map((column) => column.table))].map((table) => {
    const notNull = columns.filter((column) => column.table === table).map((column) => `"${column.column}" IS NULL`);
    return `SELECT '${table}' AS table, count(*)::int AS n FROM "${table}" WHERE ${notNull.join(' OR ')}`;
  });
  return (await read<{ table: string; n: number }>(database, counts.join(' UNION ALL '))).filter((row) => row.n > 0);
};

/** What the tenant role sees of each table with a tenant: only its tenant's rows. */
const seenByTenant = (database: Database, tenantId: string, tables: string[]) =>
  database.transaction(async (session) => {
    await session.query(`SELECT set_config('role', '${tenantRole}', true), set_config('app.tenant_id', $1, true)`, [tenantId]);
    return countsOf(session, tables, '');
  });

const countsOf = async (session: SqlSession, tables: string[], where: string, params: unknown[] = []) => {
  const rows = await session.query<{ table: string; n: number }>(
    tables.map((table) => `SELECT '${table}' AS table, count(*)::int AS n FROM "${table}" ${where}`).join(' UNION ALL '),
    params,
  );
  return Object.fromEntries(rows.map((row) => [row.table, row.n]));
};

/**
 * A fresh database per level. On PGlite one instance serves every level, emptied in between: starting
 * PGlite costs seconds, and an empty schema public is all a fresh one has (roles are the server's on
 * PostgreSQL too). On PostgreSQL a new database each time.
 */
let pglite: Database | undefined;
const freshDatabase = async (): Promise<Database> => {
  if (process.env.TEST_DATABASE_URL) return createTestDatabase();
  pglite ??= await createTestDatabase();
  await pglite.transaction((s) => s.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public AUTHORIZATION pg_database_owner; GRANT USAGE ON SCHEMA public TO PUBLIC'));
  return { ...pglite, close: async () => undefined };
};

let reference: string[];
beforeAll(async () => {
  const fresh = await freshDatabase();
  try {
    await migrate(fresh);
    reference = await schemaOf(fresh);
  } finally {
    await fresh.close();
  }
});
afterAll(() => pglite?.close());

describe('upgrading a database of each earlier released level to today', () => {
  const files = upgradeFixtureFiles();
  it('has fixtures of several levels, the latest of them the last released level', () => {
    const released = JSON.parse(readFileSync(resolve(upgradeFixturesDir, 'released-migrations.json'), 'utf8')) as { through: string };
    expect(files.length).toBeGreaterThanOrEqual(5);
    expect(files.at(-1)).toBe(released.through.replace(/\.sql$/, '.json.gz'));
  });

  describe.each(files)('%s', (file) => {
    const fixture = readUpgradeFixture(file);
    let database: Database;
    let before: Record<string, Record<string, string>>;
    let tables: string[];
    beforeAll(async () => {
      database = await freshDatabase();
      await loadUpgradeFixture(database, fixture);
      tables = await tablesOf(database);
      before = await contentsOf(database, tables);
      await migrate(database);
    });
    afterAll(() => database?.close());

    it('loaded every row the commit wrote', () => {
      for (const { table, count } of fixture.data) expect({ table, rows: Number(before[table]!.rows) }).toEqual({ table, rows: count });
      expect(fixture.data.find((table) => table.table === 'parking_records')!.count).toBeGreaterThan(0);
    });

    it('has the schema a fresh install has', async () => {
      const upgraded = await schemaOf(database);
      expect({ missing: reference.filter((line) => !upgraded.includes(line)), extra: upgraded.filter((line) => !reference.includes(line)) }).toEqual({ missing: [], extra: [] });
    });

    it('keeps every row and every sum of money', async () => {
      const kept = await tablesOf(database);
      expect(tables.filter((table) => !kept.includes(table) && !(table in dropped))).toEqual([]);
      const after = await contentsOf(database, kept);
      for (const table of tables.filter((name) => kept.includes(name) && !recounted.has(name))) {
        const now = Object.fromEntries(Object.keys(before[table]!).map((column) => [column, after[table]![column]]));
        expect({ table, ...now }).toEqual({ table, ...before[table] });
      }
    });

    it('keeps the kept aggregates equal to their recomputation', async () => {
      const drift = await read(
        database,
        `SELECT t.code, d.* FROM tenants t CROSS JOIN LATERAL (
           (SELECT lot_id, day, channel, stays, receivable, discount, received, refunded FROM revenue_daily WHERE tenant_id = t.id
            EXCEPT SELECT lot_id, day, channel, stays, receivable, discount, received, refunded FROM revenue_daily_recompute(t.id, '2000-01-01', '2099-12-31'))
           UNION ALL
           (SELECT lot_id, day, channel, stays, receivable, discount, received, refunded FROM revenue_daily_recompute(t.id, '2000-01-01', '2099-12-31')
            EXCEPT SELECT lot_id, day, channel, stays, receivable, discount, received, refunded FROM revenue_daily WHERE tenant_id = t.id)) AS d`,
      );
      expect(drift).toEqual([]);
    });

    it('keeps every key pointing at a row, no NULL where the schema forbids it, and every record in a state and with money that holds', async () => {
      expect(await danglingKeys(database)).toEqual([]);
      expect(await nullsInNotNull(database)).toEqual([]);
      const states = await read<{ state: string }>(database, 'SELECT DISTINCT state FROM parking_records ORDER BY 1');
      expect(states.map((row) => row.state).filter((state) => !(parkingRecordStates as readonly string[]).includes(state))).toEqual([]);
      const unbalanced = await read(
        database,
        `SELECT r.id, r.amount_due, r.discount, r.paid, r.unpaid, coalesce(p.amount, 0) - coalesce(f.amount, 0) AS net FROM parking_records r
           LEFT JOIN (SELECT record_id, sum(amount) AS amount FROM payments GROUP BY 1) p ON p.record_id = r.id
           LEFT JOIN (SELECT record_id, sum(amount) AS amount FROM refunds WHERE status = 'approved' GROUP BY 1) f ON f.record_id = r.id
          WHERE r.amount_due - r.discount <> r.paid + r.unpaid OR r.paid <> coalesce(p.amount, 0) - coalesce(f.amount, 0)`,
      );
      expect(unbalanced).toEqual([]);
    });

    it('lets the tenant role see only its own tenant, in every table that has a tenant', async () => {
      const tenanted = (
        await read<{ table: string }>(
          database,
          `SELECT c.relname AS table FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attname = 'tenant_id' AND NOT a.attisdropped ORDER BY 1`,
        )
      ).map((row) => row.table);
      for (const tenant of await read<{ id: string }>(database, 'SELECT id FROM tenants ORDER BY code')) {
        const own = await database.transaction((session) => countsOf(session, tenanted, 'WHERE tenant_id = $1', [tenant.id]));
        expect(await seenByTenant(database, tenant.id, tenanted)).toEqual(own);
      }
    });

    it("answers today's console on the upgraded database: sign-in and the lists of lots, records and payments", async () => {
      const server = Fastify(fastifyOptions(false));
      await server.register(app, { config: testConfig(), database });
      await server.ready();
      try {
        const token = await signIn(server);
        const [demo] = await read<{ id: string }>(database, `SELECT id FROM tenants WHERE code = 'demo'`);
        for (const [path, table] of [
          [parkingLotPaths.list, 'parking_lots'],
          [parkingRecordPaths.list, 'parking_records'],
          [paymentPaths.list, 'payments'],
        ] as const) {
          const answer = await server.inject({ method: 'GET', url: `${path}?currentPage=1&pageSize=10`, headers: { authorization: token } });
          const body = answer.json<{ code: number; data: { list: unknown[]; pagination: { total: number } } }>();
          const [own] = await read<{ n: number }>(database, `SELECT count(*)::int AS n FROM "${table}" WHERE tenant_id = $1`, [demo!.id]);
          expect({ path, code: body.code, total: body.data.pagination.total }).toEqual({ path, code: 200, total: own!.n });
          expect(body.data.list.length).toBe(Math.min(10, own!.n));
        }
      } finally {
        await server.close();
      }
    });
  });
});
