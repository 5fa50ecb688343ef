import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * A row PostgreSQL handed back as `to_jsonb(t)`, read as drizzle reads the table's own rows:
 * snake_case keys to the schema's field names, each value through its column's mapping (a
 * timestamp's text to a Date, and so on). Lets one query bring back several rows of different tables.
 */
export const rowFromJson = <T extends Table>(table: T, json: unknown): T['$inferSelect'] | undefined => {
  if (json === null || json === undefined) return undefined;
  const source = json as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(getTableColumns(table))) {
    const value = source[column.name];
    row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
};

/** The rows of `db.execute`, whichever driver answered. */
export const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
