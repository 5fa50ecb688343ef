/** One field of a logged row, before and after the operation; undefined means the field was not there. */
export interface FieldChange {
  field: string;
  before: string | undefined;
  after: string | undefined;
  changed: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

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

/** A value as the diff table shows it: text as it is, anything else as pretty-printed JSON. */
export function prettyValue(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

/** The field name used when a side is not an object (a bare value or a list). */
export const wholeValueField = '值';

/**
 * The logged row before and after, field by field: every field of either side in the order they
 * first appear, marked when it differs. A creation has only an after, a deletion only a before.
 */
export function diffFields(before: unknown, after: unknown): FieldChange[] {
  const absent = (value: unknown) => value === null || value === undefined;
  if (absent(before) && absent(after)) return [];
  const beforeRecord = absent(before) ? {} : before;
  const afterRecord = absent(after) ? {} : after;
  if (!isRecord(beforeRecord) || !isRecord(afterRecord)) {
    const [b, a] = [absent(before) ? undefined : before, absent(after) ? undefined : after];
    return [{ field: wholeValueField, before: prettyValue(b), after: prettyValue(a), changed: canonical(b) !== canonical(a) }];
  }
  const fields = [...new Set([...Object.keys(beforeRecord), ...Object.keys(afterRecord)])];
  return fields.map((field) => ({
    field,
    before: prettyValue(beforeRecord[field]),
    after: prettyValue(afterRecord[field]),
    changed: canonical(beforeRecord[field]) !== canonical(afterRecord[field]),
  }));
}
