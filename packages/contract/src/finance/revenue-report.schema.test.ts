import { describe, expect, it } from 'vitest';
import { revenueReportQuery } from './revenue-report.schema.js';

const problem = (query: object) => {
  const checked = revenueReportQuery.safeParse(query);
  return checked.success ? undefined : checked.error.issues[0]?.message;
};

describe('revenueReportQuery', () => {
  it('takes a range of Shanghai days, by day unless told, and a lot or area to narrow it to', () => {
    expect(revenueReportQuery.parse({ from: '2026-11-01', to: '2026-11-30' })).toEqual({ from: '2026-11-01', to: '2026-11-30', groupBy: 'day' });
    expect(revenueReportQuery.parse({ from: '2026-01-01', to: '2026-12-31', groupBy: 'lot', areaId: '00000000-0000-4000-8000-000000000001' }).groupBy).toBe('lot');
  });

  it('refuses in Chinese a reversed range, more than 366 days by day, more than three years otherwise, and unknown fields', () => {
    expect(problem({ from: '2026-11-30', to: '2026-11-01' })).toBe('结束日期不能早于开始日期');
    expect(problem({ from: '2025-01-01', to: '2026-01-01' })).toBeUndefined();
    expect(problem({ from: '2025-01-01', to: '2026-01-02' })).toBe('按日统计时日期范围不能超过366天');
    expect(problem({ from: '2020-01-01', to: '2026-01-02', groupBy: 'month' })).toBe('日期范围不能超过1098天');
    expect(problem({ from: '2026-11-01', to: '2026-11-31' })).toContain('结束日期格式应为YYYY-MM-DD');
    expect(problem({ from: '2026-11-01', to: '2026-11-02', groupBy: 'week' })).toContain('统计方式只能是');
    expect(problem({ from: '2026-11-01', to: '2026-11-02', lotId: 'x' })).toBe('停车场编号格式不正确');
    expect(problem({ from: '2026-11-01', to: '2026-11-02', page: 1 })).toBeDefined();
  });
});
