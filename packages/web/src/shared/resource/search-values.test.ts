import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { listQueryShape } from './list-query';
import { defineResource } from './resource-types';
import { filtersToFormValues, formValuesToFilters, type TimeRange } from './search-values';
import { pickerTime } from './value-format';

interface Row {
  id: string;
  createdAt: string;
}
const logLike = defineResource<Row, { startTime?: string; endTime?: string }>({
  resource: 'row',
  name: '行',
  listPath: '/api/rows',
  rowKey: 'id',
  actions: {},
  columns: [{ dataIndex: 'createdAt', title: '时间', valueType: 'date', search: { range: ['startTime', 'endTime'] } }],
});

describe('a time-range search', () => {
  it('is two URL parameters', () => {
    expect(listQueryShape(logLike).filterParams).toEqual(['startTime', 'endTime']);
  });

  it('sends picked times as Shanghai wall-clock ISO times, whatever the browser zone', () => {
    const picked: TimeRange = [dayjs('2026-11-20T08:00:00'), dayjs('2026-11-21T17:30:00')];
    expect(formValuesToFilters(logLike.columns, { createdAt: picked })).toEqual({
      startTime: '2026-11-20T08:00:00+08:00',
      endTime: '2026-11-21T17:30:00+08:00',
    });
    expect(formValuesToFilters(logLike.columns, { createdAt: [null, dayjs('2026-11-21T00:00:00')] })).toEqual({
      endTime: '2026-11-21T00:00:00+08:00',
    });
    expect(formValuesToFilters(logLike.columns, { createdAt: undefined })).toEqual({});
  });

  it('shows the URL times back in the picker as Shanghai wall-clock times', () => {
    const values = filtersToFormValues(logLike.columns, { startTime: '2026-11-20T00:00:00Z', endTime: 'nonsense' });
    const [from, to] = values.createdAt as TimeRange;
    expect(from?.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-20 08:00:00');
    expect(to).toBeUndefined();
    expect(filtersToFormValues(logLike.columns, {})).toEqual({});
  });
});

describe('in a browser outside Shanghai', () => {
  const inZone = (zone: string, check: () => void) => {
    const before = process.env.TZ;
    process.env.TZ = zone;
    try {
      check();
    } finally {
      process.env.TZ = before;
    }
  };

  for (const zone of ['UTC', 'America/New_York']) {
    it(`${zone}: a range picked as one day goes out as that Shanghai day, and comes back as picked`, () =>
      inZone(zone, () => {
        const day = pickerTime('2026-11-20T00:00:00+08:00')!;
        const filters = formValuesToFilters(logLike.columns, { createdAt: [day, day.endOf('day')] });
        expect(filters).toEqual({ startTime: '2026-11-20T00:00:00+08:00', endTime: '2026-11-20T23:59:59+08:00' });
        const [from, to] = filtersToFormValues(logLike.columns, filters).createdAt as TimeRange;
        expect([from?.format('YYYY-MM-DD HH:mm:ss'), to?.format('YYYY-MM-DD HH:mm:ss')]).toEqual(['2026-11-20 00:00:00', '2026-11-20 23:59:59']);
      }));
  }
});
