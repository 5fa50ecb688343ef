import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client.js';

/** The role signed-in requests run as; row-level security applies to it (migration 0003). */
export const tenantRole = 'parking_app';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A tenant id is written into the BEGIN's text, so only a UUID gets that far. */
export const assertTenantId = (tenantId: string) => {
  if (!uuid.test(tenantId)) throw new Error(`not a tenant id: ${tenantId}`);
};

/** What drizzle's own transaction is made of, read from the root database it was opened on. */
interface DrizzleSessionParts {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
}

/** The pool behind a root database on PostgreSQL; none for PGlite or for a database that is already a transaction. */
const poolOf = (db: Db) => {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
};

/** A connection the caller checked out, and, once a transaction on it failed to roll back, why it must not be reused. */
export interface HeldConnection {
  client: pg.PoolClient;
  unusable?: Error;
}

/**
 * On one PostgreSQL connection the caller holds: BEGIN and the role and tenant in one round trip (a
 * simple-protocol query of two statements, the tenant's UUID checked and written in), then `work` in
 * a drizzle transaction on that connection as drizzle's own `transaction` builds it from the root
 * database `root` (nested ones are savepoints), then COMMIT. Every signed-in request opens one,
 * on the primary's pool here or on a replica's (db/replica.ts); drizzle's would send BEGIN on its own first.
 */
export const tenantTransactionOn = async <T>(held: HeldConnection, root: Db, tenantId: string, work: (tx: Db) => Promise<T>, options: { readOnly?: boolean } = {}): Promise<T> => {
  assertTenantId(tenantId);
  const parts = (root as unknown as { _: { session: DrizzleSessionParts } })._.session;
  const { client } = held;
  try {
    await client.query(`BEGIN${options.readOnly ? ' READ ONLY' : ''}; SELECT set_config('role', '${tenantRole}', true), set_config('app.tenant_id', '${tenantId}', true)`);
    const session = new NodePgSession(client, parts.dialect, parts.schema, parts.options);
    const result = await work(new NodePgTransaction(parts.dialect, session, parts.schema) as unknown as Db);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // after a failed COMMIT the transaction is already over, and ROLLBACK only warns;
    // a connection that could not even roll back is closed, not handed out again
    await client.query('ROLLBACK').catch((rollbackFailed: unknown) => {
      held.unusable = rollbackFailed instanceof Error ? rollbackFailed : new Error(String(rollbackFailed));
    });
    throw error;
  }
};

const onePoolTransaction = async <T>(pool: pg.Pool, db: Db, tenantId: string, work: (tx: Db) => Promise<T>, readOnly: boolean): Promise<T> => {
  assertTenantId(tenantId);
  const held: HeldConnection = { client: await pool.connect() };
  try {
    return await tenantTransactionOn(held, db, tenantId, work, { readOnly });
  } finally {
    held.client.release(held.unusable);
  }
};

/**
 * Runs `work` in one transaction as the tenant role with `app.tenant_id` set, so PostgreSQL
 * itself refuses rows of other tenants even where a query forgets its tenant condition.
 *
 * The role and the tenant are set in one statement (`set_config('role', …, true)` is SET LOCAL ROLE),
 * and on PostgreSQL sent with the BEGIN: every signed-in request opens such a transaction, and on a
 * busy machine each round trip to the server costs more than the statement itself.
 */
export const withTenant = <T>(db: Db, tenantId: string, work: (tx: Db) => Promise<T>, options: { readOnly?: boolean } = {}): Promise<T> => {
  const pool = poolOf(db);
  if (pool) return onePoolTransaction(pool, db, tenantId, work, options.readOnly === true);
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`SELECT set_config('role', ${tenantRole}, true), set_config('app.tenant_id', ${tenantId}, true)`);
      return work(tx);
    },
    // BEGIN READ ONLY, as a hot standby takes it (db/replica.ts); set_config works there too
    options.readOnly ? { accessMode: 'read only' } : undefined,
  );
};
