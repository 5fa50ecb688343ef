import { and, eq, ne, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.js';
import { linkedRecord } from './linked-record.js';
import { complaints, monthPartitions, parkingLots, parkingRecords, payments, recordEditRequests, refunds, tenants, users } from './schema/index.js';
import { hasSqlState } from './sql-error.js';
import { withTenant } from './tenant-scope.js';
import { seededDemoDatabase } from '../test/test-app.js';

// What links to a parking record or a payment does so by its whole key, (tenant, id, month): the
// month is the record's or the payment's created_at, the column their monthly partitions are cut by
// (migrations 0059–0063). Code writes the id alone; a trigger fills the month.

let database: Database;
let demo: string;
let other: string;
const lotOf = new Map<string, string>();
let staffId: string;

const at = (iso: string) => new Date(iso);

/** A record of the demo tenant made at a fixed time, with nothing linked to it yet. */
const newRecord = async (tenantId: string, createdAt: Date) => {
  const [row] = await database.db
    .insert(parkingRecords)
    .values({ tenantId, lotId: lotOf.get(tenantId)!, plateNumber: '京A0M001', enteredAt: createdAt, createdAt, updatedAt: createdAt })
    .returning({ id: parkingRecords.id, createdAt: parkingRecords.createdAt });
  return row!;
};

const payFor = (tenantId: string, recordId: string, key: string, extra: { recordCreatedAt?: Date; createdAt?: Date } = {}) =>
  database.db
    .insert(payments)
    .values({ tenantId, recordId, channel: 'cash', amount: 100, idempotencyKey: key, ...extra })
    .returning({ id: payments.id, recordCreatedAt: payments.recordCreatedAt, createdAt: payments.createdAt, tenantId: payments.tenantId });

const complaintOn = (tenantId: string, recordId: string | null) =>
  database.db
    .insert(complaints)
    .values({
      tenantId,
      category: 'fee',
      channel: 'phone',
      content: '收费有误',
      contactPhone: '13800000000',
      recordId,
      receivedAt: at('2026-03-02T02:00:00Z'),
      deadlineAt: at('2026-03-09T02:00:00Z'),
      createdAt: at('2026-03-02T02:00:00Z'),
      updatedAt: at('2026-03-02T02:00:00Z'),
    })
    .returning({ id: complaints.id });

const refused = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, 'refused').toBeDefined();
  return error;
};

beforeAll(async () => {
  ({ database, tenantId: demo } = await seededDemoDatabase());
  other = (await database.db.select({ id: tenants.id }).from(tenants).where(ne(tenants.id, demo)).limit(1))[0]!.id;
  for (const tenantId of [demo, other]) {
    const [lot] = await database.db.insert(parkingLots).values({ tenantId, name: '键测试停车场', type: 1, kind: 'lane' }).returning({ id: parkingLots.id });
    lotOf.set(tenantId, lot!.id);
  }
  staffId = (await database.db.select({ id: users.id }).from(users).where(eq(users.tenantId, demo)).limit(1))[0]!.id;
});
afterAll(() => database?.close());

describe('links to a record or a payment carry the tenant and the month of what they link to', () => {
  it("fills a payment's record month from the record, whatever the payment's own time", async () => {
    const record = await newRecord(demo, at('2026-01-31T17:00:00Z'));
    const [payment] = await payFor(demo, record.id, 'month-key-1', { createdAt: at('2026-03-05T04:00:00Z') });
    expect(payment!.recordCreatedAt).toEqual(record.createdAt);
  });

  it("fills it too when the payment is written under the tenant's own role (row-level security on)", async () => {
    const record = await newRecord(demo, at('2026-02-01T01:00:00Z'));
    const [payment] = await withTenant(database.db, demo, (tx) =>
      tx
        .insert(payments)
        .values({ tenantId: demo, recordId: record.id, channel: 'cash', amount: 100, idempotencyKey: 'month-key-rls' })
        .returning({ recordCreatedAt: payments.recordCreatedAt }),
    );
    expect(payment!.recordCreatedAt).toEqual(record.createdAt);
  });

  it("refuses a link to another tenant's record as a link to no record, which the key on the id alone let through", async () => {
    const theirs = await newRecord(other, at('2026-02-10T01:00:00Z'));
    const error = await refused(payFor(demo, theirs.id, 'month-key-2'));
    expect(hasSqlState(error, '23503')).toBe(true);
    const error2 = await refused(payFor(demo, '00000000-0000-4000-8000-000000000001', 'month-key-3'));
    expect(hasSqlState(error2, '23503')).toBe(true);
    expect(await database.db.select().from(payments).where(eq(payments.recordId, theirs.id))).toEqual([]);
  });

  it('refuses a month that is not the record’s', async () => {
    const record = await newRecord(demo, at('2026-02-11T01:00:00Z'));
    const error = await refused(payFor(demo, record.id, 'month-key-4', { recordCreatedAt: at('2026-02-11T01:00:01Z') }));
    expect(hasSqlState(error, '23503')).toBe(true);
  });

  it('moves the month with the id when a complaint is linked to a record later, and clears it when unlinked', async () => {
    const first = await newRecord(demo, at('2026-02-12T01:00:00Z'));
    const second = await newRecord(demo, at('2026-03-12T01:00:00Z'));
    const [complaint] = await complaintOn(demo, null);
    const monthOf = async () => (await database.db.select({ recordId: complaints.recordId, month: complaints.recordCreatedAt }).from(complaints).where(eq(complaints.id, complaint!.id)))[0];

    expect(await monthOf()).toEqual({ recordId: null, month: null });
    await database.db.update(complaints).set({ recordId: first.id }).where(eq(complaints.id, complaint!.id));
    expect(await monthOf()).toEqual({ recordId: first.id, month: first.createdAt });
    await database.db.update(complaints).set({ recordId: second.id }).where(eq(complaints.id, complaint!.id));
    expect(await monthOf()).toEqual({ recordId: second.id, month: second.createdAt });
    await database.db.update(complaints).set({ recordId: null }).where(eq(complaints.id, complaint!.id));
    expect(await monthOf()).toEqual({ recordId: null, month: null });
  });

  it("deleting a record empties a complaint's link, id and month but not the tenant, and takes the record's correction requests with it", async () => {
    const record = await newRecord(demo, at('2026-02-13T01:00:00Z'));
    const [complaint] = await complaintOn(demo, record.id);
    await database.db
      .insert(recordEditRequests)
      .values({ tenantId: demo, recordId: record.id, kind: 'plate', requested: { plateNumber: '京A0M002' }, reason: '车牌识别错误', requestedBy: staffId });

    await database.db.delete(parkingRecords).where(eq(parkingRecords.id, record.id));

    expect(
      await database.db.select({ tenantId: complaints.tenantId, recordId: complaints.recordId, month: complaints.recordCreatedAt }).from(complaints).where(eq(complaints.id, complaint!.id)),
    ).toEqual([{ tenantId: demo, recordId: null, month: null }]);
    expect(await database.db.select().from(recordEditRequests).where(eq(recordEditRequests.recordId, record.id))).toEqual([]);
  });

  it("links a refund to its payment by the payment's month, and keeps a paid record and its payment from being deleted", async () => {
    const record = await newRecord(demo, at('2026-02-14T01:00:00Z'));
    const [payment] = await payFor(demo, record.id, 'month-key-5', { createdAt: at('2026-03-14T01:00:00Z') });
    const [refund] = await database.db
      .insert(refunds)
      .values({ tenantId: demo, paymentId: payment!.id, recordId: record.id, amount: 50, reason: '重复缴费', requestedBy: staffId })
      .returning({ paymentCreatedAt: refunds.paymentCreatedAt, recordCreatedAt: refunds.recordCreatedAt });
    expect(refund).toEqual({ paymentCreatedAt: payment!.createdAt, recordCreatedAt: record.createdAt });

    expect(hasSqlState(await refused(database.db.delete(payments).where(eq(payments.id, payment!.id))), '23503')).toBe(true);
    expect(hasSqlState(await refused(database.db.delete(parkingRecords).where(eq(parkingRecords.id, record.id))), '23503')).toBe(true);
    expect(
      await database.db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.id, payment!.id), eq(payments.tenantId, demo))),
    ).toHaveLength(1);
  });

  it('gives every link to a record or a payment its month, and a key naming the tenant, the id and the month', async () => {
    const rows = await database.transaction((s) =>
      s.query<{ table: string; key: string }>(
        `SELECT conrelid::regclass::text AS table, pg_get_constraintdef(oid) AS key FROM pg_constraint
         WHERE contype = 'f' AND confrelid IN ('parking_records'::regclass, 'payments'::regclass) AND conparentid = 0 ORDER BY 1, 2`,
      ),
    );
    expect(rows.length).toBe(14);
    for (const row of rows)
      expect(row.key, row.table).toMatch(
        /^FOREIGN KEY \(tenant_id, (record_id, record_created_at|payment_id, payment_created_at)\) REFERENCES (parking_records|payments)\(tenant_id, id, created_at\)/,
      );
  });
});

describe('a page of rows that link to records (payments, refunds, pursuit, …)', () => {
  const dialect = new PgDialect();

  /** What the executor did for a page of the payments with this key, joined to their records by `on`: each partition of the records, and whether it was read. */
  const partitionsRead = async (key: string, on: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(
      database.db.select({ id: payments.id, plate: parkingRecords.plateNumber }).from(payments).innerJoin(parkingRecords, on).where(eq(payments.idempotencyKey, key)).getSQL(),
    );
    const plan = await database.transaction(async (session) => {
      // the plan a page of a few rows gets on big tables: each row's record looked up by an index
      await session.exec('SET LOCAL enable_hashjoin = off');
      await session.exec('SET LOCAL enable_mergejoin = off');
      await session.exec('SET LOCAL enable_seqscan = off');
      return session.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${text}`, params);
    });
    const lines = plan.map((row) => row['QUERY PLAN']);
    return lines.flatMap((line) => {
      const scan = /Scan .*on (parking_records_\w+)/.exec(line);
      return scan ? [{ partition: scan[1]!, read: !line.includes('never executed') }] : [];
    });
  };

  it("looks for each record in the one month's partition that holds it, by the month the link carries", async () => {
    const [first] = await database.db.select({ at: monthPartitions.monthsFrom }).from(monthPartitions).where(eq(monthPartitions.tableName, 'parking_records'));
    const inMonth = await newRecord(demo, new Date(first!.at.getTime() + 3_600_000));
    await newRecord(demo, new Date(first!.at.getTime() - 40 * 86_400_000));
    await payFor(demo, inMonth.id, 'PAGE-LINKED');
    const china = new Date(first!.at.getTime() + 8 * 3_600_000);
    const month = `parking_records_${china.getUTCFullYear()}_${String(china.getUTCMonth() + 1).padStart(2, '0')}`;

    const byKey = await partitionsRead('PAGE-LINKED', linkedRecord(payments));
    expect(byKey.filter((scan) => scan.read).map((scan) => scan.partition)).toEqual([month]);
    expect(byKey.map((scan) => scan.partition)).toContain('parking_records_legacy');
    // the id alone is looked for in every month's partition
    const byId = await partitionsRead('PAGE-LINKED', and(eq(parkingRecords.tenantId, payments.tenantId), eq(parkingRecords.id, payments.recordId))!);
    expect(byId.filter((scan) => scan.read).map((scan) => scan.partition)).toEqual(expect.arrayContaining(['parking_records_legacy', month]));
  });
});
