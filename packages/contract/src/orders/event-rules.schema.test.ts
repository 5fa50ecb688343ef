import { describe, expect, it } from 'vitest';
import { eventRulesOf, lotEventRules, vehicleEventInput } from '../index.js';

describe('lot event rules', () => {
  it('reads a lot never configured as the defaults, and keeps what it sets', () => {
    expect(eventRulesOf({})).toEqual({ duplicateEntry: 'close-old-abnormal', exitWithoutEntry: 'charge-first-period', firstPeriodMinutes: 60, minConfidence: 0.8, longStayHours: 72, blacklistEntry: 'warn', graceReentry: 'new-stay', arrearsAfterMinutes: 30 });
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
  });
});

describe('vehicle event input', () => {
  const base = { tenant: 'demo', sn: 'CAM-1', timestamp: 1, nonce: 'nonce-0001', deviceEventId: 'E1', occurredAt: '2025-03-03T09:00:00+08:00' };

  it('needs a plate at a lane but not from a space sensor', () => {
    expect(vehicleEventInput.safeParse({ ...base, kind: 'lane_entry' }).error?.issues[0]?.message).toBe('车道事件必须带车牌号');
    expect(vehicleEventInput.parse({ ...base, kind: 'space_occupied' })).toMatchObject({ confidence: 1, plateColour: 0 });
    expect(vehicleEventInput.parse({ ...base, kind: 'lane_exit', plate: ' 粤b12345 ' }).plate).toBe('粤B12345');
  });
});
