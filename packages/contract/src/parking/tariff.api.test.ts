import { describe, expect, it } from 'vitest';
import { sampleHalfHourDayPerVisitNight } from '../test/tariff-fixtures.js';
import { shanghaiDate, tariffOf, tariffSaveInput, tariffTrialInput, tariffUpdateInput } from './tariff.api.js';
import { tariffRules } from './tariff.schema.js';

const { name: _n, version: _v, effectiveFrom: _f, effectiveTo: _t, ...rules } = sampleHalfHourDayPerVisitNight;
const stay = { enteredAt: '2025-03-03T08:00:00+08:00', exitedAt: '2025-03-03T09:00:00+08:00', vehicleClass: 'small' };

describe('tariff API inputs', () => {
  it('takes the rules a tariff example is made of, and refuses rules without a vehicle class', () => {
    expect(tariffRules.parse(rules)).toEqual(rules);
    expect(tariffSaveInput.safeParse({ name: '杭州', rules: { ...rules, vehicleClasses: [] } }).error?.issues[0]?.message).toBe('至少需要一个车型');
  });

  it('lets an update leave the rules out, but not a new tariff', () => {
    expect(tariffUpdateInput.safeParse({ name: '改名' }).success).toBe(true);
    expect(tariffSaveInput.safeParse({ name: '改名' }).success).toBe(false);
  });

  it('wants times with an offset, and a trial of exactly one of a saved tariff or rules', () => {
    expect(tariffSaveInput.safeParse({ name: 'x', rules, effectiveFrom: '2025-03-03 08:00' }).error?.issues[0]?.message).toMatch(/^生效时间格式不正确/);
    expect(tariffTrialInput.safeParse(stay).error?.issues[0]?.message).toBe('请选择计费规则或填写计费规则内容（二选一）');
    expect(tariffTrialInput.safeParse({ ...stay, rules, tariffId: '7f1c8c2e-3c0a-4c39-9a57-5d0f0c1b2a3d' }).success).toBe(false);
    expect(tariffTrialInput.safeParse({ ...stay, rules }).success).toBe(true);
    expect(tariffTrialInput.safeParse({ ...stay, rules, exitedAt: '2025-03-03T07:59:00+08:00' }).error?.issues[0]?.message).toBe('出场时间不能早于入场时间');
  });

  it('refuses a trial of a stay over centuries, longer than 366 days, or paid after it left, and a version effective before 2000', () => {
    const messages = (input: object) => tariffTrialInput.safeParse({ ...stay, rules, ...input }).error?.issues.map((i) => i.message);
    expect(messages({ enteredAt: '1725-03-03T08:00:00+08:00', exitedAt: '2025-03-03T08:00:00+08:00' })?.[0]).toBe('入场时间（1725-03-03）不能早于2000-01-01');
    expect(messages({ enteredAt: '2001-01-01T08:00:00+08:00', exitedAt: '2099-03-03T08:00:00+08:00' })).toEqual(['试算的停车时长不能超过366天']);
    expect(messages({ exitedAt: '2026-03-04T08:01:00+08:00' })).toEqual(['试算的停车时长不能超过366天']);
    expect(messages({ exitedAt: '2026-03-04T08:00:00+08:00' })).toBeUndefined();
    expect(messages({ paidAt: '2099-01-01T00:00:00+08:00' })).toEqual(['缴费时间不能晚于出场时间']);
    expect(tariffSaveInput.safeParse({ name: 'x', rules, effectiveFrom: '1999-12-31T08:00:00+08:00' }).error?.issues.map((i) => i.message)).toEqual([
      '生效时间（1999-12-31）不能早于2000-01-01',
    ]);
    expect(tariffUpdateInput.safeParse({ name: 'x', effectiveFrom: '0001-01-01T00:00:00+08:00' }).error?.issues.map((i) => i.message)).toEqual(['生效时间（0001-01-01）不能早于2000-01-01']);
  });

  it('dates a version on the Shanghai calendar: 2025-05-31T16:00Z is 2025-06-01 there', () => {
    expect(shanghaiDate(new Date('2025-05-31T16:00:00Z'))).toBe('2025-06-01');
    expect(shanghaiDate(new Date('2025-05-31T15:59:00Z'))).toBe('2025-05-31');
    const tariff = tariffOf('杭州', 2, new Date('2024-12-31T16:00:00Z'), new Date('2025-05-31T16:00:00Z'), tariffRules.parse(rules));
    expect(tariff).toMatchObject({ name: '杭州', version: 2, effectiveFrom: '2025-01-01', effectiveTo: '2025-06-01', freePeriod: { minutes: 30 } });
  });
});
