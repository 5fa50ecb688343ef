import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/json-row.js';
import { parkingLots, parkingRecords } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant-scope.js';
import { seededDemoDatabase } from '../../test/test-app.js';
import { pageParkingRecords } from './parking-record.repository.js';

// Records are partitioned by month, and the list, ordered by entry time, cannot prune a month: each
// month costs its planning on every page (bench/RESULTS.md). The list as it opens, a tenant's first
// page, runs as a named statement that PostgreSQL plans once per connection; a plate search's first
// page as named statements planned generically from their first run (planGenerically); a lot's page
// or a later one is planned for its values each time.

let database: Database;
let tenantId: string;
let lotId: string;

beforeAll(async () => {
  ({ database, tenantId } = await seededDemoDatabase());
  const [lot] = await database.db.insert(parkingLots).values({ tenantId, name: '首页计划停车场', type: 1, kind: 'lane' }).returning({ id: parkingLots.id });
  lotId = lot!.id;
  const at = (minutes: number) => new Date(Date.parse('2026-06-01T02:00:00Z') + minutes * 60_000);
  await database.db
    .insert(parkingRecords)
    .values(Array.from({ length: 24 }, (_, n) => ({ tenantId, lotId, plateNumber: `京P0F${String(n).padStart(3, '0')}`, enteredAt: at(n), createdAt: at(n), updatedAt: at(n) })));
});
afterAll(() => database?.close());

it("plans a tenant's first page once per connection, and gives it the rows a page planned each time gives", async () => {
  const { opening, later, statements } = await withTenant(database.db, tenantId, async (tx) => {
    const pages = [];
    for (let run = 0; run < 8; run++) pages.push(await pageParkingRecords(tx, tenantId, {}, { currentPage: 1, pageSize: 10 }));
    const later = await pageParkingRecords(tx, tenantId, {}, { currentPage: 2, pageSize: 10 });
    await pageParkingRecords(tx, tenantId, { lotId }, { currentPage: 1, pageSize: 10 });
    const statements = rowsOf(await tx.execute(sql`SELECT name, generic_plans::int AS generic FROM pg_prepared_statements WHERE name LIKE 'parking\_records%'`));
    return { opening: pages, later, statements };
  });
  // one statement: neither the second page nor the lot's is named
  expect(statements).toEqual([{ name: expect.stringMatching(/^parking_records_first_page_[0-9a-f]{12}$/), generic: expect.any(Number) }]);
  // the sixth run on took the generic plan
  expect(statements[0]!.generic).toBeGreaterThanOrEqual(3);
  for (const page of opening) expect(page.rows.map((row) => row.record.id)).toEqual(opening[0]!.rows.map((row) => row.record.id));

  // the same rows as the page read with an offset, planned for its values: the newest entries first
  const planned = await withTenant(database.db, tenantId, (tx) => pageParkingRecords(tx, tenantId, {}, { currentPage: 1, pageSize: 20 }));
  expect(opening[0]!.rows.map((row) => row.record.id)).toEqual(planned.rows.slice(0, 10).map((row) => row.record.id));
  expect(later.rows.map((row) => row.record.id)).toEqual(planned.rows.slice(10, 20).map((row) => row.record.id));
  expect(opening[0]!.rows[0]).toMatchObject({ lotName: '首页计划停车场', record: { plateNumber: '京P0F023' } });
});

it("plans a plate search's page once per connection, read in entry order or from its matches, and the rest of the transaction as before", async () => {
  const statements = await withTenant(database.db, tenantId, async (tx) => {
    // 京P0F… is every record of this lot's 24: common among the tenant's; 京P0F02 is five of them
    for (let run = 0; run < 3; run++) {
      const common = await pageParkingRecords(tx, tenantId, { plateNumber: '京P0F', plateMatch: 'prefix' }, { currentPage: 1, pageSize: 10 });
      expect(common.total).toBe(24);
      const rare = await pageParkingRecords(tx, tenantId, { plateNumber: '京P0F02', plateMatch: 'prefix' }, { currentPage: 1, pageSize: 10 });
      expect(rare.rows.map((row) => row.record.plateNumber)).toEqual(['京P0F023', '京P0F022', '京P0F021', '京P0F020']);
    }
    const modeNow = async () => rowsOf(await tx.execute(sql`SELECT current_setting('plan_cache_mode') AS mode`));
    const afterPage = await modeNow();
    // a plate no record has: counted, and no page read
    expect((await pageParkingRecords(tx, tenantId, { plateNumber: '京P0G', plateMatch: 'prefix' }, { currentPage: 1, pageSize: 10 })).total).toBe(0);
    const mode = [...afterPage, ...(await modeNow())];
    const named = rowsOf(
      await tx.execute(sql`SELECT name, generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE name LIKE 'parking\_records\_plate%' ORDER BY name`),
    );
    return { mode, named };
  });
  // the rest of the transaction plans as before, after a page and after a search with none: a
  // statement with parameters for its values
  expect(statements.mode).toEqual([{ mode: 'auto' }, { mode: 'auto' }]);
  expect(statements.named).toEqual([
    // the count as PostgreSQL plans by default: it sets the mode for the page after it
    { name: expect.stringMatching(/^parking_records_plate_count_[0-9a-f]{12}$/), generic: expect.any(Number), custom: expect.any(Number) },
    { name: expect.stringMatching(/^parking_records_plate_gather_[0-9a-f]{12}$/), generic: 3, custom: 0 },
    { name: expect.stringMatching(/^parking_records_plate_walk_[0-9a-f]{12}$/), generic: 3, custom: 0 },
  ]);
});
