/**
 * Which columns of a list are shown. Key columns always are; the others are shown while the table
 * has room for them, the secondary ones going first, the last column of a rank before the earlier
 * ones. What a user ticks or unticks in 列设置 overrules that, and is kept per user, tenant and page.
 */

/** key: shown always, even on a phone; secondary: the first to go when the table does not fit; otherwise shown while there is room. */
export type ColumnPriority = 'key' | 'normal' | 'secondary';

export interface FitColumn {
  key: string;
  width: number;
  priority: ColumnPriority;
}

/** A column's own choice in 列设置: shown (true) or hidden (false); absent means as the room allows. */
export type ColumnChoices = Readonly<Record<string, boolean>>;

/** The width a column without its own is laid out and counted with. */
export const defaultColumnWidth = 120;

/** Below this table width a row is read on a phone: 序号 goes and only what matters stays. */
export const narrowTableWidth = 576;

/**
 * The keys shown when the table has `room` pixels for its data columns: everything when it all fits,
 * otherwise secondary columns then normal ones are left out, from the last one back, until it fits.
 */
export function fitColumns(columns: readonly FitColumn[], room: number): Set<string> {
  const shown = new Set(columns.map((c) => c.key));
  let total = columns.reduce((sum, c) => sum + c.width, 0);
  for (const rank of ['secondary', 'normal'] as const) {
    for (const column of [...columns].reverse()) {
      if (total <= room) return shown;
      if (column.priority !== rank) continue;
      shown.delete(column.key);
      total -= column.width;
    }
  }
  return shown;
}

/** What the room allows, then what the user chose; key columns are never hidden. */
export function visibleColumnKeys(columns: readonly FitColumn[], room: number, choices: ColumnChoices): Set<string> {
  const fitted = fitColumns(columns, room);
  return new Set(columns.filter((c) => c.priority === 'key' || (choices[c.key] ?? fitted.has(c.key))).map((c) => c.key));
}

/** Where one user's choices for one page of one tenant are kept. */
export const columnChoicesStorageKey = (tenant: string, user: string, page: string) => `parking.columns:${tenant}:${user}:${page}`;

/** The stored choices, or none when nothing (or something unreadable) is stored. */
export function parseColumnChoices(raw: string | null): ColumnChoices {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
  } catch {
    return {};
  }
}
