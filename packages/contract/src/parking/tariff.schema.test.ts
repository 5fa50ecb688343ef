import { describe, expect, it } from 'vitest';
import { tariffInput, type TariffInput } from './tariff.schema.js';

const valid: TariffInput = {
  name: '测试',
  effectiveFrom: '2025-01-01',
  schedule: {
    workday: [{ label: '白天', start: '08:00', end: '20:00', pricing: { kind: 'perUnit', tiers: [{ unitMinutes: 60, unitPrice: 100 }], rounding: { mode: 'up' } } }],
    nonWorkday: [],
  },
  vehicleClasses: [{ code: 'small', name: '小型车' }],
};

/** The first message zod gives for the tariff with `change` applied. */
const messageOf = (change: (t: TariffInput) => TariffInput) => {
  const result = tariffInput.safeParse(change(valid));
  return result.success ? undefined : result.error.issues[0]?.message;
};
const withWorkday = (segments: TariffInput['schedule']['workday']) => (t: TariffInput) => ({ ...t, schedule: { ...t.schedule, workday: segments } });
const day = valid.schedule.workday[0]!;

describe('tariff schema', () => {
  it('fills the defaults: version 1, no free period, tiers continue, over 24 h afresh, 15 grace minutes', () => {
    const t = tariffInput.parse(valid);
    expect(t).toMatchObject({ version: 1, freePeriod: null, tierClock: 'continue', over24h: 'afresh', graceMinutes: 15, effectiveTo: null });
    expect(t.vehicleClasses[0]).toMatchObject({ multiplier: 1, schedule: null, match: { size: null, plateColours: [], newEnergy: null } });
  });

  it.each([
    ['时段重叠', withWorkday([day, { ...day, label: '午间', start: '12:00', end: '13:00' }]), '时段「午间」与「白天」重叠'],
    [
      '跨零点的时段与清晨时段重叠',
      withWorkday([
        { ...day, label: '夜间', start: '20:00', end: '08:00' },
        { ...day, label: '清晨', start: '07:00', end: '09:00' },
      ]),
      '时段「清晨」与「夜间」重叠',
    ],
    ['时间格式', withWorkday([{ ...day, end: '24:00' }]), '时间格式应为 HH:mm，例如 08:00'],
    [
      '阶梯未递增',
      withWorkday([
        {
          ...day,
          pricing: {
            kind: 'perUnit',
            rounding: { mode: 'up' },
            tiers: [
              { uptoMinutes: 60, unitMinutes: 15, unitPrice: 1 },
              { uptoMinutes: 60, unitMinutes: 15, unitPrice: 1 },
              { unitMinutes: 15, unitPrice: 1 },
            ],
          },
        },
      ]),
      '阶梯截止时长必须逐级递增',
    ],
    [
      '阶梯时长不是单位的整数倍',
      withWorkday([
        {
          ...day,
          pricing: {
            kind: 'perUnit',
            rounding: { mode: 'up' },
            tiers: [
              { uptoMinutes: 50, unitMinutes: 15, unitPrice: 1 },
              { unitMinutes: 15, unitPrice: 1 },
            ],
          },
        },
      ]),
      '阶梯时长须为计费单位时长的整数倍',
    ],
    [
      '中间阶梯不设截止',
      withWorkday([
        {
          ...day,
          pricing: {
            kind: 'perUnit',
            rounding: { mode: 'up' },
            tiers: [
              { unitMinutes: 15, unitPrice: 1 },
              { unitMinutes: 15, unitPrice: 1 },
            ],
          },
        },
      ]),
      '只有最后一个阶梯可以不设截止时长',
    ],
    [
      '最后阶梯设了截止',
      withWorkday([{ ...day, pricing: { kind: 'perUnit', rounding: { mode: 'up' }, tiers: [{ uptoMinutes: 60, unitMinutes: 15, unitPrice: 1 }] } }]),
      '最后一个阶梯不能设截止时长',
    ],
    ['金额带小数', withWorkday([{ ...day, pricing: { kind: 'perVisit', price: 2.5 } }]), '按次价格以分计，须为整数'],
    ['金额为负', withWorkday([{ ...day, pricing: { kind: 'perVisit', price: -1 } }]), '按次价格不能为负'],
    ['不存在的日期', (t: TariffInput) => ({ ...t, effectiveFrom: '2025-02-30' }), '日期不存在'],
    ['失效早于生效', (t: TariffInput) => ({ ...t, effectiveTo: '2024-12-31' }), '失效日期不能早于生效日期'],
    [
      '车型编码重复',
      (t: TariffInput) => ({
        ...t,
        vehicleClasses: [
          { code: 'small', name: '小型车' },
          { code: 'small', name: '小车' },
        ],
      }),
      '车型编码 small 重复',
    ],
    ['没有车型', (t: TariffInput) => ({ ...t, vehicleClasses: [] }), '至少需要一个车型'],
    ['倍率为0', (t: TariffInput) => ({ ...t, vehicleClasses: [{ code: 'small', name: '小型车', multiplier: 0 }] }), '倍率须大于 0'],
    ['免费时长为0', (t: TariffInput) => ({ ...t, freePeriod: { minutes: 0, inclusive: true } }), '免费时长至少 1 分钟'],
    ['缴费后离场时长过长', (t: TariffInput) => ({ ...t, graceMinutes: 121 }), '缴费后免费离场时长不能超过120分钟'],
    ['名称为空', (t: TariffInput) => ({ ...t, name: '  ' }), '请输入计费规则名称'],
  ])('%s → %s', (_name, change, message) => {
    expect(messageOf(change)).toBe(message);
  });

  it('accepts a segment wrapping past midnight next to a day segment', () => {
    expect(messageOf(withWorkday([day, { ...day, label: '夜间', start: '20:00', end: '08:00' }]))).toBeUndefined();
  });
});
