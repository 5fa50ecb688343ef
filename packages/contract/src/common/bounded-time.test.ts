import { describe, expect, it } from 'vitest';
import { boundedDay, boundedTime, dateWindowIssue, clockAheadToleranceMs, futureTimeIssue, stayLongerThan, timeWindowIssue } from './bounded-time.js';

const issues = (text: string) =>
  boundedTime('入场时间')
    .safeParse(text)
    .error?.issues.map((i) => i.message) ?? [];

describe('the business time window', () => {
  it('takes a time from 2000-01-01 (Shanghai) to 2099-12-31', () => {
    expect(issues('2000-01-01T00:00:00+08:00')).toEqual([]);
    expect(issues('1999-12-31T16:00:00Z')).toEqual([]);
    expect(issues('2025-03-03T08:00:00+08:00')).toEqual([]);
    expect(issues('2099-12-31T23:59:59+08:00')).toEqual([]);
  });

  it('refuses a time before 2000 or after 2099 with a Chinese message naming the field', () => {
    expect(issues('1999-12-31T23:59:59+08:00')).toEqual(['入场时间（1999-12-31）不能早于2000-01-01']);
    expect(issues('1500-06-01T08:00:00+08:00')).toEqual(['入场时间（1500-06-01）不能早于2000-01-01']);
    expect(issues('2100-01-01T00:00:00+08:00')).toEqual(['入场时间（2100-01-01）不能晚于2099-12-31']);
    expect(issues('9999-12-31T08:00:00+08:00')).toEqual(['入场时间（9999-12-31）不能晚于2099-12-31']);
  });

  it('keeps the years 0001–0099 as sent: they are refused as themselves, never read as 19xx or 20xx', () => {
    expect(issues('0001-01-01T00:00:00+08:00')).toEqual(['入场时间（0001-01-01）不能早于2000-01-01']);
    expect(issues('0025-03-03T08:00:00+08:00')).toEqual(['入场时间（0025-03-03）不能早于2000-01-01']);
    expect(issues('0099-12-31T08:00:00+08:00')).toEqual(['入场时间（0099-12-31）不能早于2000-01-01']);
    expect(dateWindowIssue('生效日期', '0025-03-03')).toBe('生效日期（0025-03-03）不能早于2000-01-01');
  });

  it('says a malformed time is malformed, in the message the field asks for', () => {
    expect(issues('2025-03-03 08:00')).toEqual(['入场时间格式应为 ISO 8601，如 2025-03-03T08:00:00+08:00']);
    expect(boundedTime('生效时间', '生效时间格式不正确').safeParse('yesterday').error?.issues[0]?.message).toBe('生效时间格式不正确');
    expect(timeWindowIssue('事件时间', Number.NaN)).toBe('事件时间不是有效的时间');
    // a date that does not exist is its format check's to tell
    expect(dateWindowIssue('生效日期', '2025-02-30x')).toBeUndefined();
    expect(dateWindowIssue('生效日期', '1999-12-31')).toBe('生效日期（1999-12-31）不能早于2000-01-01');
  });

  it('refuses a time past the given clock by more than the tolerance', () => {
    const now = new Date('2025-03-03T08:00:00+08:00');
    const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    expect(futureTimeIssue('事件时间', later(10), now, clockAheadToleranceMs)).toBeUndefined();
    expect(futureTimeIssue('事件时间', later(11), now, clockAheadToleranceMs)).toBe('事件时间不能晚于当前时间10分钟以上');
    expect(futureTimeIssue('出场时间', later(0), now)).toBeUndefined();
    expect(futureTimeIssue('出场时间', later(1), now)).toBe('出场时间不能晚于当前时间');
  });

  it('tells a stay longer than a number of days', () => {
    const from = new Date('2025-03-03T08:00:00+08:00');
    expect(stayLongerThan(from, new Date('2025-03-05T08:00:00+08:00'), 2)).toBe(false);
    expect(stayLongerThan(from, new Date('2025-03-05T08:01:00+08:00'), 2)).toBe(true);
  });
});

describe('a day filter', () => {
  const day = boundedDay('注册开始日期');
  const messages = (value: unknown) => (day.safeParse(value).error?.issues ?? []).map((issue) => issue.message);

  it('takes a day inside the business window', () => {
    expect(day.parse('2026-03-10')).toBe('2026-03-10');
  });

  it('refuses year 0001 and 2100 with the window, not a server fault further on', () => {
    expect(messages('0001-01-01')).toEqual(['注册开始日期（0001-01-01）不能早于2000-01-01']);
    expect(messages('2100-01-01')).toEqual(['注册开始日期（2100-01-01）不能晚于2099-12-31']);
  });

  it('tells a malformed text its format only', () => {
    expect(messages('2026-13-40')).toEqual(['注册开始日期格式应为YYYY-MM-DD']);
    expect(messages('昨天')).toEqual(['注册开始日期格式应为YYYY-MM-DD']);
  });
});
