import { describe, expect, it } from 'vitest';
import { eventRulesOf, lotEventRules, vehicleEventInput } from '../index.js';

describe('lot event rules', () => {
  it('reads a lot never configured as the defaults, and keeps what it sets', () => {
    expect(eventRulesOf({})).toEqual({
      duplicateEntry: 'close-old-abnormal',
      exitWithoutEntry: 'charge-first-period',
      firstPeriodMinutes: 60,
      minConfidence: 0.8,
      longStayHours: 72,
      maxStayDays: 90,
      blacklistEntry: 'refuse',
      graceReentry: 'new-stay',
      arrearsAfterMinutes: 30,
    });
    expect(eventRulesOf({ exitWithoutEntry: 'hold' }).exitWithoutEntry).toBe('hold');
    // a stored value the rules no longer accept falls back to the defaults rather than stopping the gate
    expect(eventRulesOf({ minConfidence: 7 })).toEqual(lotEventRules.parse({}));
  });

  it('says in Chinese what is wrong', () => {
    expect(lotEventRules.safeParse({ duplicateEntry: 'ignore' }).error?.issues[0]?.message).toContain('重复入场处理方式只能是');
    expect(lotEventRules.safeParse({ blacklistEntry: 'ignore' }).error?.issues[0]?.message).toContain('黑名单车辆入场处理方式只能是');
    expect(lotEventRules.safeParse({ graceReentry: 'ignore' }).error?.issues[0]?.message).toContain('缴费后免费时段内再次入场只能是');
    expect(lotEventRules.safeParse({ arrearsAfterMinutes: 0 }).error?.issues[0]?.message).toBe('转欠费至少1分钟');
    expect(lotEventRules.safeParse({ arrearsAfterMinutes: 1441 }).error?.issues[0]?.message).toBe('转欠费最多1440分钟');
    expect(lotEventRules.safeParse({ arrearsAfterMinutes: 2.5 }).error?.issues[0]?.message).toBe('转欠费分钟数必须是整数');
    expect(lotEventRules.parse({ arrearsAfterMinutes: 1440 }).arrearsAfterMinutes).toBe(1440);
    expect(lotEventRules.safeParse({ maxStayDays: 0 }).error?.issues[0]?.message).toBe('最长计费天数至少1天');
    expect(lotEventRules.safeParse({ maxStayDays: 366 }).error?.issues[0]?.message).toBe('最长计费天数最多365天');
    expect(lotEventRules.safeParse({ maxStayDays: 1.5 }).error?.issues[0]?.message).toBe('最长计费天数必须是整数');
  });

  it('reads the rules a lot saved before 最长计费天数 existed with its default of 90 days', () => {
    expect(eventRulesOf({ longStayHours: 24, exitWithoutEntry: 'free' })).toMatchObject({ longStayHours: 24, exitWithoutEntry: 'free', maxStayDays: 90 });
  });
});

describe('vehicle event input', () => {
  const base = { tenant: 'demo', sn: 'CAM-1', timestamp: 1, nonce: 'nonce-0001', deviceEventId: 'E1', occurredAt: '2025-03-03T09:00:00+08:00' };

  it('needs a plate at a lane but not from a space sensor', () => {
    expect(vehicleEventInput.safeParse({ ...base, kind: 'lane_entry' }).error?.issues[0]?.message).toBe('车道事件必须带车牌号');
    expect(vehicleEventInput.parse({ ...base, kind: 'space_occupied' })).toMatchObject({ confidence: 1, plateColour: 0 });
    expect(vehicleEventInput.parse({ ...base, kind: 'lane_exit', plate: ' 粤b12345 ' }).plate).toBe('粤B12345');
  });

  it('refuses an event time outside the business window, naming the field and the year as sent', () => {
    const at = (occurredAt: string) => vehicleEventInput.safeParse({ ...base, kind: 'space_occupied', occurredAt }).error?.issues.map((i) => i.message);
    expect(at('0001-01-01T00:00:00+08:00')).toEqual(['事件时间（0001-01-01）不能早于2000-01-01']);
    expect(at('2999-03-03T09:00:00+08:00')).toEqual(['事件时间（2999-03-03）不能晚于2099-12-31']);
    expect(at('2025-03-03T09:00:00+08:00')).toBeUndefined();
  });
});
