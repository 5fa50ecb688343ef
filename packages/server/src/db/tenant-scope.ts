import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/** The role signed-in requests run as; row-level security applies to it (migration 0003). */
export const tenantRole = 'parking_app';

/**
 * Runs `work` in one transaction as the tenant role with `app.tenant_id` set, so PostgreSQL
 * itself refuses rows of other tenants even where a query forgets its tenant condition.
 */
export const withTenant = <T>(db: Db, tenantId: string, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL ROLE ${tenantRole}`));
    await tx.execute(sql`SELECT set_config('app.tenant_id', ${tenantId}, true)`);
    return work(tx);
  });
