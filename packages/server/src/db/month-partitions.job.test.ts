import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.js';
import { rowsOf } from './json-row.js';
import { analyzeStaleTables, dropEmptyMonths, makeMonthPartitions, parentStatisticsMaxAgeMs } from './month-partitions.job.js';
import { devices, monthPartitions, parkingLots, parkingRecords, payments, tenants, vehicleEvents } from './schema/index.js';
import { tenantRole } from './tenant-scope.js';
import { seededDemoDatabase } from '../test/test-app.js';

// Every moment here is taken from the first month the migrations gave their own partition
// (month_partitions.months_from, the month after the one they ran in), never from the wall clock.

let database: Database;
let demo: string;
let other: string;
let firstMonth: Date;

const query = <Row>(text: string, params: unknown[] = []) => database.transaction((s) => s.query<Row>(text, params));

/** The start of the month `months` after the first one, as the database counts months (China's). */
const monthStart = async (months: number) => new Date((await query<{ at: Date }>(`SELECT parking_month_start($1::timestamptz, $2) AS at`, [firstMonth.toISOString(), months]))[0]!.at);

/** The partitions of `table` with their bounds, by name. */
const partitionsOf = async (table: string) =>
  (
    await query<{ name: string; bound: string }>(
      `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = $1::regclass ORDER BY 1`,
      [table],
    )
  ).map((row) => row.name);

const nameOf = (table: string, at: Date) => {
  const china = new Date(at.getTime() + 8 * 3_600_000);
  return `${table}_${china.getUTCFullYear()}_${String(china.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** Which of the table's partitions holds the vehicle event with this device event id. */
const partitionHolding = async (deviceEventId: string) =>
  (await query<{ part: string }>(`SELECT tableoid::regclass::text AS part FROM vehicle_events WHERE device_event_id = $1`, [deviceEventId])).map((row) => row.part);

const eventAt = async (tenantId: string, deviceEventId: string, occurredAt: Date) => {
  const [device] = await database.db.select({ id: devices.id }).from(devices).where(eq(devices.tenantId, tenantId)).limit(1);
  await database.db.insert(vehicleEvents).values({ tenantId, deviceId: device!.id, deviceEventId, kind: 'lane_entry', plateNumber: '京A0P001', occurredAt });
};

/** Which of the records' partitions holds the record of this plate. */
const recordPartition = async (plate: string) =>
  (await query<{ part: string }>(`SELECT tableoid::regclass::text AS part FROM parking_records WHERE plate_number = $1`, [plate])).map((row) => row.part);

const recordAt = async (tenantId: string, plateNumber: string, createdAt: Date) => {
  const [lot] = await database.db.select({ id: parkingLots.id }).from(parkingLots).where(eq(parkingLots.tenantId, tenantId)).limit(1);
  const [record] = await database.db
    .insert(parkingRecords)
    .values({ tenantId, lotId: lot!.id, plateNumber, enteredAt: createdAt, createdAt, updatedAt: createdAt })
    .returning({ id: parkingRecords.id });
  return record!.id;
};

beforeAll(async () => {
  ({ database, tenantId: demo } = await seededDemoDatabase());
  other = (await database.db.select({ id: tenants.id }).from(tenants)).map((t) => t.id).find((id) => id !== demo)!;
  for (const tenantId of [demo, other]) {
    const [device] = await database.db.select({ id: devices.id }).from(devices).where(eq(devices.tenantId, tenantId)).limit(1);
    if (device) continue;
    const [lot] = await database.db.insert(parkingLots).values({ tenantId, name: '分区测试停车场', type: 1, kind: 'lane' }).returning({ id: parkingLots.id });
    await database.db.insert(devices).values({ tenantId, sn: `PART-${tenantId.slice(0, 8)}`, name: '分区相机', type: 'camera', lotId: lot!.id, secret: 'x'.repeat(64) });
  }
  const [row] = await database.db.select().from(monthPartitions).where(eq(monthPartitions.tableName, 'vehicle_events'));
  firstMonth = row!.monthsFrom;
});
afterAll(() => database?.close());

describe('tables kept by month', () => {
  it('are the operation log, parking records and payments, by when they were written, and vehicle events, by the time the device gave', async () => {
    const rows = await database.db.select({ table: monthPartitions.tableName, key: monthPartitions.partitionKey }).from(monthPartitions).orderBy(monthPartitions.tableName);
    expect(rows).toEqual([
      { table: 'operation_logs', key: 'created_at' },
      { table: 'parking_records', key: 'created_at' },
      { table: 'payments', key: 'created_at' },
      { table: 'vehicle_events', key: 'occurred_at' },
    ]);
    const kinds = await query<{ relname: string; kind: string }>(
      `SELECT relname, relkind::text AS kind FROM pg_class WHERE relname IN ('operation_logs', 'parking_records', 'payments', 'vehicle_events') ORDER BY 1`,
    );
    expect(kinds.map((k) => k.kind)).toEqual(['p', 'p', 'p', 'p']);
  });

  it('hold the table as it was, the first two months of their own and a default partition', async () => {
    for (const table of ['operation_logs', 'parking_records', 'payments', 'vehicle_events']) {
      expect(await partitionsOf(table)).toEqual(expect.arrayContaining([`${table}_legacy`, `${table}_default`, nameOf(table, firstMonth), nameOf(table, await monthStart(1))]));
    }
  });

  it('carry the tenant and the month in every primary key and unique index', async () => {
    const keys = await query<{ index: string; columns: string[] }>(
      `SELECT i.indexrelid::regclass::text AS index, array_agg(a.attname::text ORDER BY k.n) AS columns
         FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
         CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, n)
         JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
        WHERE (i.indisunique OR i.indisprimary)
          AND (t.relname IN ('operation_logs', 'parking_records', 'payments', 'vehicle_events') OR t.relname LIKE 'operation\\_logs\\_%' OR t.relname LIKE 'parking\\_records\\_%'
               OR t.relname LIKE 'payments\\_%' OR t.relname LIKE 'vehicle\\_events\\_%')
        GROUP BY 1 ORDER BY 1`,
    );
    expect(keys.length).toBeGreaterThanOrEqual(18);
    expect(keys.map((key) => key.index)).toEqual(expect.arrayContaining(['payments_pkey', 'payments_legacy_month_key']));
    for (const key of keys) {
      expect(key.columns, key.index).toContain('tenant_id');
      expect(
        key.columns.some((column) => column === 'created_at' || column === 'occurred_at'),
        key.index,
      ).toBe(true);
    }
  });
});

describe('the job that makes the months ahead (makeMonthPartitions)', () => {
  it('makes the current month and the three after it, once', async () => {
    const now = new Date((await monthStart(5)).getTime() + 10 * 86_400_000);
    const { made } = await makeMonthPartitions(database.db, now);
    const months = await Promise.all([5, 6, 7, 8].map(monthStart));
    expect(made).toEqual(['operation_logs', 'parking_records', 'payments', 'vehicle_events'].flatMap((table) => months.map((at) => nameOf(table, at))));
    expect(await makeMonthPartitions(database.db, now)).toEqual({ made: [] });
  });

  it('leaves the months before the first alone: the table as it was holds them', async () => {
    const before = await monthStart(-3);
    expect(await makeMonthPartitions(database.db, before, 2)).toEqual({ made: [] });
    expect(await partitionsOf('vehicle_events')).not.toContain(nameOf('vehicle_events', before));
  });

  it('files each event in its month, and a month made later takes its events from the default partition', async () => {
    await eventAt(demo, 'PART-FIRST', new Date(firstMonth.getTime() + 3_600_000));
    await eventAt(demo, 'PART-OLD', new Date(firstMonth.getTime() - 40 * 86_400_000));
    const far = await monthStart(30);
    await eventAt(demo, 'PART-FAR', new Date(far.getTime() + 86_400_000));
    await eventAt(other, 'PART-FAR-2', new Date(far.getTime() + 2 * 86_400_000));
    expect(await partitionHolding('PART-FIRST')).toEqual([nameOf('vehicle_events', firstMonth)]);
    expect(await partitionHolding('PART-OLD')).toEqual(['vehicle_events_legacy']);
    expect(await partitionHolding('PART-FAR')).toEqual(['vehicle_events_default']);

    const { made } = await makeMonthPartitions(database.db, far, 0);
    expect(made).toContain(nameOf('vehicle_events', far));
    expect(await partitionHolding('PART-FAR')).toEqual([nameOf('vehicle_events', far)]);
    expect(await partitionHolding('PART-FAR-2')).toEqual([nameOf('vehicle_events', far)]);
    expect(await query(`SELECT 1 FROM vehicle_events_default WHERE device_event_id LIKE 'PART-FAR%'`)).toEqual([]);
  });

  it('files each record in its month; a record of a month not made yet waits in the default partition, found by what links to it, and the month is made once it is gone', async () => {
    await recordAt(demo, '京P0R001', new Date(firstMonth.getTime() + 3_600_000));
    await recordAt(demo, '京P0R002', new Date(firstMonth.getTime() - 40 * 86_400_000));
    const far = await monthStart(33);
    const farAt = new Date(far.getTime() + 86_400_000);
    const farId = await recordAt(demo, '京P0R003', farAt);
    expect(await recordPartition('京P0R001')).toEqual([nameOf('parking_records', firstMonth)]);
    expect(await recordPartition('京P0R002')).toEqual(['parking_records_legacy']);
    expect(await recordPartition('京P0R003')).toEqual(['parking_records_default']);
    const [payment] = await database.db
      .insert(payments)
      .values({ tenantId: demo, recordId: farId, channel: 'cash', amount: 100, idempotencyKey: 'PART-FAR-RECORD' })
      .returning({ recordCreatedAt: payments.recordCreatedAt });
    expect(payment!.recordCreatedAt).toEqual(farAt);

    // others link to records, so a row is never moved (to them a row moved is a row deleted): the month waits
    const first = await makeMonthPartitions(database.db, far, 0);
    expect(first.made).toContain(nameOf('vehicle_events', far));
    expect(first.made).not.toContain(nameOf('parking_records', far));
    expect(await recordPartition('京P0R003')).toEqual(['parking_records_default']);
    await expect(database.db.delete(parkingRecords).where(eq(parkingRecords.id, farId))).rejects.toThrow();

    await database.db.delete(payments).where(eq(payments.idempotencyKey, 'PART-FAR-RECORD'));
    await database.db.delete(parkingRecords).where(eq(parkingRecords.id, farId));
    expect(await makeMonthPartitions(database.db, far, 0)).toEqual({ made: [nameOf('parking_records', far)] });
  });

  it('files each payment in its month and takes its key once across every month: a retry in a later month writes nothing', async () => {
    const inFirst = new Date(firstMonth.getTime() + 3 * 3_600_000);
    const recordId = await recordAt(demo, '京P0R004', inFirst);
    const pay = (key: string, createdAt: Date, tenantId = demo, record = recordId) =>
      database.db.insert(payments).values({ tenantId, recordId: record, channel: 'cash', amount: 100, idempotencyKey: key, createdAt, paidAt: createdAt }).returning({ id: payments.id });
    const partitionOf = async (id: string) => (await query<{ part: string }>(`SELECT tableoid::regclass::text AS part FROM payments WHERE id = $1`, [id])).map((row) => row.part);
    const keysOf = async (key: string) =>
      (await query<{ tenant: string }>(`SELECT tenant_id::text AS tenant FROM payment_idempotency_keys WHERE idempotency_key = $1 ORDER BY 1`, [key])).map((row) => row.tenant);

    const [first] = await pay('PART-PAY-1', inFirst);
    expect(await partitionOf(first!.id)).toEqual([nameOf('payments', firstMonth)]);
    const far = await monthStart(34);
    expect(await pay('PART-PAY-1', new Date((await monthStart(1)).getTime() + 3_600_000))).toEqual([]);
    expect(await pay('PART-PAY-1', new Date(far.getTime() + 3_600_000))).toEqual([]);
    expect((await query(`SELECT id FROM payments WHERE idempotency_key = 'PART-PAY-1'`)).length).toBe(1);
    // another tenant's key is its own
    const [theirs] = await pay('PART-PAY-1', inFirst, other, await recordAt(other, '京P0R005', inFirst));
    expect(await partitionOf(theirs!.id)).toEqual([nameOf('payments', firstMonth)]);
    expect(await keysOf('PART-PAY-1')).toEqual([demo, other].sort());

    // a payment of a month not made yet waits in the default partition, and the month waits for it
    const [late] = await pay('PART-PAY-2', new Date(far.getTime() + 3_600_000));
    expect(await partitionOf(late!.id)).toEqual(['payments_default']);
    expect((await makeMonthPartitions(database.db, far, 0)).made).not.toContain(nameOf('payments', far));
    // its key goes with it, and the month is made once it is gone
    await database.db.delete(payments).where(eq(payments.id, late!.id));
    expect(await keysOf('PART-PAY-2')).toEqual([]);
    expect((await makeMonthPartitions(database.db, far, 0)).made).toContain(nameOf('payments', far));
    const [again] = await pay('PART-PAY-2', new Date(far.getTime() + 3_600_000));
    expect(await partitionOf(again!.id)).toEqual([nameOf('payments', far)]);
  });

  it('gives a month it makes the tenant wall: the tenant role sees only its own rows, even naming the partition', async () => {
    const far = await monthStart(30);
    const partition = nameOf('vehicle_events', far);
    const seen = await database.transaction(async (session) => {
      await session.query(`SELECT set_config('role', '${tenantRole}', true), set_config('app.tenant_id', $1, true)`, [demo]);
      return session.query<{ id: string }>(`SELECT device_event_id AS id FROM ${partition} ORDER BY 1`);
    });
    expect(seen.map((row) => row.id)).toEqual(['PART-FAR']);
  });

  it('lets a read of one month look at that month only', async () => {
    const far = await monthStart(30);
    const plan = rowsOf(
      await database.db.execute(
        sql`EXPLAIN SELECT * FROM vehicle_events WHERE tenant_id = ${demo} AND occurred_at >= ${far.toISOString()}::timestamptz AND occurred_at < ${(await monthStart(31)).toISOString()}::timestamptz`,
      ),
    )
      .map((row) => String(Object.values(row)[0]))
      .join('\n');
    expect(plan).toContain(nameOf('vehicle_events', far));
    expect(plan).not.toMatch(/vehicle_events_legacy|vehicle_events_default/);
  });

  // last: it drops what the tests above made
  it('drops the months emptied before the last one, whole, and keeps every month that holds a row', async () => {
    const now = await monthStart(40);
    const before = await partitionsOf('vehicle_events');
    const dropped = await dropEmptyMonths(database.db, now);
    const after = await partitionsOf('vehicle_events');
    // held rows: the table as it was (PART-OLD), the first month (PART-FIRST) and the far one (PART-FAR)
    expect(after).toEqual(expect.arrayContaining(['vehicle_events_legacy', 'vehicle_events_default', nameOf('vehicle_events', firstMonth), nameOf('vehicle_events', await monthStart(30))]));
    for (const k of [1, 5, 6, 7, 8]) {
      const name = nameOf('vehicle_events', await monthStart(k));
      expect(dropped).toContain(name);
      expect(after).not.toContain(name);
    }
    expect(before.length - after.length).toBe(dropped.filter((name) => name.startsWith('vehicle_events_')).length);
    // the records' months too, detached first: every key that links to a record hangs on each of them
    const records = await partitionsOf('parking_records');
    expect(records).toEqual(expect.arrayContaining(['parking_records_legacy', 'parking_records_default', nameOf('parking_records', firstMonth)]));
    for (const k of [1, 5, 33]) {
      expect(dropped).toContain(nameOf('parking_records', await monthStart(k)));
      expect(records).not.toContain(nameOf('parking_records', await monthStart(k)));
    }
    expect(await recordPartition('京P0R001')).toEqual([nameOf('parking_records', firstMonth)]);
    // nothing of a month still in use: the month before `now` and later stay whatever they hold
    expect(await dropEmptyMonths(database.db, await monthStart(2))).toEqual([]);
    // and the rows are all still there
    expect((await query<{ n: number }>(`SELECT count(*)::int AS n FROM vehicle_events WHERE device_event_id LIKE 'PART-%'`))[0]!.n).toBe(4);
  });

  it('drops an emptied month once no row is left in it, and leaves the month before the current one', async () => {
    const far = await monthStart(30);
    await database.db.delete(vehicleEvents).where(eq(vehicleEvents.deviceEventId, 'PART-FAR'));
    // one month later the far month is the month before: kept
    expect(await dropEmptyMonths(database.db, await monthStart(31))).not.toContain(nameOf('vehicle_events', far));
    await database.db.delete(vehicleEvents).where(eq(vehicleEvents.deviceEventId, 'PART-FAR-2'));
    expect(await dropEmptyMonths(database.db, await monthStart(31))).not.toContain(nameOf('vehicle_events', far));
    expect(await dropEmptyMonths(database.db, await monthStart(32))).toContain(nameOf('vehicle_events', far));
    // an event of that month sent late now waits in the default partition
    await eventAt(demo, 'PART-LATE', new Date(far.getTime() + 3_600_000));
    expect(await partitionHolding('PART-LATE')).toEqual(['vehicle_events_default']);
  });
});

describe("the tables' own statistics (analyzeStaleTables)", () => {
  it('gathers each table kept by month as a whole where it never was, and again once they are a day old', async () => {
    const tables = ['operation_logs', 'parking_records', 'payments', 'vehicle_events'];
    const analysedAt = async () =>
      new Map(
        (
          await query<{ table: string; at: Date | null }>(
            `SELECT m.table_name AS table, s.last_analyze AS at FROM month_partitions m LEFT JOIN pg_stat_user_tables s ON s.relid = m.table_name::regclass ORDER BY 1`,
          )
        ).map((row) => [row.table, row.at === null ? null : new Date(row.at)]),
      );
    // autovacuum analyses the months, never the partitioned tables: an install starts without their figures
    const first = await analyzeStaleTables(database.db, firstMonth);
    expect(first).toEqual(expect.arrayContaining(tables));
    const at = await analysedAt();
    for (const table of tables) expect(at.get(table), table).toBeInstanceOf(Date);
    // the times are the database's; the job's clock is taken from them, not from the wall
    const latest = Math.max(...tables.map((table) => at.get(table)!.getTime()));
    expect(await analyzeStaleTables(database.db, new Date(latest + 3_600_000))).toEqual([]);
    expect(await analyzeStaleTables(database.db, new Date(latest + parentStatisticsMaxAgeMs + 3_600_000))).toEqual(tables);
  });
});
