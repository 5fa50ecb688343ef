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
  return row;
};

/** The rows of `db.execute`, whichever driver answered. */
export const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * A row of `table` as `jsonb_populate_record` reads it: the schema's field names to the columns'
 * snake_case names, a Date as its ISO text. The inverse of rowFromJson, for statements that take
 * rows as JSON.
 */
export const rowToJson = <T extends Table>(table: T, row: T['$inferSelect']): Record<string, unknown> => {
  const json: Record<string, unknown> = {};
  const source = row as Record<string, unknown>;
  for (const [field, name] of columnNamesOf(table)) {
    const value = source[field];
    json[name] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  return json;
};

/** each table's field names with their column names, read from the schema once */
const columnNames = new WeakMap<Table, [string, string][]>();
const columnNamesOf = (table: Table) => {
  let names = columnNames.get(table);
  if (!names) {
    names = Object.entries(getTableColumns(table)).map(([field, column]) => [field, column.name]);
    columnNames.set(table, names);
  }
  return names;
};
