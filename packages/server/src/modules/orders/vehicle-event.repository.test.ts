import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { devices, parkingLots } from '../../db/schema/index.js';
import { seededDemoDatabase } from '../../test/test-app.js';
import { eventPathSql, loadEventContexts } from './vehicle-event.repository.js';

// The event path's statements run prepared, and a prepared statement keeps the plan it got on its
// sixth run until the table is analysed: a plan made on small tables without statistics stayed in
// use while they grew. These tests read the plans each statement gets on tables never analysed,
// empty (a fresh install) and grown to tens of thousands of rows, and want every row of the big tables found
// by an index, never by a scan of the table.

let database: Database;
let tenantId: string;
let lotId: string;
let deviceId: string;
const dialect = new PgDialect();
const bigTables = ['vehicle_events', 'parking_records', 'parking_lots'] as const;
/** a table in a plan: itself or one of its partitions (vehicle_events_legacy, vehicle_events_2026_12, …) */
const inPlan = (table: string) => `${table}(?:_(?:legacy|default|\\d{4}_\\d{2}))?\\b`;

/** The tables as stored: each partition of a partitioned table, or the table itself. */
const storedTables = async () =>
  (
    await database.transaction((session) =>
      session.query<{ name: string }>(`SELECT p.relid::text AS name FROM unnest($1::regclass[]) AS t(name), pg_partition_tree(t.name) p WHERE p.isleaf`, [[...bigTables]]),
    )
  ).map((row) => row.name);

/** What EXPLAIN says of a statement of the event path, planned as its prepared statement is (generic or custom plan). */
const planOf = async (statement: keyof typeof eventPathSql, mode: 'force_generic_plan' | 'force_custom_plan') => {
  const { sql: text } = dialect.sqlToQuery(eventPathSql[statement](sql`${sql.placeholder('json')}::jsonb`));
  const name = `plan_probe_${statement}`;
  return database.transaction(async (session) => {
    await session.exec(`SET LOCAL plan_cache_mode = ${mode}`);
    await session.exec(`PREPARE ${name}(jsonb) AS ${text}`);
    try {
      const rows = await session.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE ${name}('[]')`);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await session.exec(`DEALLOCATE ${name}`);
    }
  });
};

/** The tables' size as the planner sees it: -1 reltuples is a table never analysed or vacuumed. */
const neverAnalysed = async () => {
  const stored = await storedTables();
  const rows = await database.transaction((session) =>
    session.query<{ relname: string; reltuples: number }>(`SELECT relname, reltuples FROM pg_class WHERE relname = ANY($1)`, [[...stored]]),
  );
  return rows.every((row) => Number(row.reltuples) === -1);
};

const expectIndexOnly = (plan: string, mustProbe: readonly string[]) => {
  for (const table of bigTables) expect.soft(plan, `${table} scanned whole`).not.toMatch(new RegExp(`Seq Scan on ${inPlan(table)}`));
  // and the statement does reach the tables it is about, by an index
  for (const table of mustProbe) expect.soft(plan, `${table} not found by an index`).toMatch(new RegExp(`(Index|Index Only|Bitmap Heap) Scan (Backward )?(using \\w+ )?on ${inPlan(table)}`));
};

/** Each index scan of parking_records in a plan: its index condition and filter. */
const recordScansOf = (plan: string) => {
  const lines = plan.split('\n');
  const scans: { cond: string; filter: string }[] = [];
  lines.forEach((line, i) => {
    if (!new RegExp(`Scan.* on ${inPlan('parking_records')}`).test(line)) return;
    const detail: string[] = [];
    for (let j = i + 1; j < lines.length && !/->|Plan \d/.test(lines[j]!); j++) detail.push(lines[j]!);
    const part = (label: string) => detail.find((d) => d.includes(label)) ?? '';
    scans.push({ cond: part('Index Cond:'), filter: part('Filter:') });
  });
  return scans;
};

/**
 * A stay is looked up by its plate, or the open stay of a space by its space, by an index that has
 * it: an index that does not (the tenant's records in a state, all it ever held there) is as slow as
 * a scan.
 */
const expectRecordsByPlate = (plan: string) => {
  const scans = recordScansOf(plan);
  expect(scans.length).toBeGreaterThan(0);
  for (const scan of scans) expect.soft(scan.cond, 'a stay looked up without its plate or space').toMatch(/plate_number|space_id/);
};

const checkAllPlans = async () => {
  for (const mode of ['force_generic_plan', 'force_custom_plan'] as const) {
    expectIndexOnly(await planOf('claim', mode), ['parking_lots']);
    const context = await planOf('context', mode);
    expectIndexOnly(context, ['parking_records', 'plate_list_entries']);
    expectRecordsByPlate(context);
    expectIndexOnly(await planOf('finish', mode), ['parking_records', 'vehicle_events', 'parking_lots']);
  }
};

beforeAll(async () => {
  ({ database, tenantId } = await seededDemoDatabase());
  const db = database.db;
  const [lot] = await db.insert(parkingLots).values({ tenantId, name: '计划测试停车场', type: 1, kind: 'lane', totalSpaces: 100, freeCount: 100 }).returning();
  lotId = lot!.id;
  const [device] = await db.insert(devices).values({ tenantId, sn: 'CAM-PLAN-1', name: '入口相机', type: 'camera', lotId, secret: 'x' }).returning();
  deviceId = device!.id;
  // whatever the server's autovacuum does, these tables keep no statistics during the test
  for (const table of await storedTables()) await db.execute(sql.raw(`ALTER TABLE ${table} SET (autovacuum_enabled = false)`));
});

afterAll(async () => {
  await database?.close();
});

describe("the event context's plan", () => {
  // A generic plan made while the records were a few pages priced every index starting with the
  // tenant alike and took (tenant, state): each stay then read all of the tenant's records, 10,078
  // scans of 34.9 M entries in a 7,411-event run (bench/RESULTS.md). The context is planned afresh
  // for each batch, with the table as it is then, which the test above shows finds rows by their plate.
  it('is made for each batch, not cached: the transaction that loads contexts plans custom', async () => {
    const mode = await database.db.transaction(async (tx) => {
      const before = await tx.execute<{ mode: string }>(sql`SELECT current_setting('plan_cache_mode') AS mode`);
      expect(before.rows[0]!.mode).toBe('auto');
      const contexts = await loadEventContexts(tx, [
        {
          tenantId,
          lotId,
          plateNumber: '京A00001',
          plateColour: 0,
          at: new Date('2026-03-02T02:00:00Z'),
          day: '2026-03-02',
          tariffId: null,
          spaceId: null,
          arrival: true,
          lastRecord: false,
        },
      ]);
      expect(contexts).toHaveLength(1);
      return (await tx.execute<{ mode: string }>(sql`SELECT current_setting('plan_cache_mode') AS mode`)).rows[0]!.mode;
    });
    expect(mode).toBe('force_custom_plan');
    // and only for that transaction
    expect((await database.db.execute<{ mode: string }>(sql`SELECT current_setting('plan_cache_mode') AS mode`)).rows[0]!.mode).toBe('auto');
  });
});

describe('the event path on tables without statistics', () => {
  it('finds every row by an index on empty tables, as a fresh install plans them', async () => {
    expect(await neverAnalysed()).toBe(true);
    await checkAllPlans();
  });

  it('still does once the tables hold tens of thousands of rows', async () => {
    await database.db.execute(sql`
      INSERT INTO parking_records (tenant_id, lot_id, plate_number, entered_at, state)
      SELECT ${tenantId}, ${lotId}, '京A' || lpad(g::text, 5, '0'), now() - g * interval '1 minute', CASE WHEN g % 10 = 0 THEN 'parked' ELSE 'closed' END
        FROM generate_series(1, 40000) g`);
    await database.db.execute(sql`
      INSERT INTO vehicle_events (tenant_id, device_id, device_event_id, kind, plate_number, occurred_at)
      SELECT ${tenantId}, ${deviceId}, 'E-' || g, 'lane_entry', '京A' || lpad(g::text, 5, '0'), now() - g * interval '1 minute'
        FROM generate_series(1, 20000) g`);
    expect(await neverAnalysed()).toBe(true);
    await checkAllPlans();
  });
});
