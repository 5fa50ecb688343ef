import { and, eq, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';

/** The row `id` of a table, only when it is the tenant's: how a tenant finds, updates or deletes one of its rows. */
export const tenantRow = (table: { tenantId: AnyColumn; id: AnyColumn }, tenantId: string, id: string): SQL => and(eq(table.tenantId, tenantId), eq(table.id, id))!;

/** Inserts one row and answers it as stored, defaults filled in. */
export const insertRow = async <T extends PgTable>(db: Db, table: T, values: PgInsertValue<T>): Promise<T['$inferSelect']> => {
  const [row] = await db.insert(table).values(values).returning();
  return row!;
};

/** Inserts one row and answers the id the database gave it. */
export const insertId = async <T extends PgTable & { id: PgColumn }>(db: Db, table: T, values: PgInsertValue<T>): Promise<string> => {
  const [row] = await db.insert(table).values(values).returning({ id: table.id });
  return row!.id as string;
};
