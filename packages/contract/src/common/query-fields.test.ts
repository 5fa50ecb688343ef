import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fenFilter, refuseReversedRange, timeFilter } from './query-fields.js';

const filter = z
  .strictObject({ from: timeFilter('开始时间').optional(), to: timeFilter('结束时间').optional(), min: fenFilter('最低金额').optional(), max: fenFilter('最高金额').optional() })
  .superRefine((q, ctx) => {
    refuseReversedRange(ctx, q, 'from', 'to', '结束时间不能早于开始时间');
    refuseReversedRange(ctx, q, 'min', 'max', '最高金额不能小于最低金额');
  });
const issues = (input: unknown) => filter.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('refuseReversedRange', () => {
  it('refuses an end before its start, on the end', () => {
    expect(issues({ from: '2026-03-10T10:00:00+08:00', to: '2026-03-10T09:59:59+08:00' })).toEqual([['to', '结束时间不能早于开始时间']]);
    expect(issues({ min: '500', max: '499' })).toEqual([['max', '最高金额不能小于最低金额']]);
  });

  it('compares times as moments, whatever their offsets', () => {
    // 10:00 in Shanghai is 02:00 UTC, so 03:00Z ends after it though its digits are smaller
    expect(issues({ from: '2026-03-10T10:00:00+08:00', to: '2026-03-10T03:00:00Z' })).toEqual([]);
    expect(issues({ from: '2026-03-10T10:00:00+08:00', to: '2026-03-10T01:00:00Z' })).toEqual([['to', '结束时间不能早于开始时间']]);
  });

  it('takes an equal end, and a range open at either end', () => {
    expect(issues({ min: '0', max: '0', to: '2026-03-10T10:00:00+08:00' })).toEqual([]);
    expect(issues({ max: '0', from: '2026-03-10T10:00:00+08:00' })).toEqual([]);
  });
});

describe('filter fields', () => {
  it('tell a malformed time and a negative or fractional amount by the field name', () => {
    expect(issues({ from: '2026-03-10 10:00' })).toEqual([['from', '开始时间格式应为 ISO 8601，如 2025-03-03T08:00:00+08:00']]);
    expect(issues({ min: '-1', max: '1.5' })).toEqual([
      ['min', '最低金额不能为负数'],
      ['max', '最高金额必须是整数（分）'],
    ]);
  });
});
