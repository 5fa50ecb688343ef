import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { businessIso, pickerTime } from './value-format';

describe('business times between the picker and the API', () => {
  it('sends a picked wall-clock time as Shanghai time with its offset', () => {
    expect(businessIso(dayjs('2026-11-20T08:00:00'))).toBe('2026-11-20T08:00:00+08:00');
    expect(pickerTime('2026-11-20T00:00:00Z')?.format('YYYY-MM-DD HH:mm')).toBe('2026-11-20 08:00');
  });

  it('keeps the years 0001–0099 as they are: never 19xx or 20xx, which could pass as a real date', () => {
    const picked = dayjs('2026-01-01T08:00:00').year(1);
    expect(businessIso(picked)).toBe('0001-01-01T08:00:00+08:00');
    expect(businessIso(dayjs('2026-06-01T08:00:00').year(99))).toBe('0099-06-01T08:00:00+08:00');
    expect(pickerTime('0001-01-01T12:00:00+08:00')?.format('YYYY-MM-DD HH:mm')).toBe('0001-01-01 12:00');
    expect(pickerTime('0099-06-01T04:00:00Z')?.format('YYYY-MM-DD HH:mm')).toBe('0099-06-01 12:00');
    // and back: what the picker shows goes out as it was
    expect(businessIso(pickerTime('0001-01-01T12:00:00+08:00')!)).toBe('0001-01-01T12:00:00+08:00');
  });
});
