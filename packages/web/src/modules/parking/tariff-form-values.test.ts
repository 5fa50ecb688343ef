import { fee, hangzhouCoreArea, tariffOf, tariffRules } from '@parking/contract';
import { describe, expect, it } from 'vitest';
import { checkRulesJson, defaultFormRules, formFromRules, rulesFromForm, toFen, yuanText } from './tariff-form-values';

describe('tariff form ↔ rules', () => {
  it('converts 元 to 分 without float noise and shows amounts with two decimals', () => {
    expect(toFen(2.35)).toBe(235);
    expect(toFen(0.1 + 0.2)).toBe(30);
    expect(yuanText(1600)).toBe('16.00');
    expect(yuanText(5)).toBe('0.05');
  });

  it('writes the common fields as rules the contract accepts, in 分', () => {
    const rules = tariffRules.parse(rulesFromForm({ ...defaultFormRules, unitPriceYuan: 2.5, dailyCapYuan: 30 }));
    expect(rules.schedule.workday[0]).toMatchObject({ start: '08:00', end: '20:00', pricing: { kind: 'perUnit', tiers: [{ unitMinutes: 30, unitPrice: 250 }] } });
    expect(rules.caps.perNaturalDay).toBe(3000);
    expect(rules.freePeriod).toEqual({ minutes: 15, inclusive: true });
    expect(rules.vehicleClasses.map((c) => [c.code, c.multiplier])).toEqual([
      ['small', 1],
      ['large', 2],
    ]);
  });

  it('prices form rules as the form says: 08:00-09:10 at 2元/30分钟 rounded up is 3 units = 6元, 12元 for a large car', () => {
    const rules = tariffRules.parse(rulesFromForm(defaultFormRules));
    const tariff = tariffOf('表单', 1, new Date('2025-01-01T00:00:00+08:00'), null, rules);
    const at = (hhmm: string) => new Date(`2025-03-03T${hhmm}:00+08:00`);
    expect(fee(tariff, at('08:00'), at('09:10'), { vehicleClass: 'small' }).amount).toBe(600);
    expect(fee(tariff, at('08:00'), at('09:10'), { vehicleClass: 'large' }).amount).toBe(1200);
    expect(fee(tariff, at('08:00'), at('08:15'), { vehicleClass: 'small' }).amount).toBe(0);
  });

  it('reads back what it wrote, per-visit and no free period included', () => {
    const form = { ...defaultFormRules, pricing: 'perVisit' as const, visitPriceYuan: 5, freeMinutes: 0, chargeStart: '00:00', chargeEnd: '00:00' };
    expect(formFromRules(tariffRules.parse(rulesFromForm(form)))).toEqual(form);
    expect(formFromRules(tariffRules.parse(rulesFromForm(defaultFormRules)))).toEqual(defaultFormRules);
  });

  it('leaves rules the form cannot show (tiers, day and night) to the JSON editor', () => {
    const { name: _n, version: _v, effectiveFrom: _f, effectiveTo: _t, ...rules } = hangzhouCoreArea;
    expect(formFromRules(rules)).toBeNull();
  });

  it('checks the JSON with the contract schema and says what is wrong in Chinese', () => {
    expect(checkRulesJson('{')).toEqual({ ok: false, errors: ['JSON 格式不正确，请检查括号、引号和逗号'] });
    const bad = rulesFromForm({ ...defaultFormRules, chargeStart: '25:00' });
    const result = checkRulesJson(JSON.stringify(bad));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toContain('schedule.workday.0.start：时间格式应为 HH:mm，例如 08:00');
    expect(checkRulesJson(JSON.stringify(rulesFromForm(defaultFormRules))).ok).toBe(true);
  });
});
