import { describe, expect, it } from 'vitest';
import { parseTimestampText } from './timestamp-text.js';

describe('reading PostgreSQL timestamp text', () => {
  it.each([
    ['0001-01-01 04:00:00+00', '0001-01-01T04:00:00.000Z'],
    ['0099-06-01 04:00:00+00', '0099-06-01T04:00:00.000Z'],
    ['0001-01-01T04:00:00+00:00', '0001-01-01T04:00:00.000Z'],
    ['2025-03-03 08:00:00.123456+08', '2025-03-03T00:00:00.123Z'],
    ['2025-03-03 08:00:00+0000', '2025-03-03T08:00:00.000Z'],
    ['2025-03-03T08:00:00Z', '2025-03-03T08:00:00.000Z'],
    ['1900-01-01 08:05:43+08:05:43', '1900-01-01T00:00:00.000Z'],
    ['2025-03-03 02:00:00-05:30', '2025-03-03T07:30:00.000Z'],
    ['0001-12-31 23:00:00+00 BC', '0000-12-31T23:00:00.000Z'],
  ])('%s is %s, its year kept', (text, iso) => {
    expect(parseTimestampText(text).toISOString()).toBe(iso);
  });

  it('leaves text it does not know to Date', () => {
    expect(Number.isNaN(parseTimestampText('infinity').getTime())).toBe(true);
  });
});
