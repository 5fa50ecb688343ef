import { ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** A LIKE/ILIKE pattern matching `text` anywhere, with the user's own % _ \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Some of `columns` contain `text`, case aside; no condition at all when `text` is empty (a filter left blank). */
export const containing = (text: string | undefined, ...columns: AnyColumn[]): SQL | undefined => (text ? or(...columns.map((column) => ilike(column, containsPattern(text)))) : undefined);

/** A LIKE/ILIKE pattern matching text that starts with `text`, escaped the same way. */
export const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `column` starts with `prefix`, as a byte-order range (prefix ≤ value < prefix with its last
 * character the next one) that an index with text_pattern_ops serves. Unlike LIKE, whose function
 * is not leakproof, the range operators may be used inside row-level security, so a tenant's
 * 粤B… search reads the index instead of every record of the tenant.
 */
export const startsWith = (column: AnyColumn, prefix: string): SQL => {
  const chars = [...prefix];
  const last = chars.at(-1)?.codePointAt(0) ?? 0;
  const upper = `${chars.slice(0, -1).join('')}${String.fromCodePoint(last + 1)}`;
  return sql`(${column} ~>=~ ${prefix} and ${column} ~<~ ${upper})`;
};
