import { auditField, auditKindOf, commonAuditFields, formatAmount, maskMobile, type OperationLog } from '@parking/contract';
import { formatDateTime } from '../../shared/resource/value-format';

/** One named object in a logged value: its name, and the console page that finds it when there is one. */
export interface LoggedObject {
  id: string;
  name: string;
  href: string | undefined;
}

/** A logged value as 详情 shows it: text, or the objects its ids stand for. */
export type LoggedValue = { kind: 'text'; text: string } | { kind: 'objects'; objects: LoggedObject[] };

/** One field of a logged object: its label and its value before and after (undefined: not on that side). */
export interface FieldChange {
  field: string;
  label: string;
  before: LoggedValue | undefined;
  after: LoggedValue | undefined;
}

/** What an entry did to its object: created it (its values), changed it (only what changed), deleted it (what it was). */
export interface EntryChanges {
  mode: 'create' | 'update' | 'delete';
  fields: FieldChange[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const absent = (value: unknown) => value === null || value === undefined;

/** JSON with object keys sorted, so equal values compare equal whatever order their keys came in. */
function canonical(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A moment as the API sends it (ISO with a zone); a plain date such as 2026-11-01 is not one. */
const isoMoment = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** The label of a field that is not an object's field: a bare value or a list. */
export const wholeValueField = '值';

/** Where the console lists an object of this kind, opened on it (its page searched by its name). */
export function objectHref(target: string, name: string | undefined): string | undefined {
  const page = auditKindOf(target)?.page;
  if (!page) return undefined;
  return page.param && name ? `${page.path}?${new URLSearchParams({ [page.param]: name }).toString()}` : page.path;
}

/** A short form of an id that has no name (another tenant's, or one never named): its first 8 characters. */
const unnamed = (id: string) => `${id.slice(0, 8)}…`;

/** A scalar as text: times on the Shanghai clock, yes/no in Chinese, anything else as it is. */
function scalarText(value: unknown): string {
  if (absent(value) || value === '') return '—';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'string') return isoMoment.test(value) ? formatDateTime(value) : value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' && isoMoment.test(v) ? formatDateTime(v) : v), 2);
}

/**
 * A logged field's value as 详情 shows it, by what the catalogue says the field is: ids as the
 * objects' names (linked to their page), codes by their names, fen in yuan, phones masked, times on the
 * Shanghai clock.
 */
export function loggedValue(target: string, field: string, value: unknown, names: Readonly<Record<string, string>>): LoggedValue {
  const spec = auditField(target, field);
  const list = Array.isArray(value) ? (value as unknown[]) : [value];
  const ref = spec.ref;
  if (ref && !absent(value) && list.every((v) => typeof v === 'string')) {
    const objects = list.map((id) => ({ id, name: names[id] ?? unnamed(id), href: names[id] ? objectHref(ref, names[id]) : undefined }));
    return objects.length === 0 ? { kind: 'text', text: '—' } : { kind: 'objects', objects };
  }
  const one = (v: unknown): string => {
    if (spec.values && !absent(v) && typeof v !== 'object') return spec.values[String(v)] ?? String(v);
    if (spec.fen && (typeof v === 'number' || typeof v === 'string') && v !== '') return `${formatAmount(v)} 元`;
    if (spec.phone && typeof v === 'string' && v !== '') return maskMobile(v);
    return scalarText(v);
  };
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) return { kind: 'text', text: value.length === 0 ? '—' : value.map(one).join('、') };
  return { kind: 'text', text: one(value) };
}

/**
 * Fields in the order the catalogue lists them (the kind's own, as its form has them, then the common
 * ones), any other after them: the database keeps a snapshot's keys in an order of its own.
 */
function inCatalogueOrder(target: string, keys: string[]): string[] {
  const order = [...Object.keys(auditKindOf(target)?.fields ?? {}), ...Object.keys(commonAuditFields)];
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return keys
    .map((key, i) => ({ key, i }))
    .sort((a, b) => rank(a.key) - rank(b.key) || a.i - b.i)
    .map(({ key }) => key);
}

/** What a logged entry did, field by field, in the catalogue's words; an entry with nothing logged has no fields. */
export function entryChanges(log: Pick<OperationLog, 'target' | 'targetId' | 'before' | 'after' | 'names'>): EntryChanges {
  const { target, targetId, before, after, names } = log;
  const mode = absent(before) ? 'create' : absent(after) ? 'delete' : 'update';
  if (absent(before) && absent(after)) return { mode, fields: [] };
  const shown = (field: string, value: unknown) => (value === undefined ? undefined : loggedValue(target, field, value, names));
  if (!isRecord(before ?? {}) || !isRecord(after ?? {})) {
    const field = (value: unknown) => (absent(value) ? undefined : { kind: 'text' as const, text: scalarText(value) });
    const changed = canonical(before ?? undefined) !== canonical(after ?? undefined);
    return { mode, fields: changed || mode !== 'update' ? [{ field: wholeValueField, label: wholeValueField, before: field(before), after: field(after) }] : [] };
  }
  const beforeRecord = (before ?? {}) as Record<string, unknown>;
  const afterRecord = (after ?? {}) as Record<string, unknown>;
  // the object's own id is the entry's 对象, named above the table already
  const isOwnId = (key: string) => key === 'id' && targetId !== '' && (beforeRecord.id ?? afterRecord.id) === targetId;
  const keys = inCatalogueOrder(
    target,
    [...new Set([...Object.keys(beforeRecord), ...Object.keys(afterRecord)])].filter((key) => !isOwnId(key)),
  );
  // an update shows only what it changed; a creation or a deletion shows every value it logged
  const wanted = mode === 'update' ? keys.filter((key) => canonical(beforeRecord[key]) !== canonical(afterRecord[key])) : keys;
  return {
    mode,
    fields: wanted.map((field) => ({
      field,
      label: auditField(target, field).label,
      before: mode === 'create' ? undefined : shown(field, beforeRecord[field]),
      after: mode === 'delete' ? undefined : shown(field, afterRecord[field]),
    })),
  };
}
