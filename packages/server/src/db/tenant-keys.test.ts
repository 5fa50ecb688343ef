import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.js';
import { seededTestDatabase } from '../test/test-app.js';

// A database spread across nodes by tenant (a tenant-sharded PostgreSQL such as Citus) can only keep
// unique what names the tenant: each node holds some tenants, and checks its own rows. What is left
// to move is listed here, so that a new key without the tenant is seen (docs/SCALING.md).

let database: Database;
beforeAll(async () => {
  database = await seededTestDatabase();
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
  it('gives every unique index of a table with a tenant the tenant, but for the few whose callers know no tenant yet', async () => {
    const without = (await keysOf(false)).filter((key) => !key.columns.includes('tenant_id')).map((key) => key.index);
    expect(without).toEqual([
      // a device signs its own requests: its id is known before its tenant
      'device_nonces_device_nonce',
      // a payment provider's notice and bill name the trade by its number alone
      'gateway_orders_no',
      // the invoice platform's answer names the invoice by its number alone
      'invoices_order_no',
      // a session is found by its cookie before its tenant is known
      'merchant_sessions_token_hash_unique',
      'owner_sessions_token_hash_unique',
      'sessions_token_hash_unique',
    ]);
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
