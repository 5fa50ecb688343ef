import { useSyncExternalStore } from 'react';
import { useSessionStore } from '../session/session-store';
import { readAccount } from '../tenant/account-cookie';
import { columnChoicesStorageKey, defaultColumnWidth, parseColumnChoices, visibleColumnKeys, type ColumnChoices, type FitColumn } from './column-settings';
import { tableVisibleColumns } from './resource-columns';
import type { ResourceDescriptor } from './resource-types';

// The toolbar's 列设置 and the table read one store: the choices kept in localStorage and the room
// the table last measured for its data columns, per page.
const listeners = new Set<() => void>();
const rooms = new Map<string, number>();
const parsed = new Map<string, { raw: string | null; choices: ColumnChoices }>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const notify = () => listeners.forEach((listener) => listener());

const storage = (): Storage | null => (typeof window === 'undefined' ? null : window.localStorage);

function readChoices(key: string): ColumnChoices {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(key) ?? null;
  } catch {
    // storage refused (private mode…): nothing is kept
  }
  const known = parsed.get(key);
  if (known?.raw === raw && known) return known.choices;
  const choices = parseColumnChoices(raw);
  parsed.set(key, { raw, choices });
  return choices;
}

function writeChoices(key: string, choices: ColumnChoices): void {
  try {
    if (Object.keys(choices).length === 0) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(choices));
  } catch {
    // storage refused: the choice still holds until the page is reloaded
    parsed.set(key, { raw: null, choices });
  }
  notify();
}

/** The table says how many pixels its data columns have; until it has, everything is shown. */
export function publishColumnRoom(page: string, room: number): void {
  if (rooms.get(page) === room) return;
  rooms.set(page, room);
  notify();
}

export interface ColumnSetting {
  key: string;
  title: string;
  /** key columns are always shown: their box is ticked and cannot be unticked */
  locked: boolean;
  visible: boolean;
}

/** The page's columns as 列设置 lists them, which of them are shown, and the ways to change that. */
export function useColumnSettings<T, Q>(descriptor: ResourceDescriptor<T, Q>) {
  const user = useSessionStore((state) => state.user);
  const storageKey = columnChoicesStorageKey(user?.tenantCode ?? readAccount(), user?.userId ?? '-', descriptor.resource);
  const choices = useSyncExternalStore(subscribe, () => readChoices(storageKey));
  const room = useSyncExternalStore(subscribe, () => rooms.get(descriptor.resource) ?? Number.POSITIVE_INFINITY);

  const columns = tableVisibleColumns(descriptor.columns);
  const fit: FitColumn[] = columns.map((c) => ({ key: c.key ?? c.dataIndex, width: c.width ?? defaultColumnWidth, priority: c.priority ?? 'normal' }));
  const visible = visibleColumnKeys(fit, room, choices);
  const settings: ColumnSetting[] = columns.map((c, i) => ({ key: fit[i]!.key, title: c.title, locked: fit[i]!.priority === 'key', visible: visible.has(fit[i]!.key) }));

  return {
    settings,
    visible,
    /** the user has chosen something, so 重置 has something to undo */
    chosen: Object.keys(choices).length > 0,
    choose: (key: string, shown: boolean) => writeChoices(storageKey, { ...choices, [key]: shown }),
    reset: () => writeChoices(storageKey, {}),
  };
}
