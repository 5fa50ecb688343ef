import { describe, expect, it } from 'vitest';
import { columnChoicesStorageKey, fitColumns, parseColumnChoices, visibleColumnKeys, type FitColumn } from './column-settings';

// 停车记录's columns as the room decides them: the plate and the state are key, colour and lane secondary
const columns: FitColumn[] = [
  { key: 'plateNumber', width: 120, priority: 'key' },
  { key: 'plateColour', width: 80, priority: 'secondary' },
  { key: 'lotName', width: 130, priority: 'normal' },
  { key: 'entryLaneName', width: 110, priority: 'secondary' },
  { key: 'amountDue', width: 95, priority: 'normal' },
  { key: 'state', width: 90, priority: 'key' },
];
const all = columns.map((c) => c.key);

describe('fitColumns', () => {
  it('shows every column when they all fit', () => {
    expect([...fitColumns(columns, 625)]).toEqual(all);
    expect([...fitColumns(columns, 10_000)]).toEqual(all);
  });

  it('leaves out secondary columns first, the last one first, only as many as needed', () => {
    expect([...fitColumns(columns, 624)]).toEqual(['plateNumber', 'plateColour', 'lotName', 'amountDue', 'state']);
    expect([...fitColumns(columns, 435)]).toEqual(['plateNumber', 'lotName', 'amountDue', 'state']);
  });

  it('then leaves out normal columns from the last one back, and never a key column', () => {
    expect([...fitColumns(columns, 434)]).toEqual(['plateNumber', 'lotName', 'state']);
    expect([...fitColumns(columns, 100)]).toEqual(['plateNumber', 'state']);
  });
});

describe('visibleColumnKeys', () => {
  it('follows the room while the user has chosen nothing', () => {
    expect([...visibleColumnKeys(columns, 435, {})]).toEqual(['plateNumber', 'lotName', 'amountDue', 'state']);
  });

  it("keeps the user's choice whatever the room: a hidden column stays hidden, a chosen one shown", () => {
    expect([...visibleColumnKeys(columns, 10_000, { lotName: false })]).toEqual(['plateNumber', 'plateColour', 'entryLaneName', 'amountDue', 'state']);
    expect([...visibleColumnKeys(columns, 100, { amountDue: true })]).toEqual(['plateNumber', 'amountDue', 'state']);
  });

  it('never hides a key column, even when the stored choice says so', () => {
    expect(visibleColumnKeys(columns, 10_000, { state: false }).has('state')).toBe(true);
  });
});

describe('stored choices', () => {
  it('are kept apart per tenant, user and page', () => {
    const keys = new Set([
      columnChoicesStorageKey('demo', 'u1', 'parkingRecord'),
      columnChoicesStorageKey('mw', 'u1', 'parkingRecord'),
      columnChoicesStorageKey('demo', 'u2', 'parkingRecord'),
      columnChoicesStorageKey('demo', 'u1', 'payment'),
    ]);
    expect(keys.size).toBe(4);
  });

  it('read back what was written, and nothing from a missing or damaged value', () => {
    expect(parseColumnChoices(JSON.stringify({ lotName: false, amountDue: true }))).toEqual({ lotName: false, amountDue: true });
    expect(parseColumnChoices(null)).toEqual({});
    expect(parseColumnChoices('{not json')).toEqual({});
    expect(parseColumnChoices('["lotName"]')).toEqual({});
    expect(parseColumnChoices(JSON.stringify({ lotName: 'no', state: false }))).toEqual({ state: false });
  });
});
