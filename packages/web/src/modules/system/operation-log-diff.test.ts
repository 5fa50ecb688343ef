import { describe, expect, it } from 'vitest';
import { diffFields, prettyValue, wholeValueField } from './operation-log-diff';

describe('the before/after diff of a logged operation', () => {
  it('lists every field of either side in order and marks only the changed ones', () => {
    const rows = diffFields({ id: 'd1', label: '渐变绿', value: '5', sort: 6 }, { id: 'd1', label: '新能源绿', value: '5', sort: 0, dictName: 'plate_colour' });
    expect(rows.map((r) => [r.field, r.changed])).toEqual([
      ['id', false],
      ['label', true],
      ['value', false],
      ['sort', true],
      ['dictName', true],
    ]);
    expect(rows[1]).toEqual({ field: 'label', before: '渐变绿', after: '新能源绿', changed: true });
    expect(rows[4]).toEqual({ field: 'dictName', before: undefined, after: 'plate_colour', changed: true });
  });

  it('shows a creation as all after and a deletion as all before', () => {
    expect(diffFields(null, { label: 'a' })).toEqual([{ field: 'label', before: undefined, after: 'a', changed: true }]);
    expect(diffFields({ label: 'a' }, null)).toEqual([{ field: 'label', before: 'a', after: undefined, changed: true }]);
    expect(diffFields(null, null)).toEqual([]);
  });

  it('pretty-prints nested values and compares them regardless of key order', () => {
    const [menu] = diffFields({ meta: { a: 1, b: [1, 2] } }, { meta: { b: [1, 2], a: 1 } });
    expect(menu?.changed).toBe(false);
    expect(menu?.before).toBe('{\n  "a": 1,\n  "b": [\n    1,\n    2\n  ]\n}');
    const [roles] = diffFields({ roles: ['x'] }, { roles: ['x', 'y'] });
    expect(roles?.changed).toBe(true);
    expect(prettyValue(null)).toBe('null');
    expect(prettyValue(3)).toBe('3');
  });

  it('compares bare values as one row', () => {
    expect(diffFields(['a'], ['a', 'b'])).toEqual([{ field: wholeValueField, before: '[\n  "a"\n]', after: '[\n  "a",\n  "b"\n]', changed: true }]);
  });
});
