import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.js';
import { devices, parkingLanes, parkingLots, parkingRecords, payments, tenants, users, vehicleEvents } from './schema/index.js';
import { hasSqlState } from './sql-error.js';
import { seededDemoDatabase } from '../test/test-app.js';

// A database spread across nodes by tenant (a tenant-sharded PostgreSQL such as Citus) can only keep
// unique what names the tenant: each node holds some tenants, and checks its own rows; and a link whose
// key lacks the tenant could point at another node. Every key and link here names the tenant, and a new
// one without it fails these tests (docs/SCALING.md).

let database: Database;
let demo: string;
let other: string;
const lots = new Map<string, string>();
beforeAll(async () => {
  ({ database, tenantId: demo } = await seededDemoDatabase());
  other = (await database.db.select({ id: tenants.id }).from(tenants).where(ne(tenants.id, demo)).limit(1))[0]!.id;
  for (const tenantId of [demo, other]) {
    const [lot] = await database.db.insert(parkingLots).values({ tenantId, name: '键测试停车场', type: 1, kind: 'lane' }).returning({ id: parkingLots.id });
    lots.set(tenantId, lot!.id);
  }
});
afterAll(() => database?.close());

/** Unique indexes and primary keys of tables that have a tenant, partitions left out, with their columns. */
const keysOf = (primary: boolean) =>
  database.transaction((s) =>
    s.query<{ table: string; index: string; columns: string[] }>(
      `SELECT t.relname AS table, i.indexrelid::regclass::text AS index, array_agg(a.attname::text ORDER BY k.n) AS columns
         FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace s ON s.oid = t.relnamespace
         CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, n)
         JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
        WHERE s.nspname = 'public' AND i.indisunique AND i.indisprimary = $1 AND NOT t.relispartition
          AND EXISTS (SELECT 1 FROM pg_attribute c WHERE c.attrelid = t.oid AND c.attname = 'tenant_id' AND NOT c.attisdropped)
        GROUP BY 1, 2 ORDER BY 1, 2`,
      [primary],
    ),
  );

describe('keys and the tenant', () => {
  it('gives every unique index of a table with a tenant the tenant', async () => {
    const unique = await keysOf(false);
    expect(unique.length).toBeGreaterThan(30);
    expect(unique.filter((key) => !key.columns.includes('tenant_id')).map((key) => key.index)).toEqual([]);
  });

  it('finds what is named before its tenant is known (a trade, an invoice, a cookie) through a plain index beside the key in the tenant', async () => {
    const byName = new Map((await keysOf(false)).map((key) => [key.index, key.columns]));
    expect(byName.get('gateway_orders_tenant_no')).toEqual(['tenant_id', 'gateway_order_no']);
    expect(byName.get('device_nonces_tenant_device_nonce')).toEqual(['tenant_id', 'device_id', 'nonce']);
    const plain = await database.transaction((s) =>
      s.query<{ index: string }>(`SELECT indexname AS index FROM pg_indexes WHERE schemaname = 'public' AND indexname = ANY ($1) ORDER BY 1`, [
        ['gateway_orders_by_no', 'invoices_by_order_no', 'sessions_by_token_hash', 'merchant_sessions_by_token_hash', 'owner_sessions_by_token_hash'],
      ]),
    );
    expect(plain).toHaveLength(5);
  });

  it('keys every table with a tenant by the tenant, beside the id or the pair it was keyed by', async () => {
    const primary = await keysOf(true);
    expect(primary.length).toBeGreaterThan(60);
    expect(primary.filter((key) => !key.columns.includes('tenant_id')).map((key) => key.index)).toEqual([]);
    const byTable = new Map(primary.map((key) => [key.table, key.columns]));
    expect(byTable.get('users')).toEqual(['id', 'tenant_id']);
    expect(byTable.get('user_roles')).toEqual(['user_id', 'role_id', 'tenant_id']);
  });

  it('links a row to a row of another table with a tenant by its id with the tenant, the key it has', async () => {
    const links = await database.transaction((s) =>
      s.query<{ link: string; definition: string }>(
        `SELECT c.conname AS link, pg_get_constraintdef(c.oid) AS definition FROM pg_constraint c
           JOIN pg_class child ON child.oid = c.conrelid JOIN pg_namespace n ON n.oid = child.relnamespace
          WHERE c.contype = 'f' AND n.nspname = 'public' AND NOT child.relispartition
            AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.confrelid AND a.attname = 'tenant_id' AND NOT a.attisdropped)
          ORDER BY 1`,
      ),
    );
    expect(links.length).toBeGreaterThan(90);
    expect(links.filter((link) => !/^FOREIGN KEY \(.*\btenant_id\b.*\) REFERENCES \w+\(.*\btenant_id\b.*\)/.test(link.definition)).map((link) => link.link)).toEqual([]);
    // cleared on delete, a link clears its own column: the row keeps its tenant
    const cleared = links.filter((link) => link.definition.includes('SET NULL'));
    expect(cleared.length).toBeGreaterThan(40);
    expect(cleared.filter((link) => /SET NULL \((\w+, )*tenant_id/.test(link.definition) || !/SET NULL \(\w+(, \w+)*\)/.test(link.definition)).map((link) => link.link)).toEqual([]);
  });

  it('keys the tables kept by month and the idempotency keys of payments by the tenant', async () => {
    const primary = new Map((await keysOf(true)).map((key) => [key.table, key.columns]));
    expect(primary.get('payments')).toEqual(['id', 'tenant_id', 'created_at']);
    expect(primary.get('parking_records')).toEqual(['id', 'tenant_id', 'created_at']);
    expect(primary.get('payment_idempotency_keys')).toEqual(['tenant_id', 'idempotency_key']);
    expect(primary.get('vehicle_events')).toContain('tenant_id');
    expect(primary.get('operation_logs')).toContain('tenant_id');
  });
});

describe('links between the rows of a tenant', () => {
  const lotOf = (tenantId: string) => lots.get(tenantId)!;
  const failure = (work: Promise<unknown>) =>
    work.then(
      () => undefined,
      (caught: unknown) => caught,
    );

  it("refuses a link to another tenant's row, which the key by the id alone let through", async () => {
    const theirLot = lotOf(other);
    const device = { tenantId: demo, sn: 'TENANT-KEY-1', name: '跨租户相机', type: 'camera', secret: 'x'.repeat(32) };
    expect(hasSqlState(await failure(database.db.insert(devices).values({ ...device, lotId: theirLot })), '23503')).toBe(true);
    expect(await database.db.select().from(devices).where(eq(devices.sn, 'TENANT-KEY-1'))).toEqual([]);
    await database.db.insert(devices).values({ ...device, lotId: lotOf(demo) });
    expect(await database.db.select({ sn: devices.sn }).from(devices).where(eq(devices.sn, 'TENANT-KEY-1'))).toEqual([{ sn: 'TENANT-KEY-1' }]);
  });

  it("clears a record's lane and a payment's operator when they are deleted, and keeps the record's and the payment's tenant", async () => {
    const lotId = lotOf(demo);
    const at = new Date('2026-03-03T02:00:00Z');
    const [lane] = await database.db.insert(parkingLanes).values({ tenantId: demo, lotId, name: '键测试入口', direction: 'in' }).returning({ id: parkingLanes.id });
    const [record] = await database.db
      .insert(parkingRecords)
      .values({ tenantId: demo, lotId, entryLaneId: lane!.id, plateNumber: '京A0K001', enteredAt: at, createdAt: at, updatedAt: at })
      .returning({ id: parkingRecords.id });
    const [staff] = await database.db.insert(users).values({ tenantId: demo, account: 'tenant-key-cashier', realName: '收费员', passwordHash: 'x' }).returning({ id: users.id });
    await database.db
      .insert(payments)
      .values({ tenantId: demo, recordId: record!.id, channel: 'cash', amount: 500, idempotencyKey: 'tenant-key-cash', operatorId: staff!.id, createdAt: at });

    await database.db.delete(parkingLanes).where(eq(parkingLanes.id, lane!.id));
    await database.db.delete(users).where(eq(users.id, staff!.id));

    expect(await database.db.select({ tenantId: parkingRecords.tenantId, lane: parkingRecords.entryLaneId }).from(parkingRecords).where(eq(parkingRecords.id, record!.id))).toEqual([
      { tenantId: demo, lane: null },
    ]);
    expect(
      await database.db
        .select({ tenantId: payments.tenantId, operator: payments.operatorId })
        .from(payments)
        .where(and(eq(payments.tenantId, demo), eq(payments.idempotencyKey, 'tenant-key-cash'))),
    ).toEqual([{ tenantId: demo, operator: null }]);
  });

  it("takes a device's events with it when it is deleted, in every month", async () => {
    const [device] = await database.db
      .insert(devices)
      .values({ tenantId: demo, sn: 'TENANT-KEY-2', name: '键测试相机', type: 'camera', lotId: lotOf(demo), secret: 'y'.repeat(32) })
      .returning({ id: devices.id });
    const event = { tenantId: demo, deviceId: device!.id, kind: 'heartbeat' };
    await database.db.insert(vehicleEvents).values([
      { ...event, deviceEventId: 'k-1', occurredAt: new Date('2025-01-05T02:00:00Z') },
      { ...event, deviceEventId: 'k-2', occurredAt: new Date('2031-01-05T02:00:00Z') },
    ]);
    await database.db.delete(devices).where(eq(devices.id, device!.id));
    expect(await database.db.select().from(vehicleEvents).where(eq(vehicleEvents.deviceId, device!.id))).toEqual([]);
  });
});
