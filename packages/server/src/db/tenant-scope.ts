import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/** The role signed-in requests run as; row-level security applies to it (migration 0003). */
export const tenantRole = 'parking_app';

/**
 * Runs `work` in one transaction as the tenant role with `app.tenant_id` set, so PostgreSQL
 * itself refuses rows of other tenants even where a query forgets its tenant condition.
 *
 * The role and the tenant are set in one statement (`set_config('role', …, true)` is SET LOCAL ROLE):
 * every signed-in request opens such a transaction, and on a busy machine each round trip to the
 * server costs more than the statement itself.
 */
export const withTenant = <T>(db: Db, tenantId: string, work: (tx: Db) => Promise<T>, options: { readOnly?: boolean } = {}): Promise<T> =>
  db.transaction(
    async (tx) => {
      await tx.execute(sql`SELECT set_config('role', ${tenantRole}, true), set_config('app.tenant_id', ${tenantId}, true)`);
      return work(tx);
    },
    // BEGIN READ ONLY, as a hot standby takes it (db/replica.ts); set_config works there too
    options.readOnly ? { accessMode: 'read only' } : undefined,
  );
